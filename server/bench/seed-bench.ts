// Fills a private schema with 10,000 products across 10 categories for the benchmark (each sold in 1 to 4
// variants, variants-seed.ts), each with a picture
// as a running shop holds it: its row ready, with the renditions every upload gets (AVIF, WebP and JPEG at
// 320, 640 and 960 px) and a placeholder. A picture without its row would be read and made by the
// renditions worker during the measurement (and, with no file behind it, fail and be tried again), which
// is start-up work, not serving.
import type { PrismaClient } from "../src/generated/prisma/client.js";
import { FORMATS, RECIPE } from "../src/domain/images/index.js";
import { addBenchVariants } from "./variants-seed.js";

const PICTURE_SIZE = 1200;
const PLACEHOLDER = "data:image/webp;base64,UklGRjYAAABXRUJQVlA4ICoAAADQAQCdASoQABAAPpFCnUqlo6KhqAgAsBIJaQAAPaOgAP7+BQAAAAAAAA==";

/** The images row of a bench product's picture, ready, with its renditions. */
function benchPicture(i: number) {
  const renditions = [320, 640, 960].flatMap((width) =>
    FORMATS.map((format) => ({ format, width, height: width, key: `bench/${i}-${width}.${format === "jpeg" ? "jpg" : format}`, bytes: width * 40 })),
  );
  return { ref: `/uploads/bench/${i}.png`, width: PICTURE_SIZE, height: PICTURE_SIZE, placeholder: PLACEHOLDER, renditions, state: "ready", recipe: RECIPE };
}

export async function seedBenchCatalogue(prisma: PrismaClient, productCount = 10_000): Promise<void> {
  const words = ["Fern", "Monstera", "Cactus", "Basil", "Rose", "Trowel", "Planter", "Orchid", "Ivy", "Lavender", "Maple", "Tulip"];
  await prisma.category.createMany({ data: Array.from({ length: 10 }, (_, i) => ({ name: `Bench Category ${i + 1}` })) });
  const categories = await prisma.category.findMany({ select: { id: true } });
  const start = Date.now() - productCount * 60_000;
  const batch = 2_000;
  for (let offset = 0; offset < productCount; offset += batch) {
    await prisma.product.createMany({
      data: Array.from({ length: Math.min(batch, productCount - offset) }, (_, k) => {
        const i = offset + k;
        const price = 500 + ((i * 37) % 9_500);
        return {
          slug: `bench-${words[i % words.length].toLowerCase()}-${i}`,
          name: `${words[i % words.length]} ${words[(i * 7) % words.length]} No. ${i}`,
          description: "A benchmark product with a believable description of moderate length for a plant shop.",
          categoryId: categories[i % categories.length].id,
          priceCents: price,
          discountPriceCents: i % 3 === 0 ? Math.floor(price * 0.8) : null,
          quantity: i % 11 === 0 ? 0 : (i % 50) + 1,
          imageOne: `/uploads/bench/${i}.png`,
          ratingSum: (i % 5) * 3,
          peopleRated: i % 5,
          createdAt: new Date(start + i * 60_000),
        };
      }),
    });
    await prisma.image.createMany({ data: Array.from({ length: Math.min(batch, productCount - offset) }, (_, k) => benchPicture(offset + k)) });
  }
  // Each product in 1 to 4 variants (about 2.5 a product), as the 100k catalogue.
  await addBenchVariants((sql) => prisma.$executeRawUnsafe(sql));
  // As autovacuum would on a live shop: the variants' triggers rewrote each product row, and the dead rows
  // they left would otherwise be visited by every list read during the measurement.
  await prisma.$executeRawUnsafe("VACUUM ANALYZE products, product_variants, product_options, product_option_values, product_variant_values, images, categories");
}
