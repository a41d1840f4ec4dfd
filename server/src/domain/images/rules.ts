// The shop's rules for product pictures: what an upload may be, which renditions every picture
// gets and how they are encoded. Changing a rendition rule means bumping RECIPE: pictures made by an older
// recipe are made again by `npm run images:rebuild` and by the shop's start-up work.

/** The largest image the shop takes, in megabytes as Laravel's `max:5120` (kilobytes) counts them. */
const MAX_IMAGE_MEGABYTES = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;
/**
 * The most pixels an upload may have. A 5 MB file can declare a huge canvas (a "decompression bomb": a
 * PNG of flat colour at 30000x30000 takes gigabytes once decoded), so the size in the header is checked
 * before any pixel is decoded. 50 MP is four times a 12 MP phone photo and above any camera a shop uses.
 */
export const MAX_IMAGE_MEGAPIXELS = 50;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

export const IMAGE_TOO_LARGE = `The image may not be greater than ${MAX_IMAGE_MEGABYTES} MB.`;
/** What an upload form says about the images it takes (both APIs' documentation). */
export const IMAGE_RULE = `JPEG, PNG, WebP or GIF, at most ${MAX_IMAGE_MEGABYTES} MB and ${MAX_IMAGE_MEGAPIXELS} megapixels.`;
export const IMAGE_WRONG_TYPE = "The image must be a JPEG, PNG, WebP or GIF file.";
export const IMAGE_UNREADABLE = "The image could not be read. Please upload it again.";
export const IMAGE_TOO_MANY_PIXELS = `The image may not be larger than ${MAX_IMAGE_MEGAPIXELS} megapixels (for example 8000 x 6000 pixels). Please make it smaller and upload it again.`;

export type ImageExtension = "jpg" | "png" | "gif" | "webp";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type by its magic bytes, or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

// ---- renditions ---------------------------------------------------------------------------------------------

/** Bumped whenever a rule below changes what a rendition looks like; older pictures are made again. */
export const RECIPE = 1;

/**
 * The widths every picture is offered at: a phone's card (~170 CSS px at DPR 3 takes 640), a desktop card
 * (~200 px: 320), the product page (up to ~600 px: 640 at DPR 1, 1280 at DPR 2; a phone's 390 px at DPR 3:
 * 1280) and large screens (1920). Only these: a size is never taken from a request, so nobody can make the
 * shop compute (and store) an arbitrary number of variants.
 */
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The kept picture (what products point at) is at most this wide: no rendition is wider. */
export const MAX_KEPT_WIDTH = 1920;

/**
 * The widths of one picture: the fixed ones no wider than the picture, and its own width when that is a
 * tenth wider than the last of them (a 1000 px photo gets 320, 640 and 960; a 1500 px one also 1500).
 * A picture narrower than every fixed width gets its own width only.
 */
export function renditionWidths(width: number): number[] {
  const top = Math.min(width, MAX_KEPT_WIDTH);
  const widths: number[] = RENDITION_WIDTHS.filter((fixed) => fixed <= top);
  if (widths.length === 0 || top > widths[widths.length - 1] * 1.1) widths.push(top);
  return widths;
}

export type RenditionFormat = "avif" | "webp" | "jpeg";

export const MIME_TYPES: Record<RenditionFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };
export const EXTENSIONS: Record<RenditionFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/**
 * Best first, as a <picture> lists its sources. AVIF and WebP for today's browsers; JPEG because some
 * readers still need it: Safari on macOS 10.15 and older decodes neither WebP nor AVIF, nor do Outlook
 * for Windows (order e-mails) and several link-preview crawlers (Open Graph images), and `imageOne` hands
 * integrators one URL that must work everywhere.
 */
export const FORMATS: readonly RenditionFormat[] = ["avif", "webp", "jpeg"];
/**
 * Made while the upload waits: fast to encode, so the product is complete when the form returns. AVIF
 * is slow to encode (seconds for a large one on two cores), so it is made right after, in the background,
 * by a low-priority process (see renditions-worker.ts); until then browsers take the WebP.
 */
export const UPLOAD_FORMATS: readonly RenditionFormat[] = ["webp", "jpeg"];

/** Encoder settings: quality for photos seen at their size, tuned by eye on camera photos. */
export const ENCODING = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 3 },
  // libjpeg-turbo, not mozjpeg: mozjpeg saves ~20% but costs 6x the time, and JPEG is only the fallback.
  jpeg: { quality: 78, progressive: true },
} as const;

/** The width `imageOne`/`imageTwo` strings give (a JPEG, as wide as this or the widest below it). */
export const DEFAULT_RENDITION_WIDTH = 640;
/** The placeholder: a picture this wide, blurred, as a data: URL of a couple of hundred bytes. */
export const PLACEHOLDER_WIDTH = 16;
