// A stored picture as clients see it: the URLs of its renditions, grouped for <picture>/srcset, its size,
// its placeholder and its alternative text. Pure functions of a database row and the store's URLs.
import { DEFAULT_RENDITION_WIDTH, FORMATS, MIME_TYPES, type RenditionFormat } from "./rules.js";
import { keyOfRef } from "./store.js";

/** One rendition as the images table keeps it. */
export interface StoredRendition {
  format: RenditionFormat;
  width: number;
  height: number;
  key: string;
  bytes: number;
}

/** A row of the images table, as the catalogue and the loaders read it. */
export interface ImageRecord {
  ref: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  renditions: StoredRendition[];
  state: string;
}

export interface PictureRendition {
  url: string;
  width: number;
  height: number;
  format: RenditionFormat;
  type: string;
}

export interface PictureSource {
  /** The MIME type, as <source type> wants it. */
  type: string;
  srcSet: string;
}

export interface Picture {
  /** One URL that works everywhere: a JPEG about DEFAULT_RENDITION_WIDTH wide (or the stored file itself). */
  url: string;
  /** Upright size of the picture in pixels; null while a picture stored before renditions existed is read. */
  width: number | null;
  height: number | null;
  placeholder: string | null;
  alt: string;
  /** The JPEG renditions as an <img srcset>; the plain URL when there are none (a vector picture, say). */
  srcSet: string;
  /** The modern formats, best first, as <source type srcset> of a <picture>. */
  sources: PictureSource[];
  /** Every rendition, smallest first. */
  renditions: PictureRendition[];
  /** true while renditions are still being made (the modern formats follow the upload within seconds). */
  pending: boolean;
}

/** Reads the renditions column whichever way the driver hands JSON over. */
export function renditionsOf(value: unknown): StoredRendition[] {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as StoredRendition[]) : [];
}

const srcSetOf = (renditions: PictureRendition[]) => renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(", ");

/** The picture behind `ref` (whose row may not exist yet), with `publicUrl` turning store keys into URLs. */
export function viewPicture(ref: string, record: ImageRecord | null, alt: string, publicUrl: (key: string) => string): Picture {
  const renditions = (record?.renditions ?? []).map((rendition) => ({
    url: publicUrl(rendition.key),
    width: rendition.width,
    height: rendition.height,
    format: rendition.format,
    type: MIME_TYPES[rendition.format],
  }));
  const key = keyOfRef(ref);
  const stored = key ? publicUrl(key) : ref;
  const jpegs = renditions.filter((rendition) => rendition.format === "jpeg");
  const url = pickRendition(jpegs, DEFAULT_RENDITION_WIDTH)?.url ?? stored;
  return {
    url,
    width: record?.width ?? null,
    height: record?.height ?? null,
    placeholder: record?.placeholder ?? null,
    alt,
    srcSet: jpegs.length ? srcSetOf(jpegs) : url,
    sources: FORMATS.filter((format) => format !== "jpeg")
      .map((format) => ({ type: MIME_TYPES[format], srcSet: srcSetOf(renditions.filter((rendition) => rendition.format === format)) }))
      .filter((source) => source.srcSet !== ""),
    renditions,
    pending: record === null || record.state === "pending",
  };
}

/**
 * The rendition to use where one URL must do (an Open Graph image, an e-mail, a preload): the narrowest
 * at least `width` wide, else the widest there is; in `format` when given. null when there is none.
 */
export function pickRendition<R extends { width: number; format: RenditionFormat }>(renditions: readonly R[], width: number, format?: RenditionFormat): R | null {
  const candidates = renditions.filter((rendition) => !format || rendition.format === format).sort((a, b) => a.width - b.width);
  return candidates.find((rendition) => rendition.width >= width) ?? candidates[candidates.length - 1] ?? null;
}
