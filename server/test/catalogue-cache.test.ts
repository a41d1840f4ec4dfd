// Anonymous catalogue answers fetched with GET (automatic persisted queries) may be reused: they carry
// Cache-Control public and an ETag (304 on If-None-Match), the shop keeps them, and every catalogue write
// replaces them. Answers with a token or a personal field are never cached and say no-store.
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";
import { eventually, getPersisted } from "./catalogue-cache-support.js";

let t: TestShop;
let served: Awaited<ReturnType<typeof serveTestShop>>;
let admin: { token: string };
let user: { token: string };
let productId: number;
let categoryId: number;

const PRODUCT = "query Product($slug: String!) { product(slug: $slug) { id name quantity price } }";
const HOME = "query Home { products(first: 6) { nodes { id name } } categories { nodes { id name } } }";

beforeAll(async () => {
  t = await createTestShop();
  served = await serveTestShop(t);
  admin = await t.signUp({ role: "admin" });
  user = await t.signUp();
  const category = await t.db.prisma.category.create({ data: { name: "Cached Ferns" } });
  categoryId = category.id;
  const product = await t.db.prisma.product.create({
    data: { slug: "cached-fern", name: "Cached Fern", description: "A fern.", categoryId, priceCents: 1200, quantity: 5, imageOne: "/uploads/fern.png" },
  });
  productId = product.id;
});
afterAll(async () => {
  await served?.close();
  await t?.close();
});

const post = (query: string, variables: Record<string, unknown>, token?: string) =>
  fetch(`${served.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });

describe("anonymous catalogue answers are cached until the catalogue changes", () => {
  it("a GET persisted query carries Cache-Control public and an ETag, and answers 304 to If-None-Match", async () => {
    const first = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" }, withQuery: true });
    expect(first.status).toBe(200);
    expect((await first.json()).data.product.name).toBe("Cached Fern");
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=60");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);

    // Only the hash from now on, as Apollo Client sends it: the same answer, the same ETag.
    const again = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" } });
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.json()).data.product.name).toBe("Cached Fern");

    // A kept answer is served without asking the catalogue again.
    const reads = vi.spyOn(t.shop.catalog, "bySlug");
    await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" } });
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();

    const unchanged = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" }, headers: { "if-none-match": etag! } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
  });

  it("a kept answer is sent as the first was: same security headers, compressed when asked, CORS for the caller's origin", async () => {
    const variables = { slug: "cached-fern" };
    await getPersisted(served.url, PRODUCT, { variables, withQuery: true });
    const first = await getPersisted(served.url, PRODUCT, { variables, headers: { "accept-encoding": "identity" } });
    const kept = await getPersisted(served.url, PRODUCT, { variables, headers: { "accept-encoding": "identity" } });
    for (const header of ["content-type", "cache-control", "etag", "x-content-type-options", "strict-transport-security", "x-frame-options"]) {
      expect(kept.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect(kept.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    const body = await kept.text();
    expect(JSON.parse(body).data.product.name).toBe("Cached Fern");

    const raw = await import("node:http").then(
      (http) =>
        new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
          const params = new URL(kept.url).search;
          http
            .get(`${served.url}/graphql${params}`, { headers: { "apollo-require-preflight": "true", "accept-encoding": "gzip, br" } }, (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk) => chunks.push(chunk));
              response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
            })
            .on("error", reject);
        }),
    );
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(raw.bytes).toString()).toBe(body);

    const fromStorefrontDev = await getPersisted(served.url, PRODUCT, { variables, headers: { origin: "http://localhost:5173" } });
    expect(fromStorefrontDev.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(fromStorefrontDev.headers.get("etag")).toBe(first.headers.get("etag"));
    const fromElsewhere = await getPersisted(served.url, PRODUCT, { variables, headers: { origin: "https://evil.example" } });
    expect(fromElsewhere.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("after a product update through the app, the cached answer changes", async () => {
    const before = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" }, withQuery: true });
    const etag = before.headers.get("etag")!;
    expect((await before.json()).data.product.price).toBe(12);

    const update = await post(
      "mutation($id: Int!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { product { price } } }",
      { id: productId, input: { name: "Cached Fern", description: "A fern.", price: 15, quantity: 5, categoryId } },
      admin.token,
    );
    expect((await update.json()).data.updateProduct.product.price).toBe(15);

    await eventually(async () => {
      const after = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" } });
      return after.headers.get("etag") !== etag && (await after.json()).data.product.price === 15;
    });
    const stale = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" }, headers: { "if-none-match": etag } });
    expect(stale.status).toBe(200);
  });

  it("a new category shows in the cached home data (every catalogue table is watched)", async () => {
    await getPersisted(served.url, HOME, { withQuery: true });
    const before = await getPersisted(served.url, HOME);
    expect((await before.json()).data.categories.nodes.map((c: { name: string }) => c.name)).not.toContain("Fresh Mosses");
    await t.db.prisma.category.create({ data: { name: "Fresh Mosses" } });
    await eventually(async () => {
      const after = await getPersisted(served.url, HOME);
      return (await after.json()).data.categories.nodes.some((c: { name: string }) => c.name === "Fresh Mosses");
    });
  });

  it("a request with a token is never cached and says no-store, even for catalogue fields", async () => {
    const answer = await getPersisted(served.url, PRODUCT, { variables: { slug: "cached-fern" }, withQuery: true, headers: { authorization: `Bearer ${user.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("etag")).toBeNull();
  });

  it("a personal field makes the whole answer personal: no-store, no ETag", async () => {
    const answer = await getPersisted(served.url, "query MeAndProducts { me { id } products(first: 1) { nodes { id } } }", { withQuery: true });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("etag")).toBeNull();
  });

  it("POST answers and errors are never cached", async () => {
    const byPost = await post(PRODUCT, { slug: "cached-fern" });
    expect(byPost.headers.get("cache-control")).toBe("no-store");
    expect(byPost.headers.get("etag")).toBeNull();
    const missing = await getPersisted(served.url, PRODUCT, { variables: { slug: "no-such-plant" }, withQuery: true });
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(missing.headers.get("etag")).toBeNull();
    // An unknown hash (Apollo asks for the query text) is not kept either.
    const unknown = await getPersisted(served.url, "query Unknown { categories { nodes { id } } }");
    expect((await unknown.json()).errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(unknown.headers.get("cache-control")).toBe("no-store");
  });
});
