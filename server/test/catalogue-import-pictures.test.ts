// Pictures for a catalogue import (domain/catalogue-transfer/pictures.ts): a zip's photos are stored through the
// picture pipeline under their file names, the import's rows name them, a picture the pipeline refuses is listed
// with its reason, a file that is not a zip is refused, and an entry bigger than a picture may be is never read.
import fs from "node:fs";
import os from "node:os";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import type { ImportView, PictureSetView } from "../src/domain/catalogue-transfer/index.js";
import { CATALOGUE_IMPORTS_PATH } from "../src/http/catalogue-import.js";
import { JPEG, PNG } from "./fixtures/images.js";
import { createTestShop, refusal, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let server: Awaited<ReturnType<typeof serveTestShop>>;
let token: string;

/** A zip of the given files (name -> bytes), as a phone or a desktop makes one. */
function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

async function uploadPictures(zip: Buffer): Promise<PictureSetView> {
  const answer = await call(`${CATALOGUE_IMPORTS_PATH}/pictures?fileName=photos.zip`, { method: "POST", body: new Uint8Array(zip) });
  expect(answer.status).toBe(202);
  const { pictures } = (await answer.json()) as { pictures: PictureSetView };
  await t.shop.cataloguePictures.settled(pictures.id);
  return ((await (await call(`${CATALOGUE_IMPORTS_PATH}/pictures/${pictures.id}`)).json()) as { pictures: PictureSetView }).pictures;
}

const leftovers = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`verdant-pictures-${process.pid}-`));

beforeAll(async () => {
  t = await createTestShop();
  server = await serveTestShop(t);
  token = (await t.signUp({ role: "admin", staffRole: "catalogue-manager" })).token;
  await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe("pictures in a zip", () => {
  it("stores each photo through the picture pipeline under its file name, and the rows name them", async () => {
    const zip = await zipOf({
      "photos/Monstera.PNG": PNG,
      "photos/fern.jpg": JPEG,
      "photos/broken.jpg": Buffer.from("not a picture at all"),
      "__MACOSX/photos/._fern.jpg": Buffer.from("resource fork"),
      "notes.txt": Buffer.from("shot on a phone"),
    });
    const set = await uploadPictures(zip);
    expect(set).toMatchObject({ status: "stored", total: 3, done: 3, stored: 2 });
    expect(set.refusals).toEqual([{ name: "photos/broken.jpg", message: "The image must be a JPEG, PNG, WebP or GIF file." }]);
    expect(leftovers()).toEqual([]);

    const header = ["sku", "product_slug", "product_name", "category", "description", "price", "stock", "image_one", "variant_image"];
    const file = stringify([
      header,
      ["MON-1", "monstera", "Monstera", "Indoor Plants", "Big leaves.", "25.00", "3", "monstera.png", "fern.JPG"],
      ["GONE-1", "gone", "Gone", "Indoor Plants", "Nowhere.", "5.00", "1", "missing.jpg", ""],
    ]);
    const started = await call(`${CATALOGUE_IMPORTS_PATH}?fileName=plants.csv&pictures=${set.id}`, { method: "POST", body: file });
    expect(started.status).toBe(202);
    const { import: view } = (await started.json()) as { import: ImportView };
    await t.shop.catalogueImports.settled(view.id);
    const checked = ((await (await call(`${CATALOGUE_IMPORTS_PATH}/${view.id}`)).json()) as { import: ImportView }).import;
    expect(checked.planned).toMatchObject({ created: 1, refused: 1 });
    expect(checked.plannedRefusals.map((refused) => refused.message)).toEqual(["line 3: image_one 'missing.jpg' is not a picture of the zip uploaded with this file"]);
    await call(`${CATALOGUE_IMPORTS_PATH}/${view.id}/apply`, { method: "POST" });
    await t.shop.catalogueImports.settled(view.id);

    const monstera = await t.shop.prisma.product.findUniqueOrThrow({ where: { slug: "monstera" }, include: { variants: true } });
    const stored = await t.shop.prisma.cataloguePicture.findMany({ where: { setId: set.id }, orderBy: { name: "asc" } });
    expect(stored.map((picture) => picture.name)).toEqual(["fern.jpg", "monstera.png"]);
    expect(monstera.imageOne).toBe(stored[1].ref);
    expect(monstera.variants[0].image).toBe(stored[0].ref);
    // A stored picture of the shop: its row and its file under /uploads.
    expect(monstera.imageOne).toMatch(/^\/uploads\//);
    expect((await fetch(`${server.url}${monstera.imageOne}`)).status).toBe(200);

    // The same zip again gives the same stored pictures (by content), so the same file changes nothing.
    const again = await uploadPictures(zip);
    const second = await call(`${CATALOGUE_IMPORTS_PATH}?fileName=plants.csv&pictures=${again.id}`, { method: "POST", body: file });
    const secondView = ((await second.json()) as { import: ImportView }).import;
    await t.shop.catalogueImports.settled(secondView.id);
    expect((await t.shop.catalogueImports.get((await t.shop.tokens.verify(token))!, secondView.id)).planned).toMatchObject({ created: 0, updated: 0, unchanged: 1, refused: 1 });
  });

  it("says a file name needs the zip, refuses a zip still being stored, and refuses what is not a zip", async () => {
    const file = stringify([["sku", "product_name", "category", "description", "price", "stock", "image_one"], ["X-1", "X", "Indoor Plants", "x", "1.00", "1", "x.jpg"]]);
    const started = await call(`${CATALOGUE_IMPORTS_PATH}?fileName=plants.csv`, { method: "POST", body: file });
    const { import: view } = (await started.json()) as { import: ImportView };
    await t.shop.catalogueImports.settled(view.id);
    const checked = await t.shop.catalogueImports.get((await t.shop.tokens.verify(token))!, view.id);
    expect(checked.plannedRefusals.map((refused) => refused.message)).toEqual(["line 2: image_one 'x.jpg' is a file name: upload the zip of pictures with the file"]);

    const storing = await t.shop.prisma.cataloguePictureSet.create({ data: { fileName: "slow.zip", createdBy: "test", total: 5 } });
    const early = await call(`${CATALOGUE_IMPORTS_PATH}?fileName=plants.csv&pictures=${storing.id}`, { method: "POST", body: file });
    expect([early.status, ((await early.json()) as { message: string }).message]).toEqual([409, "The pictures are still being stored: send the catalogue file once they are."]);

    const notZip = await call(`${CATALOGUE_IMPORTS_PATH}/pictures?fileName=photos.zip`, { method: "POST", body: PNG });
    expect(notZip.status).toBe(422);
    expect(await notZip.json()).toMatchObject({ message: "The pictures file is not a zip archive: put the pictures in a .zip file and upload it again." });
    const empty = await call(`${CATALOGUE_IMPORTS_PATH}/pictures?fileName=photos.zip`, { method: "POST", body: new Uint8Array(await zipOf({ "readme.txt": Buffer.from("hi") })) });
    expect(((await empty.json()) as { message: string }).message).toMatch(/^The zip holds no pictures/);
    expect(leftovers()).toEqual([]);
  });

  it("never reads an entry bigger than a picture may be (a zip bomb stops at its index)", async () => {
    // 64 MB of zeros compress to a few kilobytes.
    const zip = await zipOf({ "huge.jpg": Buffer.alloc(64 * 1024 * 1024), "fern.jpg": JPEG });
    expect(zip.length).toBeLessThan(1024 * 1024);
    const set = await uploadPictures(zip);
    expect(set).toMatchObject({ status: "stored", total: 2, stored: 1 });
    expect(set.refusals).toEqual([{ name: "huge.jpg", message: "The image may not be greater than 5 MB." }]);
  });

  it("is for those who may change the catalogue", async () => {
    const support = await t.signUp({ role: "admin", staffRole: "support" });
    const answer = await fetch(`${server.url}${CATALOGUE_IMPORTS_PATH}/pictures`, { method: "POST", headers: { authorization: `Bearer ${support.token}` }, body: new Uint8Array(await zipOf({ "a.jpg": JPEG })) });
    expect(answer.status).toBe(403);
    const viewer = (await t.shop.tokens.verify(support.token))!;
    expect((await refusal(t.shop.cataloguePictures.get(viewer, 1))).code).toBe("FORBIDDEN");
    expect(leftovers()).toEqual([]);
  });
});
