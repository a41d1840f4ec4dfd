// Reading an uploaded image. An upload is trusted by its bytes, never by its name or declared type: the
// 5 MB cap is applied while reading, the type comes from the magic bytes, and the size in pixels from the
// header (decompression bombs are refused before a pixel is decoded).
import { invalid, ShopError } from "../shared/index.js";
import { readHeader, UnreadableImageError, type ImageHeader } from "./processing.js";
import { detectImageType, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type ImageExtension } from "./rules.js";

/** What graphql-upload's FileUpload and the REST shim's parsed files have in common. */
export interface ImageUpload {
  createReadStream(): NodeJS.ReadableStream;
  filename?: string;
}

/** Bytes that passed the checks and may be processed and stored. */
export interface CheckedImage {
  bytes: Buffer;
  extension: ImageExtension;
  header: ImageHeader;
}

/** Reads an upload with the 5 MB cap and checks its content, without storing anything. BAD_USER_INPUT on `field`. */
export async function readUpload(upload: ImageUpload, field: string): Promise<CheckedImage> {
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
  return checkImageBytes(Buffer.concat(chunks, size), field);
}

/** The same checks for callers that already hold the bytes (the REST shim). */
export async function checkImageBytes(bytes: Uint8Array, field: string): Promise<CheckedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid({ [field]: [IMAGE_TOO_LARGE] });
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  const extension = detectImageType(buffer);
  if (!extension) throw invalid({ [field]: [IMAGE_WRONG_TYPE] });
  let header: ImageHeader;
  try {
    header = await readHeader(buffer);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw invalid({ [field]: [IMAGE_UNREADABLE] });
    throw error;
  }
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw invalid({ [field]: [IMAGE_TOO_MANY_PIXELS] });
  return { bytes: buffer, extension, header };
}
