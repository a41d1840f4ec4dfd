// Product pictures: uploads are checked by content (JPEG, PNG, WebP, GIF; at most 5 MB and 50
// megapixels), stored upright and without metadata, with renditions at fixed widths in AVIF, WebP and JPEG
// under content-hashed names served with immutable caching; a failed upload leaves neither a file nor a
// product behind; past orders keep their pictures; pictures stored before renditions existed get them.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CatalogService } from "../src/domain/catalog/products.js";
import { lowPriorityEncoder } from "../src/domain/images/encoder-process.js";
import { pickRendition, type StoredRendition } from "../src/domain/images/pictures.js";
import { makePicture } from "../src/domain/images/processing.js";
import { RenditionsWorker } from "../src/domain/images/renditions-worker.js";
import { detectImageType, MAX_IMAGE_BYTES, RECIPE, renditionWidths } from "../src/domain/images/rules.js";
import { checkImageBytes, readUpload } from "../src/domain/images/uploads.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { GIF, JPEG, PNG, pngHeaderOnly, upload, WEBP } from "./fixtures/images.js";
import { createTestShop, failure, refusal, serveTestShop, storedFile, type TestShop } from "./support.js";

let t: TestShop;
let admin: { id: number; token: string };
let adminViewer: Viewer;
let categoryId: number;

/** A phone photo: stored sideways (1200x900 pixels turned to 900x1200) with EXIF orientation 6, a camera and a GPS position. */
let PHONE_PHOTO: Buffer;

beforeAll(async () => {
  t = await createTestShop();
  admin = await t.signUp({ role: "admin" });
  adminViewer = (await t.shop.tokens.verify(admin.token))!;
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Upload Ferns" } })).id;
  // Left half green, right half white: after turning it upright the green must be on top.
  const upright = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#ffffff" } })
    .composite([{ input: { create: { width: 1200, height: 450, channels: 3, background: "#2f7d32" } }, top: 0, left: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  PHONE_PHOTO = await sharp(upright.data, { raw: upright.info })
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "Phone", Model: "Camera 12" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2600/100" } })
    .jpeg({ quality: 90 })
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
});

/** Every file in a folder, temporary ones included. */
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

const fakeStream = (chunks: Buffer[], pulled: { count: number }) => () =>
  Readable.from(
    (function* () {
      for (const chunk of chunks) {
        pulled.count += 1;
        yield chunk;
      }
    })(),
  );

const TOO_MANY_PIXELS = "The image may not be larger than 50 megapixels (for example 8000 x 6000 pixels). Please make it smaller and upload it again.";

describe("checks: an upload is judged by its content", () => {
  it("accepts real JPEG, PNG, GIF and WebP files whatever their name, and reads their size from the header", async () => {
    for (const [bytes, extension] of [[JPEG, "jpg"], [PNG, "png"], [GIF, "gif"], [WEBP, "webp"]] as const) {
      const checked = await readUpload({ createReadStream: () => Readable.from([bytes]), filename: "photo.bin" }, "image_one");
      expect(checked).toMatchObject({ extension, header: { width: 1, height: 1 } });
    }
    // An upright size: a photo stored sideways with orientation 6 is as wide as it looks.
    expect((await checkImageBytes(PHONE_PHOTO, "image_one")).header).toMatchObject({ width: 1200, height: 900, hasMetadata: true });
  });

  it("refuses fake content with an image name, whatever the declared type: 'The image must be a JPEG, PNG, WebP or GIF file.'", async () => {
    const fakes = [Buffer.from("<script>alert('not a plant')</script>"), Buffer.from("%PDF-1.7 pretending"), Buffer.from("RIFF0000WAVEfmt "), Buffer.alloc(0)];
    for (const bytes of fakes) {
      const error = await refusal(readUpload({ createReadStream: () => Readable.from([bytes]), filename: "rose.png" }, "image_two"));
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.fields).toEqual({ image_two: ["The image must be a JPEG, PNG, WebP or GIF file."] });
    }
    expect((await refusal(checkImageBytes(Buffer.from("GIF90a"), "image_one"))).fields).toEqual({ image_one: ["The image must be a JPEG, PNG, WebP or GIF file."] });
  });

  it("refuses a file that starts like an image but cannot be read: 'The image could not be read. Please upload it again.'", async () => {
    expect((await refusal(checkImageBytes(PNG.subarray(0, 20), "image_one"))).fields).toEqual({ image_one: ["The image could not be read. Please upload it again."] });
  });

  it("knows each format by its magic bytes", () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpg");
    expect(detectImageType(Buffer.from("GIF87a"))).toBe("gif");
    expect(detectImageType(Buffer.from("RIFF\x00\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("webp");
    expect(detectImageType(Buffer.from("RIFF\x00\x00\x00\x00AVI ", "latin1"))).toBeNull();
  });

  it("refuses an image over 5 MB, 'The image may not be greater than 5 MB.', and stops reading at the cap", async () => {
    const megabyte = Buffer.alloc(1024 * 1024);
    PNG.copy(megabyte);
    const pulled = { count: 0 };
    const error = await refusal(readUpload({ createReadStream: fakeStream(Array.from({ length: 50 }, () => megabyte), pulled) }, "image_one"));
    expect(error.fields).toEqual({ image_one: ["The image may not be greater than 5 MB."] });
    expect(pulled.count).toBeLessThanOrEqual(7);
    expect((await refusal(checkImageBytes(Buffer.alloc(MAX_IMAGE_BYTES + 1, megabyte), "image_two"))).fields).toEqual({ image_two: ["The image may not be greater than 5 MB."] });
  });

  it("accepts an image of exactly 5 MB", async () => {
    // A real JPEG, padded to the byte after its end marker (decoders stop there).
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES);
    PHONE_PHOTO.copy(bytes);
    const chunks = Array.from({ length: 5 }, (_, i) => bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    const checked = await readUpload({ createReadStream: fakeStream(chunks, { count: 0 }) }, "image_one");
    expect(checked.bytes.length).toBe(MAX_IMAGE_BYTES);
  });

  it("refuses a decompression bomb by its header, before decoding a pixel: more than 50 megapixels", async () => {
    // 10000 x 6000 = 60 MP in a file of a few hundred bytes.
    const bomb = pngHeaderOnly(10_000, 6_000);
    expect(bomb.length).toBeLessThan(1000);
    const error = await refusal(checkImageBytes(bomb, "image_one"));
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.fields).toEqual({ image_one: [TOO_MANY_PIXELS] });
    // 8000 x 6000 (48 MP) is within the limit.
    expect((await checkImageBytes(pngHeaderOnly(8_000, 6_000), "image_one")).header).toMatchObject({ width: 8000, height: 6000 });
  });

  it("answers BAD_USER_INPUT when the upload breaks off, mapping graphql-upload's size limit (413) to the 5 MB message", async () => {
    const broken = (error: Error) => () =>
      new Readable({
        read() {
          this.destroy(error);
        },
      });
    expect((await refusal(readUpload({ createReadStream: broken(new Error("connection reset")) }, "image_one"))).fields).toEqual({
      image_one: ["The image could not be read. Please upload it again."],
    });
    const truncated = Object.assign(new Error("File truncated as it exceeds the 5242880 byte size limit."), { status: 413 });
    expect((await refusal(readUpload({ createReadStream: broken(truncated) }, "image_one"))).fields).toEqual({ image_one: ["The image may not be greater than 5 MB."] });
  });
});

describe("rendition widths: a fixed set, never wider than the picture", () => {
  it("offers 320, 640, 960, 1280 and 1920 for a 12 MP photo, fewer for smaller pictures, never a width from a request", () => {
    expect(renditionWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(renditionWidths(1200)).toEqual([320, 640, 960, 1200]);
    expect(renditionWidths(1000)).toEqual([320, 640, 960]);
    expect(renditionWidths(200)).toEqual([200]);
  });

  it("picks a rendition by width: the narrowest at least that wide, else the widest", () => {
    const renditions = [320, 640, 1280].map((width) => ({ width, format: "webp" as const }));
    expect(pickRendition(renditions, 600)?.width).toBe(640);
    expect(pickRendition(renditions, 2000)?.width).toBe(1280);
    expect(pickRendition(renditions, 100, "jpeg")).toBeNull();
  });
});

const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { message product { id slug imageOne imageTwo } } }`;
const PICTURE = `query($slug: String!) { product(slug: $slug) { imageOne image { url width height placeholder alt srcSet sources { type srcSet } renditions { url width height type } } } }`;
const productInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Maidenhair Fern",
  description: "Loves humidity.",
  price: 14,
  quantity: 3,
  categoryId,
  imageOne: upload(PNG),
  ...overrides,
});

interface ImageAnswer {
  url: string;
  width: number;
  height: number;
  placeholder: string;
  alt: string;
  srcSet: string;
  sources: { type: string; srcSet: string }[];
  renditions: { url: string; width: number; height: number; type: string }[];
}

describe("an uploaded photo: upright, without metadata, in renditions, with a placeholder", () => {
  let slug: string;
  let stored: { imageOne: string };

  beforeAll(async () => {
    const result = await t.gql<{ createProduct: { product: { slug: string } } }>(
      CREATE,
      { input: productInput({ name: "Sword Fern", imageOne: upload(PHONE_PHOTO, "IMG_0001.JPG", "image/jpeg") }) },
      admin.token,
    );
    expect(result.errors).toBeUndefined();
    slug = result.data!.createProduct.product.slug;
    stored = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug }, select: { imageOne: true } });
  });

  it("keeps the picture upright and strips every metadata block (EXIF, GPS) from what is stored", async () => {
    const kept = fs.readFileSync(storedFile(t, stored.imageOne)!);
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // The green half is on top once upright.
    const pixels = await sharp(kept).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...pixels.data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const [r, g] = at(600, 20);
    expect(g).toBeGreaterThan(r + 40);
    expect(at(600, 880)).toEqual([255, 255, 255]);
    // Named by its content: the same upload is the same name.
    expect(stored.imageOne).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
  });

  it("answers an Image: size, placeholder, alt, the JPEG srcSet and the WebP source at every width up to the picture's", async () => {
    const { data } = await t.gql<{ product: { imageOne: string; image: ImageAnswer } }>(PICTURE, { slug });
    const image = data!.product.image;
    expect(image).toMatchObject({ width: 1200, height: 900, alt: "Sword Fern" });
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(image.placeholder.length).toBeLessThan(600);
    expect(image.srcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "960w", "1200w"]);
    const webp = image.sources.find((source) => source.type === "image/webp")!;
    expect(webp.srcSet).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp 320w, /);
    // imageOne keeps working for integrators: one JPEG about 640 px wide, the same as image.url.
    expect(data!.product.imageOne).toBe(image.url);
    expect(image.renditions.find((rendition) => rendition.url === image.url)).toMatchObject({ width: 640, height: 480, type: "image/jpeg" });
    for (const rendition of image.renditions) {
      const file = fs.readFileSync(path.join(t.uploadsDir, path.basename(rendition.url)));
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(rendition.width);
      expect(meta.exif).toBeUndefined();
    }
  });

  it("picks one rendition by width for a place that takes a single picture (an Open Graph image)", async () => {
    const large = await t.shop.images.renditionUrl(stored.imageOne, 1200);
    expect((await sharp(fs.readFileSync(path.join(t.uploadsDir, path.basename(large)))).metadata()).width).toBe(1200);
    expect(large).toMatch(/\.jpg$/);
    expect(await t.shop.images.renditionUrl(stored.imageOne, 100, "webp")).toMatch(/\.webp$/);
    // A ref without renditions (another site's URL) answers itself.
    expect(await t.shop.images.renditionUrl("https://example.com/fern.jpg", 600)).toBe("https://example.com/fern.jpg");
  });

  it("adds AVIF once the background renditions are made, each variant made exactly once", async () => {
    const before = (await t.gql<{ product: { image: ImageAnswer } }>(PICTURE, { slug })).data!.product.image;
    expect(before.sources.map((source) => source.type)).toEqual(["image/webp"]);
    await t.shop.images.renditions.idle();
    // Nothing is due any more: asking again makes nothing.
    expect(await t.shop.images.renditions.makeNext()).toBeNull();
    const after = (await t.gql<{ product: { image: ImageAnswer } }>(PICTURE, { slug })).data!.product.image;
    expect(after.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    const keys = after.renditions.map((rendition) => `${rendition.type} ${rendition.width}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(after.renditions).toHaveLength(12);
  });

  it("serves renditions with a year of immutable caching, and takes no size from the query string", async () => {
    const server = await serveTestShop(t);
    try {
      const image = (await t.gql<{ product: { image: ImageAnswer } }>(PICTURE, { slug })).data!.product.image;
      const plain = await fetch(`${server.url}${image.url}`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(plain.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await plain.arrayBuffer());
      const asked = await fetch(`${server.url}${image.url}?w=4000&width=9999&format=png`);
      expect(Buffer.from(await asked.arrayBuffer())).toEqual(bytes);
      expect((await fetch(`${server.url}/uploads/../package.json`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe("a failed upload leaves no file and no product", () => {
  it("refuses fake content sent with an image name and type, storing nothing", async () => {
    const before = await t.shop.prisma.product.count();
    await t.shop.images.renditions.idle();
    const files = filesIn(t.uploadsDir);
    const result = await t.gql(CREATE, { input: productInput({ imageOne: upload(Buffer.from("just text"), "fern.jpg", "image/jpeg") }) }, admin.token);
    expect(failure(result)).toMatchObject({ code: "BAD_USER_INPUT", fields: { image_one: ["The image must be a JPEG, PNG, WebP or GIF file."] } });
    expect(await t.shop.prisma.product.count()).toBe(before);
    expect(filesIn(t.uploadsDir)).toEqual(files);
  });

  it("stores neither image when only the second one is bad, and reports it with the other fields' problems", async () => {
    await t.shop.images.renditions.idle();
    const files = filesIn(t.uploadsDir);
    const result = await t.gql(CREATE, { input: productInput({ name: "", imageTwo: upload(Buffer.from("MZ executable"), "second.webp", "image/webp") }) }, admin.token);
    expect(failure(result).fields).toEqual({ name: ["The name field is required."], image_two: ["The image must be a JPEG, PNG, WebP or GIF file."] });
    expect(filesIn(t.uploadsDir)).toEqual(files);
  });

  it("refuses an oversize image and a decompression bomb through GraphQL with BAD_USER_INPUT on the field", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 10);
    PNG.copy(big);
    expect(failure(await t.gql(CREATE, { input: productInput({ imageOne: upload(big) }) }, admin.token)).fields).toEqual({ image_one: ["The image may not be greater than 5 MB."] });
    const bomb = failure(await t.gql(CREATE, { input: productInput({ imageOne: upload(pngHeaderOnly(20_000, 20_000)) }) }, admin.token));
    expect(bomb).toMatchObject({ code: "BAD_USER_INPUT", fields: { image_one: [TOO_MANY_PIXELS] } });
  });

  it("reports an upload that never arrived as unreadable", async () => {
    const { default: Upload } = await import("graphql-upload/Upload.mjs");
    const lost = new Upload();
    lost.reject(new Error("Request disconnected during file upload stream parsing."));
    const result = await t.gql(CREATE, { input: productInput({ imageOne: lost }) }, admin.token);
    expect(failure(result).fields).toEqual({ image_one: ["The image could not be read. Please upload it again."] });
  });

  it("removes the just-stored pictures (files and rows) when writing the product fails", async () => {
    const failingPrisma = t.shop.prisma.$extends({
      query: {
        product: {
          async create() {
            throw new Error("the database went away");
          },
          async update() {
            throw new Error("the database went away");
          },
        },
      },
    });
    const catalog = new CatalogService(failingPrisma as unknown as typeof t.shop.prisma, t.shop.images);
    const fresh = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a0522d" } }).png().toBuffer();
    await t.shop.images.renditions.idle();
    const files = filesIn(t.uploadsDir);
    const images = await t.shop.prisma.image.count();
    const input = { name: "Bird's Nest Fern", description: "Wavy.", priceCents: 2000, quantity: 2, category: categoryId, imageOne: fresh, imageTwo: GIF };
    await expect(catalog.create(adminViewer, input)).rejects.toThrow("the database went away");
    expect(filesIn(t.uploadsDir)).toEqual(files);
    expect(await t.shop.prisma.image.count()).toBe(images);
    expect(await t.shop.prisma.product.count({ where: { name: "Bird's Nest Fern" } })).toBe(0);
  });

  it("stores the same photo once: a second product with it shares the stored picture", async () => {
    const first = await t.shop.catalog.create(adminViewer, { name: "Twin Fern A", description: "x", priceCents: 100, quantity: 1, category: categoryId, imageOne: WEBP });
    await t.shop.images.renditions.idle();
    const files = filesIn(t.uploadsDir).length;
    const second = await t.shop.catalog.create(adminViewer, { name: "Twin Fern B", description: "x", priceCents: 100, quantity: 1, category: categoryId, imageOne: WEBP });
    expect(second.imageOne).toBe(first.imageOne);
    expect(filesIn(t.uploadsDir)).toHaveLength(files);
  });
});

describe("past orders keep their pictures when a product's picture is replaced or the product deleted", () => {
  it("an order line's Image still resolves, with its renditions on disk", async () => {
    const product = await t.shop.catalog.create(adminViewer, { name: "Heirloom Fern", description: "x", priceCents: 900, quantity: 5, category: categoryId, imageOne: PHONE_PHOTO });
    const buyer = await t.signUp();
    const order = await t.shop.prisma.order.create({
      data: {
        orderNumber: "ORD-IMG-1",
        reference: "IMGREF0000000001",
        userId: buyer.id,
        regionName: "Town",
        subtotalCents: 900,
        deliveryFeeCents: 0,
        totalCents: 900,
        userEmail: "b@example.com",
        userPhone: "1",
        userAddress: "x",
        lines: { create: { productId: product.id, slug: product.slug, name: product.name, description: "x", categoryName: "Upload Ferns", priceCents: 900, unitPriceCents: 900, quantity: 1, imageOne: product.imageOne } },
      },
    });
    const other = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    await t.shop.catalog.update(adminViewer, product.id, { name: product.name, description: "x", priceCents: 900, quantity: 5, category: categoryId, imageOne: other });
    await t.shop.catalog.delete(adminViewer, product.id);
    const answer = await t.gql<{ order: { lines: { imageOne: string; image: ImageAnswer }[] } }>(
      `query($n: String!) { order(orderNumber: $n) { lines { imageOne image { url width alt renditions { url } } } } }`,
      { n: order.orderNumber },
      buyer.token,
    );
    expect(answer.errors).toBeUndefined();
    const [line] = answer.data!.order.lines;
    expect(line.image).toMatchObject({ width: 1200, alt: "Heirloom Fern" });
    expect(line.imageOne).toBe(line.image.url);
    for (const rendition of line.image.renditions) expect(fs.existsSync(path.join(t.uploadsDir, path.basename(rendition.url)))).toBe(true);
  });
});

describe("pictures stored before renditions existed (npm run images:rebuild and the shop's start-up)", () => {
  it("finds them through products and orders, makes every rendition, and rewrites the stored file without its metadata", async () => {
    // As an upload was stored unprocessed by an older version of the shop: the bytes as they came, under a random name.
    const legacyKey = "0123456789abcdef0123456789abcdef.jpg";
    fs.writeFileSync(path.join(t.uploadsDir, legacyKey), PHONE_PHOTO);
    const product = await t.shop.prisma.product.create({
      data: { slug: "legacy-fern", name: "Legacy Fern", description: "x", categoryId, priceCents: 500, quantity: 1, imageOne: `/uploads/${legacyKey}` },
    });
    // Until it is read, the picture is its stored file, size unknown.
    const early = (await t.gql<{ product: { image: ImageAnswer } }>(PICTURE, { slug: product.slug })).data!.product.image;
    expect(early).toMatchObject({ url: `/uploads/${legacyKey}`, width: null, sources: [] });

    expect(await t.shop.images.renditions.discover()).toBeGreaterThanOrEqual(1);
    const outcome = await t.shop.images.renditions.makeNext();
    expect(outcome).toMatchObject({ ref: `/uploads/${legacyKey}`, made: 12 });
    await t.shop.images.renditions.idle();

    const image = (await t.gql<{ product: { image: ImageAnswer } }>(PICTURE, { slug: product.slug })).data!.product.image;
    expect(image).toMatchObject({ width: 1200, height: 900 });
    expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    const rewritten = await sharp(fs.readFileSync(path.join(t.uploadsDir, legacyKey))).metadata();
    expect(rewritten.exif).toBeUndefined();
    expect(rewritten).toMatchObject({ width: 1200, height: 900 });

    // Idempotent: a second pass finds nothing to do and changes nothing.
    const row = await t.shop.prisma.image.findUniqueOrThrow({ where: { ref: `/uploads/${legacyKey}` } });
    expect(row).toMatchObject({ state: "ready", recipe: RECIPE });
    expect(await t.shop.images.renditions.discover()).toBe(0);
    expect(await t.shop.images.renditions.makeNext()).toBeNull();
  });

  it("marks a picture whose file is gone as failed, without stopping the others", async () => {
    await t.shop.prisma.product.create({
      data: { slug: "lost-fern", name: "Lost Fern", description: "x", categoryId, priceCents: 500, quantity: 1, imageOne: "/uploads/fedcba9876543210fedcba9876543210.png" },
    });
    await t.shop.images.renditions.discover();
    expect(await t.shop.images.renditions.makeNext()).toMatchObject({ failure: "the file fedcba9876543210fedcba9876543210.png is missing from the image store" });
    // Not tried again by the shop's own work (npm run images:rebuild retries failed pictures).
    expect(await t.shop.images.renditions.makeNext()).toBeNull();
    expect(await t.shop.prisma.image.findUniqueOrThrow({ where: { ref: "/uploads/fedcba9876543210fedcba9876543210.png" } })).toMatchObject({
      state: "failed",
      failure: "the file fedcba9876543210fedcba9876543210.png is missing from the image store",
    });
  });

  it("a claimed picture is not made twice: a second worker skips it while the claim holds", async () => {
    const key = "00112233445566778899aabbccddeeff.png";
    fs.writeFileSync(path.join(t.uploadsDir, key), await sharp({ create: { width: 50, height: 50, channels: 4, background: "#00000000" } }).png().toBuffer());
    await t.shop.prisma.image.create({ data: { ref: `/uploads/${key}`, state: "pending", claimedUntil: new Date(Date.now() + 60_000) } });
    expect(await t.shop.images.renditions.makeNext()).toBeNull();
    await t.shop.prisma.image.update({ where: { ref: `/uploads/${key}` }, data: { claimedUntil: new Date(Date.now() - 1000) } });
    // An expired claim (a process that died) is taken over.
    expect(await t.shop.images.renditions.makeNext()).toMatchObject({ ref: `/uploads/${key}`, made: 3 });
    const row = await t.shop.prisma.image.findUniqueOrThrow({ where: { ref: `/uploads/${key}` } });
    // A transparent PNG: its JPEG fallback is flattened, the others keep the transparency.
    expect((row.renditions as unknown as StoredRendition[]).map((rendition) => rendition.format).sort()).toEqual(["avif", "jpeg", "webp"]);
  });
});

describe("the low-priority renditions process", () => {
  it("a shutdown abandons the picture in hand: its claim is released for the next start, it is not marked failed", async () => {
    const key = "99998888777766665555444433332222.jpg";
    fs.writeFileSync(path.join(t.uploadsDir, key), PHONE_PHOTO);
    await t.shop.images.renditions.idle();
    await t.shop.prisma.image.create({ data: { ref: `/uploads/${key}`, state: "pending" } });
    const worker = new RenditionsWorker(t.shop.prisma, t.imageStore, lowPriorityEncoder());
    worker.wake();
    const claimed = async () => (await t.shop.prisma.image.findUniqueOrThrow({ where: { ref: `/uploads/${key}` } })).claimedUntil !== null;
    await vi.waitFor(async () => expect(await claimed()).toBe(true), { timeout: 10_000, interval: 20 });
    await worker.stop();
    expect(await t.shop.prisma.image.findUniqueOrThrow({ where: { ref: `/uploads/${key}` } })).toMatchObject({ state: "pending", claimedUntil: null, failure: null });
    // The shop's own worker takes it from there.
    expect(await t.shop.images.renditions.makeNext()).toMatchObject({ ref: `/uploads/${key}`, made: 12 });
  });

  it("makes the same renditions as this process would, in a child process at the lowest priority", async () => {
    const encoder = lowPriorityEncoder();
    try {
      const job = { formats: ["webp" as const], describe: true, stripAs: null };
      const [there, here] = await Promise.all([encoder.makePicture(PHONE_PHOTO, job), makePicture(PHONE_PHOTO, job)]);
      expect(there.renditions.map((rendition) => rendition.width)).toEqual(here.renditions.map((rendition) => rendition.width));
      expect(Buffer.isBuffer(there.renditions[0].data)).toBe(true);
      expect(there.renditions[0].data.equals(here.renditions[0].data)).toBe(true);
      expect(there.placeholder).toBe(here.placeholder);
    } finally {
      await encoder.close();
    }
  });
});
