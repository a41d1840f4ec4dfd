// Export of the whole catalogue as CSV (domain/catalogue-transfer): one row per variant with the columns
// docs/api.md describes, money to the cent from integer cents, text that round-trips through a CSV reader,
// formulas neutralised; for staff and keys with catalogue:read only; read in pages, never in one statement.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../src/generated/prisma/client.js";
import { saveVariants } from "../src/domain/catalog/index.js";
import { CATALOGUE_CSV_COLUMNS, CatalogueExport, centsAsDollars } from "../src/domain/catalogue-transfer/index.js";
import { prismaReader, restoreFormula, type RowReader, type Viewer } from "../src/domain/shared/index.js";
import { CATALOGUE_CSV_PATH } from "../src/http/catalogue-export.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let server: Awaited<ReturnType<typeof serveTestShop>>;
let owner: Awaited<ReturnType<TestShop["signUp"]>>;
let ownerViewer: Viewer;

const TRICKY_DESCRIPTION = 'Hand-thrown, "frost-proof" clay.\nSecond line\r\nThird line, with ünïcödé – and a sprout 🌱';

/** Everything the export read, as a reader of the CSV file sees it: the header, then the rows. */
async function exported(viewer: Viewer, read?: RowReader, pageSize?: number): Promise<{ text: string; rows: string[][] }> {
  const service = read ? new CatalogueExport(read, pageSize) : t.shop.catalogueExport;
  const file = await service.open(viewer);
  let text = "";
  const sink = new (await import("node:stream")).Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  await file.writeTo(sink);
  return { text, rows: parse(text, { relax_column_count: false }) as string[][] };
}

/** A product as a back office writes it (the database gives it its default variant, SKU = slug in capitals). */
async function product(fields: { slug: string; name: string; description: string; category: number; priceCents: number; discountPriceCents?: number | null; quantity: number; imageTwo?: string | null }) {
  return t.shop.prisma.product.create({
    data: {
      slug: fields.slug,
      name: fields.name,
      description: fields.description,
      categoryId: fields.category,
      priceCents: fields.priceCents,
      discountPriceCents: fields.discountPriceCents ?? null,
      quantity: fields.quantity,
      imageOne: `/uploads/${fields.slug}.jpg`,
      imageTwo: fields.imageTwo ?? null,
    },
  });
}

beforeAll(async () => {
  t = await createTestShop();
  server = await serveTestShop(t);
  owner = await t.signUp({ role: "admin" });
  ownerViewer = (await t.shop.tokens.verify(owner.token))!;
  const plants = await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } });
  const pots = await t.shop.prisma.category.create({ data: { name: "Pots, Planters & \"Vessels\"" } });
  const tricks = await t.shop.prisma.category.create({ data: { name: "@Tricks" } });

  const monstera = await product({ slug: "monstera", name: "Monstera Deliciosa", description: "A big-leaved climber.", category: plants.id, priceCents: 1250, quantity: 7 });
  await saveVariants(t.shop.prisma, ownerViewer, monstera.id, {
    options: [
      { name: "Pot size", values: ["12 cm", "24 cm"] },
      { name: "Colour", values: ["White", "Terracotta"] },
    ],
    variants: [
      { sku: "MON-12-W", options: [{ name: "Pot size", value: "12 cm" }, { name: "Colour", value: "White" }], priceCents: 1250, discountPriceCents: 999, quantity: 7 },
      { sku: "MON-24-T", options: [{ name: "Pot size", value: "24 cm" }, { name: "Colour", value: "Terracotta" }], priceCents: 3405, quantity: 0 },
      { sku: "MON-24-W", options: [{ name: "Pot size", value: "24 cm" }, { name: "Colour", value: "White" }], priceCents: 100_000_01, quantity: 2, enabled: false },
    ],
  });
  await t.shop.prisma.productVariant.updateMany({ where: { sku: "MON-24-T" }, data: { image: "/uploads/monstera-terracotta.jpg" } });

  await product({ slug: "terracotta-pot", name: "Terracotta Pot, 20 cm", description: TRICKY_DESCRIPTION, category: pots.id, priceCents: 1005, discountPriceCents: 5, quantity: 120, imageTwo: "/uploads/terracotta-pot-2.jpg" });
  const reduced = await t.shop.prisma.taxClass.create({ data: { name: "Reduced rate" } });
  const pot = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug: "terracotta-pot" } });
  await t.shop.prisma.productTaxClass.create({ data: { productId: pot.id, taxClassId: reduced.id } });

  await product({ slug: "formula", name: '=HYPERLINK("http://evil.example","Click")', description: "+1 555 0100", category: tricks.id, priceCents: 1, quantity: 0 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe("the catalogue as CSV", () => {
  it("has the header, then one row per variant, each product's variants in their order, exactly as the catalogue holds them", async () => {
    const { text, rows } = await exported(ownerViewer);
    expect(text.startsWith(`${CATALOGUE_CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...records] = rows;
    expect(header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    const asObjects = records.map((record) => Object.fromEntries(header.map((column, index) => [column, record[index]])));
    const blankOptions = { option1_name: "", option1_value: "", option2_name: "", option2_value: "", option3_name: "", option3_value: "" };
    const monstera = { product_slug: "monstera", product_name: "Monstera Deliciosa", category: "Indoor Plants", description: "A big-leaved climber.", tax_class: "", image_one: "/uploads/monstera.jpg", image_two: "" };
    expect(asObjects).toEqual([
      { sku: "MON-12-W", ...monstera, price: "12.50", discount_price: "9.99", stock: "7", enabled: "true", ...blankOptions, option1_name: "Pot size", option1_value: "12 cm", option2_name: "Colour", option2_value: "White", variant_image: "" },
      {
        sku: "MON-24-T",
        ...monstera,
        price: "34.05",
        discount_price: "",
        stock: "0",
        enabled: "true",
        ...blankOptions,
        option1_name: "Pot size",
        option1_value: "24 cm",
        option2_name: "Colour",
        option2_value: "Terracotta",
        variant_image: "/uploads/monstera-terracotta.jpg",
      },
      { sku: "MON-24-W", ...monstera, price: "100000.01", discount_price: "", stock: "2", enabled: "false", ...blankOptions, option1_name: "Pot size", option1_value: "24 cm", option2_name: "Colour", option2_value: "White", variant_image: "" },
      {
        sku: "TERRACOTTA-POT",
        product_slug: "terracotta-pot",
        product_name: "Terracotta Pot, 20 cm",
        category: 'Pots, Planters & "Vessels"',
        description: TRICKY_DESCRIPTION,
        tax_class: "Reduced rate",
        price: "10.05",
        discount_price: "0.05",
        stock: "120",
        enabled: "true",
        ...blankOptions,
        variant_image: "",
        image_one: "/uploads/terracotta-pot.jpg",
        image_two: "/uploads/terracotta-pot-2.jpg",
      },
      {
        sku: "FORMULA",
        product_slug: "formula",
        product_name: `'=HYPERLINK("http://evil.example","Click")`,
        category: "'@Tricks",
        description: "'+1 555 0100",
        tax_class: "",
        price: "0.01",
        discount_price: "",
        stock: "0",
        enabled: "true",
        ...blankOptions,
        variant_image: "",
        image_one: "/uploads/formula.jpg",
        image_two: "",
      },
    ]);
  });

  it("writes money from integer cents with two decimals, never through a float", () => {
    expect([0, 5, 10, 99, 100, 1005, 1250, 1999, 10_000_001, 2_147_483_647].map(centsAsDollars)).toEqual([
      "0.00",
      "0.05",
      "0.10",
      "0.99",
      "1.00",
      "10.05",
      "12.50",
      "19.99",
      "100000.01",
      "21474836.47",
    ]);
    expect(() => centsAsDollars(-1)).toThrow(RangeError);
    expect(() => centsAsDollars(1.5)).toThrow(RangeError);
  });

  it("quotes text with commas, quotes and line breaks (RFC 4180) so a CSV reader gets it back exactly, in UTF-8", async () => {
    const { text, rows } = await exported(ownerViewer);
    expect(text).toContain(`"${TRICKY_DESCRIPTION.replace(/"/g, '""')}"`);
    expect(text).toContain('"Terracotta Pot, 20 cm"');
    const pot = rows.find((row) => row[0] === "TERRACOTTA-POT")!;
    expect(pot[4]).toBe(TRICKY_DESCRIPTION);
    expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
  });

  it("neutralises cells a spreadsheet would run (= + - @, tab, CR) with a leading apostrophe, and that apostrophe alone comes off again", async () => {
    const { rows } = await exported(ownerViewer);
    const formula = rows.find((row) => row[0] === "FORMULA")!;
    for (const cell of formula) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(restoreFormula(formula[2])).toBe('=HYPERLINK("http://evil.example","Click")');
    expect(restoreFormula(formula[3])).toBe("@Tricks");
    expect(restoreFormula(formula[4])).toBe("+1 555 0100");
    // Text that already began with an apostrophe before a formula character keeps it through the round trip.
    const { csvCell } = await import("../src/domain/shared/index.js");
    for (const value of ["'=1", "''@x", "-2", "\tTab", "\rCR", "plain", "'quoted", ""]) {
      const [[cell]] = parse(`${csvCell(value)}\r\n`) as string[][];
      expect(cell ?? "").not.toMatch(/^[=+\-@\t\r]/);
      expect(restoreFormula(cell ?? "")).toBe(value);
    }
  });
});

describe("GET /public/api/admin/catalogue.csv", () => {
  const get = (token?: string) => fetch(`${server.url}${CATALOGUE_CSV_PATH}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("sends the file to staff as an attachment named for the day, in UTF-8, the same bytes as the export", async () => {
    const answer = await get(owner.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="verdant-catalogue-${day}.csv"`);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.text()).toBe((await exported(ownerViewer)).text);
  });

  it("is for those with catalogue:read: every staff role and keys holding the scope; a guest is 401, a shopper and other keys 403", async () => {
    const shopper = await t.signUp();
    const guest = await get();
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ message: expect.any(String) });
    expect((await get("not-a-token")).status).toBe(401);
    const refused = await get(shopper.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only admins can do this.", message: "Only admins can do this." });

    for (const staffRole of [null, "owner", "catalogue-manager", "order-manager", "support"] as const) {
      const staff = await t.signUp({ role: "admin", staffRole });
      const answer = await get(staff.token);
      expect(answer.status, String(staffRole)).toBe(200);
      expect((await answer.text()).split("\r\n")[0]).toBe(CATALOGUE_CSV_COLUMNS.join(","));
    }

    const reader = await t.shop.apiKeys.create(ownerViewer, { name: "ERP catalogue", scopes: ["catalogue:read"] });
    const allowed = await get(reader.secret);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe((await exported(ownerViewer)).text);

    const orders = await t.shop.apiKeys.create(ownerViewer, { name: "ERP orders", scopes: ["orders:read", "catalogue:write"] });
    const keyRefused = await get(orders.secret);
    expect(keyRefused.status).toBe(403);
    expect(await keyRefused.json()).toMatchObject({ message: "This API key does not have the catalogue:read scope." });
  });
});

describe("streaming", () => {
  /** A reader that counts its statements and the page size each asked for. */
  function countingReader() {
    const statements: { sql: string; values: unknown[] }[] = [];
    const base = prismaReader(t.shop.prisma);
    const read: RowReader = async <R,>(query: Prisma.Sql) => {
      statements.push({ sql: query.sql, values: query.values });
      return base<R>(query);
    };
    return { read, statements };
  }

  it("reads a catalogue of thousands in pages of products by id, one statement a page, each page asked when the last is written", async () => {
    const before = await t.shop.prisma.product.count();
    const category = await t.shop.prisma.category.create({ data: { name: "Bulk" } });
    await t.shop.prisma.$executeRaw`
      INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at)
      SELECT 'bulk-' || n, 'Bulk plant ' || n, 'Number ' || n, ${category.id}, 100 + n, n % 9, '/uploads/bulk.jpg', now()
        FROM generate_series(1, 2497) n`;
    const total = before + 2497;
    expect(total).toBe(2500);

    const { read, statements } = countingReader();
    const file = await new CatalogueExport(read, 1000).open(ownerViewer);
    // Opening reads the first page only.
    expect(statements).toHaveLength(1);
    const iterator = file.records[Symbol.asyncIterator]();
    for (let i = 0; i < 1000; i++) await iterator.next();
    expect(statements).toHaveLength(1);

    const { rows } = await exported(ownerViewer, countingReader().read, 1000);
    expect(rows.length - 1).toBe(total + 2); // the monstera's three variants are three rows
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(rows.length - 1);
    const bulk = rows.find((row) => row[0] === "BULK-2497")!;
    expect(bulk.slice(1, 10)).toEqual(["bulk-2497", "Bulk plant 2497", "Bulk", "Number 2497", "", "25.97", "", String(2497 % 9), "true"]);

    const counted = countingReader();
    await exported(ownerViewer, counted.read, 1000);
    // 2,500 products: pages of 1,000, 1,000 and 500 (the last, short, says it is the end).
    expect(counted.statements).toHaveLength(3);
    for (const statement of counted.statements) expect(statement.values).toContain(1000);
  }, 120_000);

  it("stops at an exact multiple of the page size after one empty read, and exports an empty catalogue as its header", async () => {
    const counted = { statements: 0 };
    const base = prismaReader(t.shop.prisma);
    const read: RowReader = <R,>(query: Prisma.Sql) => {
      counted.statements++;
      return base<R>(query);
    };
    const { rows } = await exported(ownerViewer, read, 500);
    expect(rows.length - 1).toBe(2502);
    expect(counted.statements).toBe(6);

    const none: RowReader = async <R,>() => [] as R[];
    const empty = await exported(ownerViewer, none);
    expect(empty.text).toBe(`${CATALOGUE_CSV_COLUMNS.join(",")}\r\n`);
  });
});
