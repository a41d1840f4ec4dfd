// Product image uploads: checked by content (JPEG, PNG, WebP, GIF), at most 5 MB, and a failed upload
// leaves neither a file nor a product behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ExecutionResult } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogService } from "../src/domain/catalog.js";
import { ShopError } from "../src/domain/errors.js";
import { detectImageType, ImageStore, MAX_IMAGE_BYTES } from "../src/domain/images.js";
import type { Viewer } from "../src/domain/viewer.js";
import { GIF, JPEG, PNG, upload, WEBP } from "./fixtures/images.js";
import { createTestShop, refusal, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let admin: { id: number; token: string };
let adminViewer: Viewer;
let categoryId: number;
let scratch: string;

beforeAll(async () => {
  t = await createTestShop();
  admin = await t.signUp({ role: "admin" });
  adminViewer = (await t.shop.tokens.verify(admin.token))!;
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Upload Ferns" } })).id;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "image-store-"));
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function failure(result: ExecutionResult) {
  expect(result.errors, "expected the operation to fail").toBeDefined();
  const original = result.errors![0].originalError;
  return original instanceof ShopError ? { code: original.code, fields: original.fields } : { code: undefined, fields: undefined };
}

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

describe("ImageStore: images are checked by their content", () => {
  it("accepts real JPEG, PNG, GIF and WebP files and stores each under a random name with the right extension", async () => {
    const store = new ImageStore(path.join(scratch, "accepts"), "/uploads");
    for (const [bytes, extension] of [[JPEG, "jpg"], [PNG, "png"], [GIF, "gif"], [WEBP, "webp"]] as const) {
      const url = await store.save({ createReadStream: () => Readable.from([bytes]), filename: "photo.bin" }, "image_one");
      expect(url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${extension}$`));
      expect(fs.readFileSync(store.fileFor(url)!)).toEqual(bytes);
    }
    expect(filesIn(path.join(scratch, "accepts"))).toHaveLength(4);
  });

  it("creates the folder when it does not exist yet", async () => {
    const dir = path.join(scratch, "not", "there", "yet");
    const url = await new ImageStore(dir, "/img/").saveBuffer(PNG, "image_one");
    expect(url).toMatch(/^\/img\/[a-f0-9]{32}\.png$/);
    expect(filesIn(dir)).toHaveLength(1);
  });

  it("refuses fake content with an image name, whatever the declared type: 'The image must be a JPEG, PNG, WebP or GIF file.'", async () => {
    const dir = path.join(scratch, "fake");
    const store = new ImageStore(dir, "/uploads");
    const fakes = [
      Buffer.from("<script>alert('not a plant')</script>"),
      Buffer.from("%PDF-1.7 pretending"),
      Buffer.from("RIFF0000WAVEfmt "),
      Buffer.alloc(0),
      PNG.subarray(0, 7),
    ];
    for (const bytes of fakes) {
      const error = await refusal(store.save({ createReadStream: () => Readable.from([bytes]), filename: "rose.png" }, "image_two"));
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.fields).toEqual({ image_two: ["The image must be a JPEG, PNG, WebP or GIF file."] });
    }
    expect((await refusal(store.saveBuffer(Buffer.from("GIF90a"), "image_one"))).fields).toEqual({
      image_one: ["The image must be a JPEG, PNG, WebP or GIF file."],
    });
    expect(filesIn(dir)).toEqual([]);
  });

  it("knows each format by its magic bytes", () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpg");
    expect(detectImageType(Buffer.from("GIF87a"))).toBe("gif");
    expect(detectImageType(Buffer.from("RIFF\x00\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("webp");
    expect(detectImageType(Buffer.from("RIFF\x00\x00\x00\x00AVI ", "latin1"))).toBeNull();
  });

  it("refuses an image over 5 MB, 'The image may not be greater than 5 MB.', and stops reading at the cap", async () => {
    const dir = path.join(scratch, "oversize");
    const store = new ImageStore(dir, "/uploads");
    const megabyte = Buffer.alloc(1024 * 1024);
    PNG.copy(megabyte);
    const pulled = { count: 0 };
    const chunks = Array.from({ length: 50 }, () => megabyte);
    const error = await refusal(store.save({ createReadStream: fakeStream(chunks, pulled) }, "image_one"));
    expect(error.fields).toEqual({ image_one: ["The image may not be greater than 5 MB."] });
    expect(pulled.count).toBeLessThanOrEqual(7);
    expect((await refusal(store.saveBuffer(Buffer.alloc(MAX_IMAGE_BYTES + 1, megabyte), "image_two"))).fields).toEqual({
      image_two: ["The image may not be greater than 5 MB."],
    });
    expect(filesIn(dir)).toEqual([]);
  });

  it("accepts an image of exactly 5 MB", async () => {
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES);
    JPEG.copy(bytes);
    const pulled = { count: 0 };
    const chunks = Array.from({ length: 5 }, (_, i) => bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    const url = await new ImageStore(path.join(scratch, "exact"), "/uploads").save({ createReadStream: fakeStream(chunks, pulled) }, "image_one");
    expect(fs.statSync(path.join(scratch, "exact", path.basename(url))).size).toBe(MAX_IMAGE_BYTES);
  });

  it("answers BAD_USER_INPUT when the upload breaks off, mapping graphql-upload's size limit (413) to the 5 MB message", async () => {
    const store = new ImageStore(path.join(scratch, "broken"), "/uploads");
    const broken = (error: Error) => () =>
      new Readable({
        read() {
          this.destroy(error);
        },
      });
    expect((await refusal(store.save({ createReadStream: broken(new Error("connection reset")) }, "image_one"))).fields).toEqual({
      image_one: ["The image could not be read. Please upload it again."],
    });
    const truncated = Object.assign(new Error("File truncated as it exceeds the 5242880 byte size limit."), { status: 413 });
    expect((await refusal(store.save({ createReadStream: broken(truncated) }, "image_one"))).fields).toEqual({
      image_one: ["The image may not be greater than 5 MB."],
    });
    expect(filesIn(path.join(scratch, "broken"))).toEqual([]);
  });

  it("removes only files it stored", async () => {
    const dir = path.join(scratch, "remove");
    const store = new ImageStore(dir, "/uploads");
    const url = await store.saveBuffer(GIF, "image_one");
    await store.remove("/uploads/../../etc/passwd");
    await store.remove("/elsewhere/x.png");
    expect(filesIn(dir)).toHaveLength(1);
    await store.remove(url);
    await store.remove(url);
    expect(filesIn(dir)).toEqual([]);
  });
});

const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { message product { id slug imageOne imageTwo } } }`;
const productInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Maidenhair Fern",
  description: "Loves humidity.",
  price: 14,
  quantity: 3,
  categoryId,
  imageOne: upload(PNG),
  ...overrides,
});

describe("a failed upload leaves no file and no product", () => {
  it("refuses fake content sent with an image name and type, storing nothing", async () => {
    const before = await t.shop.prisma.product.count();
    const result = await t.gql(CREATE, { input: productInput({ imageOne: upload(Buffer.from("just text"), "fern.jpg", "image/jpeg") }) }, admin.token);
    expect(failure(result)).toEqual({ code: "BAD_USER_INPUT", fields: { image_one: ["The image must be a JPEG, PNG, WebP or GIF file."] } });
    expect(await t.shop.prisma.product.count()).toBe(before);
    expect(filesIn(t.uploadsDir)).toEqual([]);
  });

  it("stores neither image when only the second one is bad, and reports it with the other fields' problems", async () => {
    const result = await t.gql(
      CREATE,
      { input: productInput({ name: "", imageTwo: upload(Buffer.from("MZ executable"), "second.webp", "image/webp") }) },
      admin.token,
    );
    expect(failure(result).fields).toEqual({
      name: ["The name field is required."],
      image_two: ["The image must be a JPEG, PNG, WebP or GIF file."],
    });
    expect(filesIn(t.uploadsDir)).toEqual([]);
  });

  it("refuses an oversize image through GraphQL", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 10);
    PNG.copy(big);
    const result = await t.gql(CREATE, { input: productInput({ imageOne: upload(big) }) }, admin.token);
    expect(failure(result).fields).toEqual({ image_one: ["The image may not be greater than 5 MB."] });
    expect(filesIn(t.uploadsDir)).toEqual([]);
  });

  it("reports an upload that never arrived as unreadable", async () => {
    const { default: Upload } = await import("graphql-upload/Upload.mjs");
    const lost = new Upload();
    lost.reject(new Error("Request disconnected during file upload stream parsing."));
    const result = await t.gql(CREATE, { input: productInput({ imageOne: lost }) }, admin.token);
    expect(failure(result).fields).toEqual({ image_one: ["The image could not be read. Please upload it again."] });
  });

  it("removes the just-stored images when writing the product fails", async () => {
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
    const input = { name: "Bird's Nest Fern", description: "Wavy.", priceCents: 2000, quantity: 2, category: categoryId, imageOne: PNG, imageTwo: GIF };
    await expect(catalog.create(adminViewer, input)).rejects.toThrow("the database went away");
    expect(filesIn(t.uploadsDir)).toEqual([]);
    expect(await t.shop.prisma.product.count({ where: { name: "Bird's Nest Fern" } })).toBe(0);

    const existing = await t.shop.catalog.create(adminViewer, { ...input, imageTwo: undefined });
    const stored = filesIn(t.uploadsDir);
    await expect(catalog.update(adminViewer, existing.id, { ...input, name: "Renamed" })).rejects.toThrow("the database went away");
    expect(filesIn(t.uploadsDir)).toEqual(stored);
    fs.rmSync(t.shop.images.fileFor(existing.imageOne)!);
  });

  it("accepts each real image type through GraphQL", async () => {
    for (const [bytes, extension] of [[JPEG, "jpg"], [GIF, "gif"], [WEBP, "webp"]] as const) {
      const result = await t.gql<{ createProduct: { product: { imageOne: string } } }>(
        CREATE,
        // The file name and declared type do not matter; the content does.
        { input: productInput({ name: `Fern ${extension}`, imageOne: upload(bytes, "picture.txt", "text/plain") }) },
        admin.token,
      );
      expect(result.errors).toBeUndefined();
      const url = result.data!.createProduct.product.imageOne;
      expect(url.endsWith(`.${extension}`)).toBe(true);
      expect(fs.readFileSync(t.shop.images.fileFor(url)!)).toEqual(bytes);
    }
  });
});

describe("uploads over HTTP: a multipart createProduct, then the image served under /uploads", () => {
  let server: Awaited<ReturnType<typeof serveTestShop>>;
  beforeAll(async () => {
    server = await serveTestShop(t);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The GraphQL multipart request spec: operations, a map of files to variables, then the files. */
  function multipart(variables: Record<string, unknown>, files: Record<string, { bytes: Buffer; name: string; type: string }>) {
    const form = new FormData();
    form.append("operations", JSON.stringify({ query: CREATE, variables }));
    const map = Object.fromEntries(Object.keys(files).map((key, index) => [String(index), [`variables.input.${key}`]]));
    form.append("map", JSON.stringify(map));
    Object.values(files).forEach((file, index) => form.append(String(index), new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name));
    return fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "apollo-require-preflight": "true" },
      body: form,
    });
  }

  it("stores the uploaded PNG and serves the same bytes at the returned URL", async () => {
    const { imageOne: _imageOne, ...variables } = productInput({ name: "Staghorn Fern" });
    const response = await multipart({ input: { ...variables, imageOne: null } }, { imageOne: { bytes: PNG, name: "staghorn.png", type: "image/png" } });
    const body = (await response.json()) as { data?: { createProduct: { product: { imageOne: string } } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    const url = body.data!.createProduct.product.imageOne;
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a file over 5 MB with the 5 MB message, and creates no product", async () => {
    const before = await t.shop.prisma.product.count();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1024);
    PNG.copy(big);
    const { imageOne: _imageOne, ...variables } = productInput({ name: "Giant Fern" });
    const response = await multipart({ input: { ...variables, imageOne: null } }, { imageOne: { bytes: big, name: "giant.png", type: "image/png" } });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string; fields?: unknown } }[] };
    expect(body.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { image_one: ["The image may not be greater than 5 MB."] },
    });
    expect(await t.shop.prisma.product.count()).toBe(before);
  });
});
