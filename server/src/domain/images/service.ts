// Product pictures: an upload becomes a stored picture (upright, without metadata, at most 1920 px wide)
// with its renditions and placeholder, recorded in the images table; products and order lines point at it
// by its ref. The modern formats that are slow to encode follow in the background (renditions-worker.ts).
import crypto from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { invalid, type EventBus } from "../shared/index.js";
import { KeptPictureRecords } from "./kept-records.js";
import { pickRendition, renditionsOf, viewPicture, type ImageRecord, type Picture, type StoredRendition } from "./pictures.js";
import { decodeUpright, encodeKept, encodeRenditions, inProcessEncoder, placeholderOf, renditionKey, UnreadableImageError, type PictureEncoder } from "./processing.js";
import { RenditionsWorker, type WorkerLog } from "./renditions-worker.js";
import { IMAGE_UNREADABLE, MIME_TYPES, RECIPE, UPLOAD_FORMATS, type RenditionFormat } from "./rules.js";
import { contentTypeOf, keyOfRef, refOfKey, type ImageStore } from "./store.js";
import { checkImageBytes, readUpload, type CheckedImage, type ImageUpload } from "./uploads.js";

/** A picture stored for a form; `created` says whether this call made it (the same photo is stored once). */
export interface StoredPicture {
  ref: string;
  created: boolean;
}

export interface ImageServiceOptions {
  /** Where pictures written elsewhere are announced: the rows read are kept until then (KeptPictureRecords). */
  events?: EventBus;
  /** Where background renditions are encoded: a low-priority process in the shop, this process in tests. */
  encoder?: PictureEncoder;
  log?: WorkerLog;
  /**
   * Where the picture rows the storefront shows are read (Database.catalogue's Prisma client: a read replica
   * when db/read-routing.ts allows); the primary's client when not given. Writes always use the primary's.
   */
  catalogue?: PrismaClient;
}

export class ImageService {
  readonly renditions: RenditionsWorker;
  private readonly kept: KeptPictureRecords | null;
  private readonly catalogue: PrismaClient;
  /** Each kept row's picture per alternative text, made once (rows that change are new objects). */
  private readonly views = new WeakMap<ImageRecord, Map<string, Picture>>();

  constructor(
    private readonly prisma: PrismaClient,
    readonly store: ImageStore,
    options: ImageServiceOptions = {},
  ) {
    this.renditions = new RenditionsWorker(prisma, store, options.encoder ?? inProcessEncoder, options.log);
    this.kept = options.events ? new KeptPictureRecords((refs) => this.readRecords(refs), options.events) : null;
    this.catalogue = options.catalogue ?? prisma;
  }

  // ---- uploads ------------------------------------------------------------------------------------------

  /** Reads and checks an upload (GraphQL) or the bytes of one (REST) without storing anything. */
  check(source: ImageUpload | Uint8Array, field: string): Promise<CheckedImage> {
    return source instanceof Uint8Array ? checkImageBytes(source, field) : readUpload(source, field);
  }

  /**
   * Stores a checked image: the kept picture, its upload-time renditions and its row. Named by the
   * upload's content, so the same photo uploaded twice is processed and stored once.
   */
  async save(image: CheckedImage, field: string): Promise<StoredPicture> {
    const hash = crypto.createHash("sha256").update(image.bytes).digest("hex").slice(0, 32);
    const existing = await this.prisma.image.findFirst({ where: { ref: { in: [refOfKey(`${hash}.jpg`), refOfKey(`${hash}.png`)] } }, select: { ref: true } });
    if (existing) return { ref: existing.ref, created: false };

    let pixels;
    try {
      pixels = await decodeUpright(image.bytes);
    } catch (error) {
      // The header was fine but the pixels are not (a file cut short, say).
      if (error instanceof UnreadableImageError) throw invalid({ [field]: [IMAGE_UNREADABLE] });
      throw error;
    }
    const [kept, placeholder, renditions] = await Promise.all([encodeKept(pixels), placeholderOf(pixels), encodeRenditions(pixels, UPLOAD_FORMATS)]);
    const key = `${hash}.${kept.extension}`;
    const stored: StoredRendition[] = renditions.map((rendition) => ({
      format: rendition.format,
      width: rendition.width,
      height: rendition.height,
      key: renditionKey(rendition),
      bytes: rendition.data.length,
    }));
    await Promise.all(renditions.map((rendition, index) => this.store.put(stored[index].key, rendition.data, MIME_TYPES[rendition.format])));
    // The kept file last: a ref whose file exists always has its row written next.
    await this.store.put(key, kept.data, contentTypeOf(key));
    const ref = refOfKey(key);
    const rows = await this.prisma.$queryRaw<{ id: number }[]>`
      INSERT INTO images (ref, width, height, placeholder, renditions, state, recipe, updated_at)
      VALUES (${ref}, ${pixels.width}, ${pixels.height}, ${placeholder}, ${JSON.stringify(stored)}::jsonb, 'pending', ${RECIPE}, now())
      ON CONFLICT (ref) DO NOTHING RETURNING id`;
    return { ref, created: rows.length === 1 };
  }

  /** The product that shows saved pictures was written: their background renditions may start. */
  saved(): void {
    this.renditions.wake();
  }

  /** Undoes save() for a form whose product could not be written: only what that call created. */
  async discard(picture: StoredPicture): Promise<void> {
    if (!picture.created) return;
    const row = await this.prisma.image.findUnique({ where: { ref: picture.ref }, select: { renditions: true } });
    await this.prisma.image.deleteMany({ where: { ref: picture.ref } });
    const keys = [keyOfRef(picture.ref), ...renditionsOf(row?.renditions).map((rendition) => rendition.key)];
    await Promise.all(keys.map((key) => (key ? this.store.remove(key) : undefined)));
  }

  // ---- reading ------------------------------------------------------------------------------------------

  /** The rows of these refs (kept ones without a query, the others in one); a ref without a row is absent from the map. */
  records(refs: readonly string[]): Promise<Map<string, ImageRecord>> {
    return this.kept ? this.kept.records(refs) : this.readRecords(refs);
  }

  private async readRecords(refs: readonly string[]): Promise<Map<string, ImageRecord>> {
    const rows = refs.length
      ? await this.catalogue.image.findMany({ where: { ref: { in: [...new Set(refs)] } }, select: { ref: true, width: true, height: true, placeholder: true, renditions: true, state: true } })
      : [];
    return new Map(rows.map((row) => [row.ref, { ...row, renditions: renditionsOf(row.renditions) }]));
  }

  /**
   * One rendition's URL for a place that takes a single picture (an Open Graph image, an e-mail, a preload
   * link): the narrowest at least `width` wide in `format`, else the widest; the stored file when the
   * picture has no renditions (yet).
   */
  async renditionUrl(ref: string, width: number, format: RenditionFormat = "jpeg"): Promise<string> {
    const record = (await this.records([ref])).get(ref) ?? null;
    const picture = this.picture(ref, record, "");
    return pickRendition(picture.renditions, width, format)?.url ?? picture.url;
  }

  /** A picture as the APIs show it (made once per row and alternative text: the answers only read it). */
  picture(ref: string, record: ImageRecord | null, alt: string): Picture {
    if (!record) return viewPicture(ref, record, alt, (key) => this.store.publicUrl(key));
    let byAlt = this.views.get(record);
    if (!byAlt) this.views.set(record, (byAlt = new Map()));
    let view = byAlt.get(alt);
    if (!view) byAlt.set(alt, (view = viewPicture(ref, record, alt, (key) => this.store.publicUrl(key))));
    return view;
  }

  /** Stops following announcements of pictures (the kept rows go). */
  stop(): void {
    this.kept?.stop();
  }
}
