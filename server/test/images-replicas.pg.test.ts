// Two shop processes on one PostgreSQL and one S3 bucket (an S3 server the test starts), as two replicas
// behind a load balancer: a picture uploaded through one shows through the other, and its AVIF, made in
// the background, is made once for both.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateSchemaUrl, startShopProcess, stopAll, tempDataDir, type ShopProcess } from "./processes.js";
import { startTestBucket, type TestBucket } from "./s3-support.js";

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await stopAll();
  await bucket?.close();
});

async function gql(shop: ShopProcess, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const answer = await fetch(`${shop.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await answer.json()) as { data?: any; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors[0].message);
  return body.data;
}

describe("replicas sharing pictures through S3", () => {
  it("an upload through one shop process is served, with its renditions, by the other", async () => {
    const env = { DATABASE_URL: privateSchemaUrl("pictures"), SEED_DEMO: "false", JWT_SECRET: "replica-secret-replica-secret-replica-secret", ...bucket.env };
    const one = await startShopProcess({ ...env, DATA_DIR: tempDataDir("shop-one") });
    const two = await startShopProcess({ ...env, DATA_DIR: tempDataDir("shop-two") });

    const token = (await gql(one, `mutation { login(email: "admin@verdant.shop", password: "admin-password-2026") { accessToken } }`)).login.accessToken;
    const categoryId = (await gql(one, `mutation { createCategory(name: "Replica Ferns") { category { id } } }`, {}, token)).createCategory.category.id;
    const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#3b6e4f" } }).jpeg().toBuffer();
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({
        query: `mutation($input: ProductInput!) { createProduct(input: $input) { product { slug } } }`,
        variables: { input: { name: "Replica Fern", description: "x", price: 10, quantity: 1, categoryId, imageOne: null } },
      }),
    );
    form.append("map", JSON.stringify({ 0: ["variables.input.imageOne"] }));
    form.append("0", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "fern.jpg");
    const created = await fetch(`${one.url}/graphql`, { method: "POST", headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" }, body: form });
    const slug = ((await created.json()) as any).data.createProduct.product.slug as string;

    // The other replica answers with the same picture and serves every one of its files.
    const query = `query($s: String!) { product(slug: $s) { image { url sources { type srcSet } renditions { url } } } }`;
    let image = (await gql(two, query, { s: slug })).product.image;
    for (const rendition of image.renditions as { url: string }[]) {
      const served = await fetch(`${two.url}${rendition.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    // The AVIF follows in the background (made by one replica, claimed in the database) and shows on both.
    const deadline = Date.now() + 60_000;
    while (!image.sources.some((source: { type: string }) => source.type === "image/avif") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      image = (await gql(two, query, { s: slug })).product.image;
    }
    expect(image.sources.map((source: { type: string }) => source.type)).toEqual(["image/avif", "image/webp"]);
    const avif = image.sources[0].srcSet.split(", ")[0].split(" ")[0];
    expect((await fetch(`${one.url}${avif}`)).status).toBe(200);
    expect((await fetch(`${two.url}${avif}`)).headers.get("content-type")).toBe("image/avif");
    // 320, 640, 960 in three formats: each made once.
    expect(image.renditions).toHaveLength(9);
  }, 180_000);
});
