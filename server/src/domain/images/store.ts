// Where the bytes of pictures live, as the domain sees it: one interface, two implementations in
// server/src/storage/ (a local folder, the default; S3-compatible object storage for several machines).
// Keys are file names such as `3f2a...c9.webp` or `catalog/monstera-1.svg`; products and order lines store
// a picture as its ref, the key under UPLOADS_PATH (`/uploads/3f2a...c9.jpg`), as they always have.
import type { Readable } from "node:stream";

/** The path the shop serves stored pictures under, and the prefix of every ref. */
export const UPLOADS_PATH = "/uploads";

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

export interface ImageStore {
  /** Writes `data` under `key`, whole or not at all; the same key again replaces it. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Streams `key` for the http layer, or null when there is no such file. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes `key`; one that is already gone is no error. */
  remove(key: string): Promise<void>;
  /** The URL a browser fetches `key` at: under /uploads on this shop, or on a CDN's public base URL. */
  publicUrl(key: string): string;
}

/** Keys are plain file names, possibly in one folder (the demo's catalog/): never `..`, never absolute. */
const KEY = /^(?:[a-z0-9_-]+\/)?[a-z0-9][a-z0-9_.-]{0,127}$/i;

export const isStoreKey = (key: string) => KEY.test(key) && !key.includes("..");

/** The key behind a ref, or null for a ref the store does not hold (another site's URL, a hand-edited path). */
export function keyOfRef(ref: string): string | null {
  if (!ref.startsWith(`${UPLOADS_PATH}/`)) return null;
  const key = ref.slice(UPLOADS_PATH.length + 1);
  return isStoreKey(key) ? key : null;
}

export const refOfKey = (key: string) => `${UPLOADS_PATH}/${key}`;

/** The content type of a key, by its extension (keys are named by the shop, after their checked content). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  const types: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    webp: "image/webp",
    avif: "image/avif",
    svg: "image/svg+xml",
  };
  return types[extension] ?? "application/octet-stream";
}
