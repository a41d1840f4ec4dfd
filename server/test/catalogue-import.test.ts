// Catalogue import (domain/catalogue-transfer/import*.ts): a dry run reports exactly what applying does, the same
// file applied twice changes nothing the second time, a stopped application resumes without duplicates, bad files
// are refused whole and keep nothing, refused rows name their line and reason, only catalogue staff may import.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CSV_COLUMNS, CatalogueImports, type ImportView } from "../src/domain/catalogue-transfer/index.js";
import type { Viewer } from "../src/domain/shared/index.js";
import { CATALOGUE_IMPORTS_PATH } from "../src/http/catalogue-import.js";
import { createTestShop, refusal, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let server: Awaited<ReturnType<typeof serveTestShop>>;
let owner: Viewer;
let ownerToken: string;
let pictures: string[];

type Row = Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>;
const csv = (rows: Row[], columns: readonly string[] = CATALOGUE_CSV_COLUMNS) =>
  new TextEncoder().encode(stringify([columns, ...rows.map((row) => columns.map((column) => row[column as keyof Row] ?? ""))], { record_delimiter: "\r\n" }));

/** A product without options as one row. */
const plain = (slug: string, fields: Row = {}): Row => ({
  sku: slug.toUpperCase(),
  product_slug: slug,
  product_name: `Plant ${slug}`,
  category: "Indoor Plants",
  description: `All about ${slug}.`,
  price: "12.50",
  stock: "5",
  enabled: "true",
  image_one: pictures[0],
  ...fields,
});

/** Uploads and waits for the dry run. */
async function checked(bytes: Uint8Array, imports = t.shop.catalogueImports, viewer = owner): Promise<ImportView> {
  const started = await imports.upload(viewer, { fileName: "plants.csv", bytes });
  await imports.settled(started.id);
  return imports.get(viewer, started.id);
}

async function applied(id: number, imports = t.shop.catalogueImports): Promise<ImportView> {
  await imports.apply(owner, id);
  await imports.settled(id);
  return imports.get(owner, id);
}

/** Every product of the shop with its variants, as a comparable picture of the catalogue. */
async function catalogue() {
  const products = await t.shop.prisma.product.findMany({
    orderBy: { slug: "asc" },
    select: { slug: true, name: true, description: true, categoryId: true, imageOne: true, imageTwo: true, priceCents: true, quantity: true, updatedAt: true, variants: { orderBy: { position: "asc" }, select: { sku: true, priceCents: true, discountPriceCents: true, quantity: true, enabled: true, updatedAt: true } } },
  });
  return products;
}

beforeAll(async () => {
  t = await createTestShop();
  server = await serveTestShop(t);
  const signedUp = await t.signUp({ role: "admin", staffRole: "owner" });
  ownerToken = signedUp.token;
  owner = (await t.shop.tokens.verify(ownerToken))!;
  await t.shop.prisma.category.createMany({ data: [{ name: "Indoor Plants" }, { name: "Pots" }] });
  pictures = ["/uploads/import-1.webp", "/uploads/import-2.webp"];
  await t.shop.prisma.image.createMany({ data: pictures.map((ref) => ({ ref, state: "ready" })) });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe("a catalogue file in", () => {
  it("dry-runs exactly what the application then does, refusing bad rows with their line and reason", async () => {
    await t.shop.prisma.product.create({
      data: { slug: "fern", name: "Plant fern", description: "All about fern.", categoryId: (await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Indoor Plants" } })).id, priceCents: 900, quantity: 1, imageOne: pictures[0] },
    });
    const rows: Row[] = [
      plain("aloe"),
      // A product with options: its rows together, its own columns on the first row only.
      { ...plain("pot", { sku: "POT-S", category: "Pots", price: "5", option1_name: "Size", option1_value: "Small" }) },
      { sku: "POT-L", product_slug: "pot", price: "9.99", stock: "2", option1_name: "Size", option1_value: "Large", discount_price: "8.50" },
      plain("fern", { sku: "FERN", price: "10.00" }),
      plain("bad-price", { price: "abc" }),
      plain("no-category", { category: "Bonsai" }),
      plain("twice", { sku: "ALOE" }),
      plain("formula", { product_name: '=HYPERLINK("http://evil.example","Click")' }),
    ];
    const before = await t.shop.prisma.product.count();
    const dryRun = await checked(csv(rows));
    expect(dryRun.status).toBe("checked");
    expect(dryRun.planned).toEqual({ created: 2, updated: 1, unchanged: 0, refused: 4, refusedRows: 4 });
    expect(dryRun.plannedRefusals.map((refused) => refused.message)).toEqual([
      "line 6: price 'abc' is not a number",
      "line 7: category 'Bonsai' does not exist: create it in the back office first",
      "line 8: SKU 'ALOE' is also on line 2",
      `line 9: product_name '=HYPERLINK("http://evil.example","Click"…' is a spreadsheet formula, not text: put an apostrophe before it to import it as text`,
    ]);
    // The dry run wrote nothing.
    expect(await t.shop.prisma.product.count()).toBe(before);

    const done = await applied(dryRun.id);
    expect(done.status).toBe("applied");
    expect(done.applied).toEqual(dryRun.planned);
    expect(done.appliedRefusals).toEqual(dryRun.plannedRefusals);
    expect(done.appliedRows).toBe(8);
    expect(await t.shop.prisma.product.count()).toBe(before + 2);

    const pot = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug: "pot" }, include: { variants: { orderBy: { position: "asc" } }, category: true } });
    expect(pot.category.name).toBe("Pots");
    expect(pot.variants.map((variant) => [variant.sku, variant.priceCents, variant.discountPriceCents, variant.quantity])).toEqual([
      ["POT-S", 500, null, 5],
      ["POT-L", 999, 850, 2],
    ]);
    // The product row's copy follows its variants (price from the default variant, stock over all of them).
    expect([pot.priceCents, pot.stockTotal, pot.unitPriceMinCents, pot.unitPriceMaxCents]).toEqual([500, 7, 500, 850]);
    const fern = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug: "fern" }, include: { variants: true } });
    expect(fern.priceCents).toBe(1000);
    expect(fern.variants.map((variant) => variant.sku)).toEqual(["FERN"]);
    expect(await t.shop.prisma.product.findUnique({ where: { slug: "bad-price" } })).toBeNull();

    // One audit entry for the batch, naming what it created and updated, by the person who applied it.
    const entries = await t.shop.prisma.activityEntry.findMany({ where: { kind: "catalogue.imported", subjectId: String(done.id) } });
    expect(entries).toHaveLength(1);
    expect(entries[0].actorId).toBe(owner.userId);
    expect(entries[0].changes).toMatchObject({ created: { after: ["aloe", "pot"] }, updated: { after: ["fern"] } });
  });

  it("changes nothing when the same file is imported again, nor when the catalogue's own export comes back", async () => {
    const rows = [plain("basil", { price: "3.20" }), plain("mint", { discount_price: "1.00", price: "2.00" })];
    const first = await applied((await checked(csv(rows))).id);
    expect(first.applied).toMatchObject({ created: 2, updated: 0 });
    const picture = await catalogue();
    const entriesBefore = await t.shop.prisma.activityEntry.count();

    const again = await checked(csv(rows));
    expect(again.planned).toMatchObject({ created: 0, updated: 0, refused: 0 });
    expect(again.planned!.unchanged).toBe(2);
    expect((await applied(again.id)).applied).toEqual(again.planned);
    expect(await catalogue()).toEqual(picture);
    expect(await t.shop.prisma.activityEntry.count()).toBe(entriesBefore);

    // The export of the whole catalogue, imported as it is, finds every product as it is.
    const exported = await fetch(`${server.url}/public/api/admin/catalogue.csv`, { headers: { authorization: `Bearer ${ownerToken}` } });
    const file = new Uint8Array(await exported.arrayBuffer());
    const roundTrip = await checked(file);
    const products = await t.shop.prisma.product.count();
    expect(roundTrip.planned).toEqual({ created: 0, updated: 0, unchanged: products, refused: 0, refusedRows: 0 });
    expect(parse(Buffer.from(file)).length - 1).toBe(roundTrip.totalRows);
  });

  it("updates a product found by its SKU alone: its own fields, its prices, and a grid that gains options", async () => {
    await applied((await checked(csv([plain("ivy", { sku: "IVY-1" }), plain("palm", { sku: "PALM-1" })]))).id);
    const ivy = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug: "ivy" } });
    const rows: Row[] = [
      // No product_slug: the SKU finds the product; the name, category and description change.
      { sku: "IVY-1", product_name: "English Ivy", category: "Pots", description: "Trails.", price: "7.25", stock: "9" },
      // The palm gains an option: its one variant becomes two.
      plain("palm", { sku: "PALM-1", option1_name: "Height", option1_value: "40 cm" }),
      { sku: "PALM-2", product_slug: "palm", price: "30.00", stock: "1", option1_name: "Height", option1_value: "80 cm" },
    ];
    const dryRun = await checked(csv(rows));
    expect(dryRun.planned).toMatchObject({ created: 0, updated: 2, refused: 0 });
    expect((await applied(dryRun.id)).applied).toEqual(dryRun.planned);
    const changed = await t.shop.prisma.product.findUniqueOrThrow({ where: { id: ivy.id }, include: { category: true, variants: true } });
    expect([changed.slug, changed.name, changed.category.name, changed.description, changed.priceCents, changed.quantity]).toEqual(["ivy", "English Ivy", "Pots", "Trails.", 725, 9]);
    // The same variant row (past orders point at it), with the new price.
    expect(changed.variants.map((variant) => [variant.sku, variant.priceCents])).toEqual([["IVY-1", 725]]);
    const palm = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug: "palm" }, include: { variants: { orderBy: { position: "asc" } }, options: { include: { values: true } } } });
    expect(palm.options.map((option) => [option.name, option.values.map((value) => value.value).sort()])).toEqual([["Height", ["40 cm", "80 cm"]]]);
    expect(palm.variants.map((variant) => [variant.sku, variant.priceCents])).toEqual([["PALM-1", 1250], ["PALM-2", 3000]]);
    expect(palm.optionWords).toContain("80 cm");
  });

  it("resumes a failed application from its checkpoint, without duplicates, to the dry run's result; a held one waits", async () => {
    const imports = new CatalogueImports(t.shop.prisma, { batchSize: 2 });
    const rows = Array.from({ length: 7 }, (_, index) => plain(`resume-${index}`));
    const dryRun = await checked(csv(rows), imports);
    expect(dryRun.planned).toMatchObject({ created: 7 });
    // The process stops after its second batch (as kill -9 would, after that batch's commit).
    let batchesSeen = 0;
    const stopped = await refusal(
      imports.applyForOperator(dryRun.id, () => {
        batchesSeen += 1;
        if (batchesSeen === 2) throw new Error("killed");
      }),
    ).catch((error: unknown) => error);
    expect(String((stopped as Error).message)).toContain("killed");
    // A failure is written on the import, with its words, and the two committed batches stay.
    const halfway = await imports.get(owner, dryRun.id);
    expect([halfway.status, halfway.appliedRows, halfway.error]).toEqual(["failed", 4, "The import stopped because of an error in the shop: apply it again to go on from where it stopped."]);
    expect(await t.shop.prisma.product.count({ where: { slug: { startsWith: "resume-" } } })).toBe(4);

    // Held by a process that is applying it (as a process killed mid-batch leaves it): nobody else applies it
    // until its hold runs out; then it is stalled, and applying it again resumes it.
    await t.shop.prisma.catalogueImport.update({ where: { id: dryRun.id }, data: { status: "applying", workingUntil: new Date(Date.now() + 60_000) } });
    expect((await refusal(imports.apply(owner, dryRun.id))).message).toBe("This import is being applied: its progress is on the import screen.");
    await t.shop.prisma.catalogueImport.update({ where: { id: dryRun.id }, data: { workingUntil: new Date(Date.now() - 1000) } });
    expect((await imports.get(owner, dryRun.id)).stalled).toBe(true);

    const done = await applied(dryRun.id, imports);
    expect(done.status).toBe("applied");
    expect(done.applied).toEqual(dryRun.planned);
    expect(await t.shop.prisma.product.count({ where: { slug: { startsWith: "resume-" } } })).toBe(7);
    expect((await refusal(imports.apply(owner, dryRun.id))).message).toBe("This import has been applied already.");
  });

  it("stops a process whose import another took over, leaving the import to that one (not marked failed)", async () => {
    const imports = new CatalogueImports(t.shop.prisma, { batchSize: 2 });
    const dryRun = await checked(csv(Array.from({ length: 6 }, (_, index) => plain(`taken-${index}`))), imports);
    const stopped = await refusal(
      imports.applyForOperator(dryRun.id, async () => {
        // After this process's first batch, another one (its hold having run out) commits the next batch.
        await t.shop.prisma.catalogueImport.update({ where: { id: dryRun.id }, data: { appliedRows: { increment: 2 } } });
      }),
    );
    expect(stopped.message).toBe("Another process took this import over: its progress is on the import screen.");
    const left = await imports.get(owner, dryRun.id);
    expect([left.status, left.error]).toEqual(["applying", null]);
  });

  it("gives a new product without product_slug the first free address of its name, among the shop's and the file's", async () => {
    const base = (await checked(csv([plain("hosta"), plain("hosta-2")]))).id;
    await applied(base);
    const named = (name: string, sku: string): Row => ({ ...plain("x", { sku, product_name: name }), product_slug: "" });
    const view = await applied((await checked(csv([named("Hosta", "HOSTA-A"), named("Blue Hosta", "HOSTA-B"), named("Hosta", "HOSTA-C")]))).id);
    expect([view.status, view.appliedRefusals]).toEqual(["applied", []]);
    const slugs = await t.shop.prisma.product.findMany({ where: { variants: { some: { sku: { in: ["HOSTA-A", "HOSTA-B", "HOSTA-C"] } } } }, select: { slug: true, variants: { select: { sku: true } } } });
    expect(Object.fromEntries(slugs.map((row) => [row.variants[0].sku, row.slug]))).toEqual({ "HOSTA-A": "hosta-3", "HOSTA-B": "blue-hosta", "HOSTA-C": "hosta-4" });
  });

  it("tells webhook endpoints of each product it creates and updates, and of stock it takes to their threshold", async () => {
    const endpoint = await t.shop.prisma.webhookEndpoint.create({
      data: { url: "https://erp.example/hooks", events: ["product.created", "product.updated", "product.stock_low"], secret: "whsec_test", stockLowThreshold: 3 },
    });
    try {
      await t.shop.prisma.outboxMessage.deleteMany();
      await applied((await checked(csv([plain("aster", { stock: "10" }), plain("yarrow", { stock: "10" })]))).id);
      await applied((await checked(csv([plain("aster", { stock: "2" }), plain("yarrow", { stock: "9" }), plain("sedum")]))).id);
      const sent = await t.shop.prisma.outboxMessage.findMany({ where: { channel: "webhook" }, orderBy: { createdAt: "asc" } });
      const events = sent.map((message) => {
        const event = (message.payload as { event: { type: string; data: { product: { slug: string; variants: { sku: string }[] } } } }).event;
        return `${event.type} ${event.data.product.slug} ${event.data.product.variants.map((variant) => variant.sku).join(",")}`;
      });
      expect(events.sort()).toEqual(
        ["product.created ASTER aster", "product.created YARROW yarrow", "product.updated ASTER aster", "product.updated YARROW yarrow", "product.created SEDUM sedum", "product.stock_low ASTER aster"]
          .map((line) => line.split(" "))
          .map(([type, sku, slug]) => `${type} ${slug} ${sku}`)
          .sort(),
      );
      // Without an endpoint listening, an import writes no message.
      await t.shop.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
      await t.shop.prisma.outboxMessage.deleteMany();
      await applied((await checked(csv([plain("aster", { stock: "1" })]))).id);
      expect(await t.shop.prisma.outboxMessage.count({ where: { channel: "webhook" } })).toBe(0);
    } finally {
      await t.shop.prisma.webhookEndpoint.deleteMany({ where: { id: endpoint.id } });
    }
  });

  it("refuses a bad file whole, with a clear message, and keeps nothing of it", async () => {
    const importsBefore = await t.shop.prisma.catalogueImport.count();
    const productsBefore = await t.shop.prisma.product.count();
    const garbage = new Uint8Array(50 * 1024 * 1024);
    for (let index = 0; index < garbage.length; index += 1) garbage[index] = (index * 2654435761) >>> 24;
    const latin1 = new Uint8Array([...new TextEncoder().encode("sku,product_name,category,price,stock\r\nA1,Caf"), 0xe9, ...new TextEncoder().encode(",Pots,1,1\r\n")]);
    const cases: [Uint8Array, string][] = [
      [garbage, 'The file is not UTF-8 text: save it as "CSV UTF-8" (in Excel: Save As, CSV UTF-8) and upload it again.'],
      [latin1, 'The file is not UTF-8 text: save it as "CSV UTF-8" (in Excel: Save As, CSV UTF-8) and upload it again.'],
      [csv([plain("x")], ["sku", "product_name", "category", "stock"]), "The file has no column price: it is needed for every row."],
      [csv([plain("x")], [...CATALOGUE_CSV_COLUMNS, "prce"]), `The first row must name the columns, and "prce" is not one of them. The columns are: ${CATALOGUE_CSV_COLUMNS.join(", ")}.`],
      [new TextEncoder().encode('sku,product_name,category,price,stock\r\nA1,"Unclosed,Pots,1,1\r\n'), "The file is not valid CSV (line 2: a quoted cell is never closed)."],
      [new TextEncoder().encode("sku,product_name,category,price,stock\r\n"), "The file has a header but no rows."],
      [new Uint8Array(0), "The file is empty."],
    ];
    for (const [bytes, message] of cases) {
      const refused = await refusal(t.shop.catalogueImports.upload(owner, { fileName: "bad.csv", bytes }));
      expect([refused.code, refused.message]).toEqual(["BAD_USER_INPUT", message]);
    }
    expect(await t.shop.prisma.catalogueImport.count()).toBe(importsBefore);
    expect(await t.shop.prisma.product.count()).toBe(productsBefore);
  });

  it("is for those who may change the catalogue: the owner and the catalogue manager, not support or order staff", async () => {
    for (const staffRole of ["support", "order-manager"] as const) {
      const viewer = (await t.shop.tokens.verify((await t.signUp({ role: "admin", staffRole })).token))!;
      const refused = await refusal(t.shop.catalogueImports.upload(viewer, { fileName: "plants.csv", bytes: csv([plain("nope")]) }));
      expect(refused.code).toBe("FORBIDDEN");
      expect((await refusal(t.shop.catalogueImports.list(viewer))).code).toBe("FORBIDDEN");
    }
    const manager = (await t.shop.tokens.verify((await t.signUp({ role: "admin", staffRole: "catalogue-manager" })).token))!;
    const view = await checked(csv([plain("managed")]), t.shop.catalogueImports, manager);
    expect(view.planned).toMatchObject({ created: 1 });
    expect(view.createdBy).toMatch(/@example\.com$/);
  });
});

describe("over HTTP", () => {
  const call = (path: string, init: RequestInit = {}, token = ownerToken) => fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

  it("uploads the file's bytes, polls the dry run, applies it, and the storefront's search finds the new product", async () => {
    const started = await call(`${CATALOGUE_IMPORTS_PATH}?fileName=${encodeURIComponent("spring plants.csv")}`, {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: csv([plain("strelitzia", { product_name: "Strelitzia Nicolai" })]),
    });
    expect(started.status).toBe(202);
    const { import: view } = (await started.json()) as { import: ImportView };
    expect([view.fileName, view.totalRows]).toEqual(["spring plants.csv", 1]);
    await t.shop.catalogueImports.settled(view.id);
    const polled = (await (await call(`${CATALOGUE_IMPORTS_PATH}/${view.id}`)).json()) as { import: ImportView };
    expect(polled.import.planned).toMatchObject({ created: 1 });
    const listed = (await (await call(CATALOGUE_IMPORTS_PATH)).json()) as { imports: ImportView[] };
    expect(listed.imports[0].id).toBe(view.id);

    const applying = await call(`${CATALOGUE_IMPORTS_PATH}/${view.id}/apply`, { method: "POST" });
    expect(applying.status).toBe(202);
    await t.shop.catalogueImports.settled(view.id);
    expect(((await (await call(`${CATALOGUE_IMPORTS_PATH}/${view.id}`)).json()) as { import: ImportView }).import.status).toBe("applied");
    // The search follows the catalogue by itself (the database's triggers and notifications).
    const found = await fetch(`${server.url}/public/api/products?search=strelitzia`);
    expect(JSON.stringify(await found.json())).toContain("Strelitzia Nicolai");
    const again = await call(`${CATALOGUE_IMPORTS_PATH}/${view.id}/apply`, { method: "POST" });
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([409, "This import has been applied already."]);
  });

  it("answers a bad file 422 with its reason, a stranger 401 before reading the file, support 403", async () => {
    const bad = await call(CATALOGUE_IMPORTS_PATH, { method: "POST", body: new TextEncoder().encode("hello,world\r\n1,2\r\n") });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { message: string; file: string[] };
    expect(body.message).toMatch(/^The first row must name the columns/);
    expect(body.file).toEqual([body.message]);
    const stranger = await fetch(`${server.url}${CATALOGUE_IMPORTS_PATH}`, { method: "POST", body: csv([plain("x")]) });
    expect(stranger.status).toBe(401);
    const support = await t.signUp({ role: "admin", staffRole: "support" });
    const forbidden = await call(CATALOGUE_IMPORTS_PATH, { method: "POST", body: csv([plain("x")]) }, support.token);
    expect(forbidden.status).toBe(403);
    expect((await call(`${CATALOGUE_IMPORTS_PATH}/999999`)).status).toBe(404);
  });

  it("takes API keys holding catalogue:write, named as the importer; a key with catalogue:read only is 403", async () => {
    const reader = await t.shop.apiKeys.create(owner, { name: "ERP reader", scopes: ["catalogue:read"] });
    const refused = await call(CATALOGUE_IMPORTS_PATH, { method: "POST", body: csv([plain("by-key")]) }, reader.secret);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([403, "This API key does not have the catalogue:write scope."]);
    const writer = await t.shop.apiKeys.create(owner, { name: "ERP writer", scopes: ["catalogue:write"] });
    const taken = await call(CATALOGUE_IMPORTS_PATH, { method: "POST", body: csv([plain("by-key")]) }, writer.secret);
    expect(taken.status).toBe(202);
    const { import: view } = (await taken.json()) as { import: ImportView };
    expect(view.createdBy).toBe("API key ERP writer");
    await t.shop.catalogueImports.settled(view.id);
  });
});
