// Pictures in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2, ...): what several
// shop machines share, so a picture uploaded through one replica shows on every other. Keys are the same
// file names the local store uses, under an optional prefix. Browsers fetch them from S3_PUBLIC_URL (a CDN
// or the bucket's public address) when set; otherwise through the shop's own /uploads, which streams them.
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../config.js";
import { contentTypeOf, isStoreKey, UPLOADS_PATH, type ImageStore, type StoredFile } from "../domain/images/index.js";

/** Bucket, region, endpoint, credentials, public URL and prefix: S3_* in config.ts. */
export type S3StoreOptions = S3Config;

/** Content-hashed names never change meaning: browsers and CDNs may keep them for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === "NoSuchKey" || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      // Checksums only where S3 requires them: many S3-compatible servers do not take the SDK's newer
      // streamed checksum trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
    this.prefix = options.prefix ?? "";
  }

  private objectKey(key: string): string {
    if (!isStoreKey(key)) throw new Error(`not an image store key: ${key}`);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: data, ContentType: contentType, CacheControl: IMMUTABLE }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isStoreKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isStoreKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0), contentType: answer.ContentType ?? contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (isStoreKey(key)) await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  /** Whether the bucket answers (start-up check, so a wrong setting stops the shop with a clear line). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: `${this.prefix}.verdant-check` }));
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${(this.options.publicBaseUrl ?? UPLOADS_PATH).replace(/\/+$/, "")}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
