// Product pictures in S3-compatible object storage (S3_BUCKET...), against an S3 server the test starts:
// the store keeps, reads and removes files by key; a shop on it stores uploads and renditions in the bucket
// and serves them under /uploads (or points browsers at S3_PUBLIC_URL, a CDN).
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3ImageStore } from "../src/storage/s3-store.js";
import { startTestBucket, type TestBucket } from "./s3-support.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

let bucket: TestBucket;
let store: S3ImageStore;

beforeAll(async () => {
  bucket = await startTestBucket();
  store = new S3ImageStore(bucket.config);
});
afterAll(async () => {
  store?.close();
  await bucket?.close();
});

describe("the S3 image store", () => {
  it("puts, gets, streams and removes files by key; a missing key is null, and the bucket check passes", async () => {
    await store.check();
    const bytes = Buffer.from("a picture's bytes");
    await store.put("0123456789abcdef0123456789abcdef.webp", bytes, "image/webp");
    expect(await store.get("0123456789abcdef0123456789abcdef.webp")).toEqual(bytes);
    const file = (await store.open("0123456789abcdef0123456789abcdef.webp"))!;
    expect(file).toMatchObject({ size: bytes.length, contentType: "image/webp" });
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks)).toEqual(bytes);
    await store.remove("0123456789abcdef0123456789abcdef.webp");
    expect(await store.get("0123456789abcdef0123456789abcdef.webp")).toBeNull();
    expect(await store.open("nothing-here.jpg")).toBeNull();
    await store.remove("nothing-here.jpg");
    // Keys are file names: never a path out of the store.
    expect(await store.get("../secrets.txt")).toBeNull();
    await expect(store.put("../secrets.txt", bytes, "text/plain")).rejects.toThrow("not an image store key");
  });

  it("keeps keys under S3_PREFIX, and gives browsers S3_PUBLIC_URL (a CDN) when set", async () => {
    const cdn = new S3ImageStore({ ...bucket.config, prefix: "shop-a/", publicBaseUrl: "https://cdn.example.com/pictures" });
    try {
      await cdn.put("abc.jpg", Buffer.from("x"), "image/jpeg");
      expect(await store.get("abc.jpg")).toBeNull();
      expect(await new S3ImageStore({ ...bucket.config, prefix: "shop-a/" }).get("abc.jpg")).toEqual(Buffer.from("x"));
      expect(cdn.publicUrl("abc.jpg")).toBe("https://cdn.example.com/pictures/abc.jpg");
      expect(store.publicUrl("abc.jpg")).toBe("/uploads/abc.jpg");
    } finally {
      cdn.close();
    }
  });
});

describe("a shop on S3", () => {
  let t: TestShop;
  beforeAll(async () => {
    t = await createTestShop({ imageStore: store });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores an upload and its renditions in the bucket, nothing on disk, and serves them under /uploads", async () => {
    const admin = await t.signUp({ role: "admin" });
    const viewer = (await t.shop.tokens.verify(admin.token))!;
    const category = await t.shop.prisma.category.create({ data: { name: "Cloud Ferns" } });
    const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: "#4a7c59" } }).jpeg().toBuffer();
    const product = await t.shop.catalog.create(viewer, { name: "Cloud Fern", description: "x", priceCents: 100, quantity: 1, category: category.id, imageOne: photo });
    await t.shop.images.renditions.idle();
    const answer = await t.gql<{ product: { image: { url: string; sources: { type: string }[]; renditions: { url: string }[] } } }>(
      `query($s: String!) { product(slug: $s) { image { url sources { type } renditions { url } } } }`,
      { s: product.slug },
    );
    const image = answer.data!.product.image;
    expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    // 700 px wide: 320 and 640, in three formats.
    expect(image.renditions).toHaveLength(6);
    expect(fs.readdirSync(t.uploadsDir)).toEqual([]);

    const server = await serveTestShop(t);
    try {
      const served = await fetch(`${server.url}${image.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(await store.get(image.url.replace("/uploads/", "")));
      expect((await fetch(`${server.url}/uploads/ffffffffffffffffffffffffffffffff.jpg`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
