// Product images on disk. An upload is trusted by its bytes, never by its name or declared type, and
// a failed upload leaves nothing behind: files are written under a temporary name and renamed into place.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { invalid, ShopError } from "./errors.js";

/** The largest image the shop takes, in megabytes as Laravel's `max:5120` (kilobytes) counts them. */
const MAX_IMAGE_MEGABYTES = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;

export const IMAGE_TOO_LARGE = `The image may not be greater than ${MAX_IMAGE_MEGABYTES} MB.`;
/** What an upload form says about the images it takes (both APIs' documentation). */
export const IMAGE_RULE = `JPEG, PNG, WebP or GIF, at most ${MAX_IMAGE_MEGABYTES} MB.`;
export const IMAGE_WRONG_TYPE = "The image must be a JPEG, PNG, WebP or GIF file.";
export const IMAGE_UNREADABLE = "The image could not be read. Please upload it again.";

/** What graphql-upload's FileUpload and the REST shim's parsed files have in common. */
export interface ImageUpload {
  createReadStream(): NodeJS.ReadableStream;
  filename?: string;
}

export type ImageExtension = "jpg" | "png" | "gif" | "webp";

/** Bytes that passed the checks and may be written. */
export interface CheckedImage {
  bytes: Buffer;
  extension: ImageExtension;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type by its magic bytes, or null for anything else. */
export function detectImageType(bytes: Buffer): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

export class ImageStore {
  private readonly urlPath: string;

  constructor(
    readonly dir: string,
    urlPath: string,
  ) {
    this.urlPath = urlPath.replace(/\/+$/, "");
  }

  /** Reads, checks and stores an upload; returns its public URL. Fails with BAD_USER_INPUT on `field`. */
  async save(upload: ImageUpload, field: string): Promise<string> {
    return this.write(await this.check(upload, field));
  }

  /** The same for callers that already hold the bytes (the REST shim). */
  async saveBuffer(bytes: Uint8Array, field: string): Promise<string> {
    return this.write(this.checkBuffer(bytes, field));
  }

  /** Reads an upload with the 5 MB cap and checks its content, without writing anything yet. */
  async check(upload: ImageUpload, field: string): Promise<CheckedImage> {
    let stream: NodeJS.ReadableStream;
    try {
      stream = upload.createReadStream();
    } catch {
      throw invalid({ [field]: [IMAGE_UNREADABLE] });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
        size += bytes.length;
        // Leaving the loop destroys the stream: nothing past the cap is read or kept.
        if (size > MAX_IMAGE_BYTES) throw invalid({ [field]: [IMAGE_TOO_LARGE] });
        chunks.push(bytes);
      }
    } catch (error) {
      if (error instanceof ShopError) throw error;
      // graphql-upload errors the stream with HTTP status 413 when its own size limit cuts the file.
      const tooLarge = (error as { status?: unknown }).status === 413;
      throw invalid({ [field]: [tooLarge ? IMAGE_TOO_LARGE : IMAGE_UNREADABLE] });
    }
    return this.checkBuffer(Buffer.concat(chunks, size), field);
  }

  checkBuffer(bytes: Uint8Array, field: string): CheckedImage {
    if (bytes.length > MAX_IMAGE_BYTES) throw invalid({ [field]: [IMAGE_TOO_LARGE] });
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
    const extension = detectImageType(buffer);
    if (!extension) throw invalid({ [field]: [IMAGE_WRONG_TYPE] });
    return { bytes: buffer, extension };
  }

  /** Writes checked bytes under a fresh random name and returns the URL the http layer serves them at. */
  async write(image: CheckedImage): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString("hex")}.${image.extension}`;
    const temporary = path.join(this.dir, `.${name}.partial`);
    try {
      await fs.writeFile(temporary, image.bytes, { flag: "wx" });
      await fs.rename(temporary, path.join(this.dir, name));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return `${this.urlPath}/${name}`;
  }

  /** Removes a file this store wrote, given its URL; anything else (or a file already gone) is ignored. */
  async remove(url: string): Promise<void> {
    const file = this.fileFor(url);
    if (file) await fs.rm(file, { force: true });
  }

  /** The file on disk behind a URL this store returned (for the http layer and tests), or null. */
  fileFor(url: string): string | null {
    if (!url.startsWith(`${this.urlPath}/`)) return null;
    const name = url.slice(this.urlPath.length + 1);
    return STORED_NAME.test(name) ? path.join(this.dir, name) : null;
  }
}
