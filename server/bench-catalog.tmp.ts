import { openDatabase } from "./src/db/client.js";
import { CatalogService } from "./src/domain/catalog.js";
import { ImageStore } from "./src/domain/images.js";

const kind = process.argv[2] ?? "pglite";
const schema = `bench_${Date.now()}`;
const db = kind === "pglite" ? await openDatabase({ kind: "pglite", dataDir: "memory" }) : await openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:5432/test", schema });
await db.migrate();
const cats = [];
for (let i = 0; i < 20; i++) cats.push(await db.prisma.category.create({ data: { name: `Cat ${i}` } }));
const rows = Array.from({ length: 10000 }, (_, i) => ({
  slug: `p-${i}`, name: `Plant ${i} ${i % 7 === 0 ? "Monstera" : "Fern"}`, description: "x", categoryId: cats[i % 20].id,
  priceCents: 100 + (i * 37) % 5000, discountPriceCents: i % 3 === 0 ? 50 : null, quantity: i % 4, imageOne: "/u/x.png",
  ratingSum: i % 11, peopleRated: i % 3, createdAt: new Date(Date.parse("2024-01-01") + i * 1000),
}));
await db.prisma.product.createMany({ data: rows });
if (kind !== "pglite") await db.prisma.$executeRawUnsafe("ANALYZE");
const catalog = new CatalogService(db.prisma, new ImageStore("/tmp/catbench", "/u"));
const time = async (label: string, options: object) => {
  await catalog.list(options);
  const start = performance.now();
  let n = 0;
  for (let i = 0; i < 20; i++) n = (await catalog.list(options)).length;
  console.log(label, n, ((performance.now() - start) / 20).toFixed(2), "ms");
};
await time("home 6 in stock", { inStock: true, limit: 6 });
await time("home 12 discounted", { inStock: true, discounted: true, limit: 12 });
await time("search monstera price-lowest", { search: "monstera", sort: "price-lowest" });
await time("category highest-rated limit 24", { category: "cat 3", sort: "highest-rated", limit: 24 });
await time("all 10000", {});
if (kind !== "pglite") await db.prisma.$executeRawUnsafe(`DROP SCHEMA "${schema}" CASCADE`);
await db.close();
