// The REST shim's whole lists at real size: the catalogue's (products, categories, regions) are
// built once per catalogue change, kept gzipped, answered with an ETag (304 when unchanged) and read from the
// database in batches; the admin's orders and users are personal, never kept, and streamed page by page.
import { gunzipSync } from "node:zlib";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { countQueries, createTestShop, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: Awaited<ReturnType<typeof serveTestShop>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestShop();
  api = await serveTestShop(t);
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Listed Plants" } })).id;
  await t.shop.prisma.product.createMany({
    data: Array.from({ length: 30 }, (_, i) => ({
      slug: `listed-${i}`,
      name: `Listed Plant ${i}`,
      description: "Listed.",
      categoryId,
      priceCents: 1000 + ((i * 37) % 500),
      quantity: i % 4,
      imageOne: `/uploads/listed-${i}.jpg`,
    })),
  });
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

/** GET with node's http (fetch would unzip): status, headers and the raw bytes. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${api.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const waitForEvents = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("the catalogue's whole lists", () => {
  it("are built once per catalogue change: the next calls read nothing from the database", async () => {
    const first = await get("/public/api/products?sort=price-lowest");
    expect(first.status).toBe(200);
    expect(await countQueries(() => get("/public/api/products?sort=price-lowest"))).toBe(0);
    expect(await countQueries(() => get("/public/api/categories"))).toBeGreaterThan(0);
    expect(await countQueries(() => get("/public/api/categories"))).toBe(0);
    // Parameters the call does not read are no reason to build again.
    expect(await countQueries(() => get("/public/api/products?sort=price-lowest&unknown=1"))).toBe(0);
  });

  it("are the spec's answer, kept gzipped for callers that accept it and unzipped for those that do not, with an ETag (304)", async () => {
    const expected = (await t.shop.catalog.list({ sort: "price-lowest" })).map((product) => product.slug);
    const plain = await get("/public/api/products?sort=price-lowest");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).map((product: { slug: string }) => product.slug)).toEqual(expected);
    const zipped = await get("/public/api/products?sort=price-lowest", { "accept-encoding": "gzip, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    const etag = zipped.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    expect(plain.headers.etag).toBe(etag);
    const again = await get("/public/api/products?sort=price-lowest", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("a catalogue write (any path, stock included) makes the next call build the list again", async () => {
    const before = await get("/public/api/products");
    await t.shop.prisma.$executeRawUnsafe(`UPDATE products SET quantity = quantity + 5 WHERE slug = 'listed-0'`);
    await waitForEvents();
    const after = await get("/public/api/products", { "if-none-match": before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listed = JSON.parse(after.body.toString()).find((product: { slug: string }) => product.slug === "listed-0");
    expect(listed.quantity).toBe(5);
  });

  it("products are read in batches in the list's own order, whatever the sort, filters and limit", async () => {
    const options = [{}, { sort: "price-highest" as const }, { sort: "highest-rated" as const, inStock: true }, { search: "plant 1", limit: 7 }, { category: "nowhere" }];
    for (const option of options) {
      const batches: string[][] = [];
      for await (const batch of t.shop.catalog.listInBatches(option, 4)) batches.push(batch.map((product) => product.slug));
      expect(batches.flat(), JSON.stringify(option)).toEqual((await t.shop.catalog.list(option)).map((product) => product.slug));
      expect(batches.every((batch) => batch.length <= 4)).toBe(true);
    }
  });
});

describe("the admin's whole lists", () => {
  it("orders are streamed page by page, never kept: all of them, newest first, each call read afresh", async () => {
    const admin = await t.signUp({ role: "admin" });
    const buyer = await t.signUp();
    const region = await t.shop.prisma.region.create({ data: { name: "Streamshire", feeCents: 100 } });
    const start = Date.parse("2026-01-01T00:00:00Z");
    await t.shop.prisma.order.createMany({
      data: Array.from({ length: 230 }, (_, i) => ({
        orderNumber: `ORD-STREAM-${i}`,
        reference: newReference(),
        userId: buyer.id,
        regionId: region.id,
        regionName: region.name,
        subtotalCents: 100,
        deliveryFeeCents: 100,
        totalCents: 200,
        userEmail: buyer.email,
        userPhone: "+1 555 0100",
        userAddress: "1 Garden Lane",
        // Some share a moment: ties are broken by id, as the paged list does.
        createdAt: new Date(start + Math.floor(i / 3) * 1000),
      })),
    });
    const answer = await get("/public/api/orders", { authorization: `Bearer ${admin.token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const numbers = JSON.parse(answer.body.toString()).map((order: { order_number: string }) => order.order_number);
    const expected = (await t.shop.prisma.order.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { orderNumber: true } })).map((order) => order.orderNumber);
    expect(numbers).toEqual(expected);
    expect(numbers.length).toBeGreaterThanOrEqual(230);
    // Personal: asked again, read again.
    expect(await countQueries(() => get("/public/api/orders", { authorization: `Bearer ${admin.token}` }))).toBeGreaterThan(0);
    // A refusal still answers with its status, before anything is streamed.
    expect((await get("/public/api/orders", { authorization: `Bearer ${buyer.token}` })).status).toBe(403);
  });

  it("users are streamed page by page too, with the search applied", async () => {
    const admin = await t.signUp({ role: "admin" });
    for (let i = 0; i < 3; i += 1) await t.signUp({ name: `Streamed Gardener ${i}` });
    const answer = await get("/public/api/all-users?search=streamed%20gardener", { authorization: `Bearer ${admin.token}` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).map((user: { name: string }) => user.name)).toEqual(["Streamed Gardener 2", "Streamed Gardener 1", "Streamed Gardener 0"]);
  });
});
