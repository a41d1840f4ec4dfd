// Pictures for a catalogue import: a zip of photos, each stored through the picture pipeline (the same checks,
// resizing and renditions as a picture uploaded in the product form), kept under its file name so the import's
// rows can name it ("image_one: monstera.jpg"). Stored one at a time in the background, with its progress.
//
// Rules: JPEG, PNG, WebP and GIF files count (by extension; the pipeline then checks the content), anywhere in the
// zip's folders, named by their file name alone, whatever its case; a picture the pipeline refuses, or a second
// picture of the same name, is listed with its reason and the others go on. A picture is stored by its content,
// so the same photo uploaded again is the same stored picture (re-importing changes nothing). The zip is read
// from a file on disk (zip's index is at its end), entry by entry: it is never held whole in memory, and no entry
// may unpack to more than a picture may weigh (yauzl checks the sizes it declares), so a zip bomb stops at once.
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { invalid, notFound, parseId, requireAdmin, ShopError, type Viewer } from "../shared/index.js";
import { IMAGE_RULE, MAX_IMAGE_BYTES, type ImageService } from "../images/index.js";
import { importerName } from "./importer.js";

/** The largest zip accepted: about 2,000 phone photos. */
export const PICTURE_ZIP_MAX_BYTES = 512 * 1024 * 1024;
/** Entries a zip may list (pictures, folders and anything else). */
export const MAX_ZIP_ENTRIES = 20_000;
const PICTURE_FILE = /\.(jpe?g|png|webp|gif)$/i;
const MAX_REFUSALS = 1000;
const HOLD_MS = 2 * 60_000;

export interface PictureRefusal {
  name: string;
  message: string;
}

export interface PictureSetView {
  id: number;
  fileName: string;
  /** storing | stored | failed */
  status: "storing" | "stored" | "failed";
  /** Storing, but the process doing it stopped: upload the zip again (pictures stored already are found at once). */
  stalled: boolean;
  total: number;
  done: number;
  stored: number;
  refusals: PictureRefusal[];
  error: string | null;
  createdAt: string;
}

const zipError = (message: string) => invalid({ pictures: [message] });

/** A picture entry's name as rows give it: the file name without its folders, lower-cased. */
export const pictureName = (entryName: string) => path.posix.basename(entryName.replace(/\\/g, "/")).toLowerCase();

/** Entries that are pictures: not folders, not the hidden files macOS adds (__MACOSX/, ._name). */
const isPicture = (entryName: string) => !entryName.endsWith("/") && !/(^|\/)__MACOSX\//.test(entryName) && !pictureName(entryName).startsWith("._") && PICTURE_FILE.test(entryName);

/** Every entry of the zip, in order, read lazily (its data only when asked). */
async function* entries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  const next = () =>
    new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (entry: yauzl.Entry) => done(entry);
      const onEnd = () => done(null);
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const cleanup = () => {
        zip.off("entry", onEntry);
        zip.off("end", onEnd);
        zip.off("error", onError);
      };
      const done = (entry: yauzl.Entry | null) => {
        cleanup();
        resolve(entry);
      };
      zip.on("entry", onEntry);
      zip.on("end", onEnd);
      zip.on("error", onError);
      zip.readEntry();
    });
  for (let entry = await next(); entry; entry = await next()) yield entry;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const openZip = (file: string) => yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });

export class CataloguePictures {
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly images: ImageService,
    private readonly options: { log?: { error(details: object, message: string): void } } = {},
  ) {}

  /**
   * For staff with catalogue:write: checks the zip at `file` (a temporary file this call then owns and removes),
   * keeps a picture set for it and stores its pictures in the background.
   */
  async upload(viewer: Viewer | null | undefined, upload: { fileName: unknown; file: string }): Promise<PictureSetView> {
    try {
      const acting = requireAdmin(viewer, "catalogue:write");
      const id = await this.begin(await importerName(this.prisma, acting), upload);
      this.running.set(id, this.storeOrFail(id, upload.file).finally(() => this.running.delete(id)));
      return this.view(id);
    } catch (error) {
      fs.rmSync(upload.file, { force: true });
      throw error;
    }
  }

  /** The same for the command line (the operator holds the database): stores every picture before answering. */
  async storeForOperator(upload: { fileName: string; file: string }): Promise<PictureSetView> {
    try {
      const id = await this.begin("command line", upload);
      await this.storeOrFail(id, upload.file);
      return this.view(id);
    } catch (error) {
      fs.rmSync(upload.file, { force: true });
      throw error;
    }
  }

  /** Checks the zip and keeps its set, storing nothing yet. */
  private async begin(createdBy: string, upload: { fileName: unknown; file: string }): Promise<number> {
    const total = await this.countPictures(upload.file);
    const fileName = typeof upload.fileName === "string" && upload.fileName.trim() ? upload.fileName.trim().slice(0, 255) : "pictures.zip";
    const set = await this.prisma.cataloguePictureSet.create({ data: { fileName, total, createdBy, workingUntil: new Date(Date.now() + HOLD_MS) }, select: { id: true } });
    return set.id;
  }

  /** Stores the set's pictures; a failure is written on the set for the screen. The zip's file is removed after. */
  private async storeOrFail(id: number, file: string): Promise<void> {
    try {
      await this.store(id, file);
    } catch (error) {
      if (!(error instanceof ShopError)) this.options.log?.error({ err: error, pictureSetId: id }, "storing an import's pictures stopped");
      const message = error instanceof ShopError ? error.message : "Storing the pictures stopped because of an error in the shop: upload the zip again.";
      await this.prisma.cataloguePictureSet.update({ where: { id }, data: { status: "failed", error: message, workingUntil: null } }).catch(() => undefined);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  async get(viewer: Viewer | null | undefined, id: unknown): Promise<PictureSetView> {
    requireAdmin(viewer, "catalogue:write");
    return this.view(id);
  }

  async settled(id: number): Promise<void> {
    await this.running.get(id);
  }

  /** The zip's picture entries, counted from its index (no picture read); a file that is not a zip is refused. */
  private async countPictures(file: string): Promise<number> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(file);
    } catch {
      throw zipError("The pictures file is not a zip archive: put the pictures in a .zip file and upload it again.");
    }
    try {
      if (zip.entryCount > MAX_ZIP_ENTRIES) throw zipError(`The zip lists ${zip.entryCount} files: at most ${MAX_ZIP_ENTRIES} are accepted.`);
      let total = 0;
      for await (const entry of entries(zip)) if (isPicture(entry.fileName)) total += 1;
      if (total === 0) throw zipError(`The zip holds no pictures: ${IMAGE_RULE}`);
      return total;
    } catch (error) {
      if (error instanceof ShopError) throw error;
      throw zipError("The zip archive is damaged: create it again and upload it.");
    } finally {
      zip.close();
    }
  }

  /** Stores every picture of the zip, noting progress and refusals as it goes. */
  private async store(id: number, file: string): Promise<void> {
    const zip = await openZip(file);
    const refusals: PictureRefusal[] = [];
    let done = 0;
    let noted = Date.now();
    try {
      for await (const entry of entries(zip)) {
        if (!isPicture(entry.fileName)) continue;
        const name = pictureName(entry.fileName);
        const refused = await this.storeOne(id, zip, entry, name);
        if (refused && refusals.length < MAX_REFUSALS) refusals.push({ name: entry.fileName, message: refused });
        done += 1;
        if (Date.now() - noted > 500) {
          noted = Date.now();
          await this.prisma.cataloguePictureSet.update({ where: { id }, data: { done, refusals: refusals as object[], workingUntil: new Date(Date.now() + HOLD_MS) } });
        }
      }
    } finally {
      zip.close();
    }
    await this.prisma.cataloguePictureSet.update({ where: { id }, data: { status: "stored", done, refusals: refusals as object[], workingUntil: null } });
    // Their background renditions (the sizes not made at upload) may start.
    this.images.saved();
  }

  /** One picture through the pipeline; its refusal in words, or null once stored under its name. */
  private async storeOne(id: number, zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<string | null> {
    if (entry.uncompressedSize > MAX_IMAGE_BYTES) return `The image may not be greater than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
    let bytes: Buffer;
    try {
      bytes = await bytesOf(await zip.openReadStreamPromise(entry));
    } catch {
      return "This file of the zip is damaged: create the zip again.";
    }
    try {
      const stored = await this.images.save(await this.images.check(new Uint8Array(bytes), "picture"), "picture");
      const kept = await this.prisma.$executeRaw`INSERT INTO catalogue_pictures (set_id, name, ref) VALUES (${id}, ${name}, ${stored.ref}) ON CONFLICT DO NOTHING`;
      return kept === 1 ? null : `Another picture of the zip is named ${name}: rename one of them.`;
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      return Object.values(error.fields ?? {})[0]?.[0] ?? error.message;
    }
  }

  private async view(id: unknown): Promise<PictureSetView> {
    const setId = parseId(id);
    const found = setId === null ? null : await this.prisma.cataloguePictureSet.findUnique({ where: { id: setId }, include: { _count: { select: { pictures: true } } } });
    if (!found) throw notFound("Picture set");
    const status = found.status as PictureSetView["status"];
    return {
      id: found.id,
      fileName: found.fileName,
      status,
      stalled: status === "storing" && (found.workingUntil === null || found.workingUntil.getTime() < Date.now()),
      total: found.total,
      done: found.done,
      stored: found._count.pictures,
      refusals: found.refusals as unknown as PictureRefusal[],
      error: found.error,
      createdAt: found.createdAt.toISOString(),
    };
  }
}

/** The id of a set an import may use: one whose pictures are all stored; refused otherwise, saying why. */
export async function storedPictureSet(prisma: Pick<PrismaClient, "cataloguePictureSet">, id: unknown): Promise<number> {
  const setId = parseId(id);
  const set = setId === null ? null : await prisma.cataloguePictureSet.findUnique({ where: { id: setId }, select: { id: true, status: true } });
  if (!set) throw notFound("Picture set");
  if (set.status === "storing") throw new ShopError("CONFLICT", "The pictures are still being stored: send the catalogue file once they are.");
  if (set.status === "failed") throw new ShopError("CONFLICT", "Storing these pictures did not finish: upload the zip again.");
  return set.id;
}

/** A set's pictures: name -> stored ref. */
export async function pictureNames(prisma: Pick<PrismaClient, "cataloguePicture">, setId: number): Promise<Map<string, string>> {
  const rows = await prisma.cataloguePicture.findMany({ where: { setId }, select: { name: true, ref: true } });
  return new Map(rows.map((row) => [row.name, row.ref]));
}
