// Pixels in, files out: the only module that touches sharp (libvips). Every function takes bytes and
// answers bytes, with no storage and no database, so the same code runs in the request, in the
// low-priority renditions process and in `npm run images:rebuild`.
import crypto from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ENCODING, EXTENSIONS, MAX_IMAGE_PIXELS, MAX_KEPT_WIDTH, PLACEHOLDER_WIDTH, renditionWidths, type RenditionFormat } from "./rules.js";

// libvips' operation cache keeps recent pictures in memory to speed up repeated operations on one file:
// a shop never processes the same upload twice, so the cache would only hold on to megabytes.
sharp.cache(false);

/** Decoded, upright pixels: the starting point of every rendition. */
export interface UprightPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  hasAlpha: boolean;
}

export interface EncodedRendition {
  format: RenditionFormat;
  width: number;
  height: number;
  data: Buffer;
}

/** What the header of an image says, read without decoding its pixels. */
export interface ImageHeader {
  format: string;
  /** Upright: an EXIF orientation of 5-8 swaps the stored width and height. */
  width: number;
  height: number;
  /** Metadata a shop must not pass on (EXIF with its GPS position, XMP, IPTC). */
  hasMetadata: boolean;
}

export class UnreadableImageError extends Error {}

const openOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;

/** The header only: cheap, and enough to refuse an image with too many pixels before decoding it. */
export async function readHeader(bytes: Uint8Array): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // limitInputPixels is not applied to a header read: the caller compares width x height itself.
    meta = await sharp(bytes, { failOn: "error", limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
  if (!meta.width || !meta.height || !meta.format) throw new UnreadableImageError("no size in the header");
  const sideways = (meta.orientation ?? 1) >= 5;
  return {
    format: meta.format,
    width: sideways ? meta.height : meta.width,
    height: sideways ? meta.width : meta.height,
    hasMetadata: Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation ?? 1) !== 1),
  };
}

/**
 * Decodes an image upright (turned as its EXIF orientation says), in sRGB, at most MAX_KEPT_WIDTH wide.
 * Metadata is gone from here on: nothing read from the file but its pixels reaches an output.
 * A JPEG is decoded at a reduced scale when that is enough (libjpeg's shrink-on-load), which is what
 * makes a 12 MP photo cheap.
 */
export async function decodeUpright(bytes: Uint8Array): Promise<UprightPixels> {
  try {
    const { data, info } = await sharp(bytes, openOptions)
      .rotate()
      .resize({ width: MAX_KEPT_WIDTH, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels, hasAlpha: info.channels === 2 || info.channels === 4 };
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
}

const fromPixels = (pixels: UprightPixels) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });

/** Fully opaque pictures lose nothing by dropping an alpha channel, and JPEG has none. */
function encode(image: Sharp, format: RenditionFormat, hasAlpha: boolean): Promise<Buffer> {
  if (format === "jpeg") return (hasAlpha ? image.flatten({ background: "#ffffff" }) : image).jpeg(ENCODING.jpeg).toBuffer();
  if (format === "webp") return image.webp(ENCODING.webp).toBuffer();
  return image.avif(ENCODING.avif).toBuffer();
}

/** Every rendition of `formats` at the picture's widths, smallest first. */
export async function encodeRenditions(pixels: UprightPixels, formats: readonly RenditionFormat[]): Promise<EncodedRendition[]> {
  const jobs = renditionWidths(pixels.width).flatMap((width) => formats.map((format) => ({ width, format })));
  // Two at a time: enough to keep both cores of a small machine busy without holding every output in memory.
  const results: EncodedRendition[] = [];
  for (let index = 0; index < jobs.length; index += 2) {
    results.push(
      ...(await Promise.all(
        jobs.slice(index, index + 2).map(async ({ width, format }) => {
          const height = Math.max(1, Math.round((pixels.height * width) / pixels.width));
          const image = width === pixels.width ? fromPixels(pixels) : fromPixels(pixels).resize(width, height, { kernel: "lanczos3" });
          return { format, width, height, data: await encode(image, format, pixels.hasAlpha) };
        }),
      )),
    );
  }
  return results.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
}

/**
 * The picture the shop keeps (products point at it; renditions are made again from it when the recipe
 * changes): upright, without metadata, at most MAX_KEPT_WIDTH wide; a JPEG of high quality, or a PNG
 * when the picture has transparency.
 */
export async function encodeKept(pixels: UprightPixels): Promise<{ data: Buffer; extension: "jpg" | "png" }> {
  if (pixels.hasAlpha) return { data: await fromPixels(pixels).png({ compressionLevel: 6 }).toBuffer(), extension: "png" };
  return { data: await fromPixels(pixels).jpeg({ quality: 90 }).toBuffer(), extension: "jpg" };
}

/** A blurred thumbnail of PLACEHOLDER_WIDTH pixels as a data: URL (about 150-300 characters). */
export async function placeholderOf(pixels: UprightPixels): Promise<string> {
  const height = Math.max(1, Math.round((pixels.height * PLACEHOLDER_WIDTH) / pixels.width));
  const data = await fromPixels(pixels)
    .resize(PLACEHOLDER_WIDTH, height, { fit: "fill" })
    .blur(0.6)
    .webp({ quality: 40, alphaQuality: 40, smartSubsample: true })
    .toBuffer();
  return `data:image/webp;base64,${data.toString("base64")}`;
}

/** A legacy picture with metadata, rewritten upright and without it, in its own format, at its own size. */
export async function stripInPlace(bytes: Uint8Array, format: string): Promise<Buffer> {
  const image = sharp(bytes, openOptions).rotate();
  if (format === "jpeg") return image.jpeg({ quality: 92 }).toBuffer();
  if (format === "png") return image.png().toBuffer();
  if (format === "webp") return image.webp({ quality: 92 }).toBuffer();
  return image.toBuffer();
}

/** The name a file is stored under: made from its content, so a name never changes meaning. */
export function contentKey(data: Uint8Array, extension: string): string {
  return `${crypto.createHash("sha256").update(data).digest("hex").slice(0, 32)}.${extension}`;
}

export const renditionKey = (rendition: EncodedRendition) => contentKey(rendition.data, EXTENSIONS[rendition.format]);

/** What the renditions worker asks of one stored picture. */
export interface PictureJob {
  formats: RenditionFormat[];
  /** Also measure it and make its placeholder (a picture stored unprocessed by an older version of the shop has neither). */
  describe: boolean;
  /** Rewrite the stored file itself without its metadata, in this format (a phone photo stored as it came). */
  stripAs: string | null;
}

export interface PictureWork {
  width: number;
  height: number;
  placeholder: string | null;
  renditions: EncodedRendition[];
  stripped: Buffer | null;
}

export async function makePicture(bytes: Uint8Array, job: PictureJob): Promise<PictureWork> {
  const pixels = await decodeUpright(bytes);
  return {
    width: pixels.width,
    height: pixels.height,
    placeholder: job.describe ? await placeholderOf(pixels) : null,
    renditions: await encodeRenditions(pixels, job.formats),
    stripped: job.stripAs ? await stripInPlace(bytes, job.stripAs) : null,
  };
}

/** Runs makePicture somewhere: in this process, or in a low-priority one (encoder-process.ts). */
export interface PictureEncoder {
  makePicture(bytes: Uint8Array, job: PictureJob): Promise<PictureWork>;
  close(): Promise<void>;
}

export const inProcessEncoder: PictureEncoder = { makePicture, close: async () => undefined };
