// Pictures in a folder on this machine (UPLOADS_DIR): the default, and what one machine needs. Several
// replicas can share it through a network file system; otherwise use the S3 store (s3-store.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, isStoreKey, UPLOADS_PATH, type ImageStore, type StoredFile } from "../domain/images/index.js";

export class LocalImageStore implements ImageStore {
  constructor(
    readonly dir: string,
    /** Where browsers fetch the files: this shop's /uploads unless a CDN in front of it serves them. */
    private readonly publicBaseUrl: string = UPLOADS_PATH,
  ) {}

  private fileOf(key: string): string {
    if (!isStoreKey(key)) throw new Error(`not an image store key: ${key}`);
    return path.join(this.dir, key);
  }

  /** Written under a temporary name and renamed into place: a reader never sees half a file. */
  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(4).toString("hex")}.partial`);
    try {
      await fsp.writeFile(temporary, data, { flag: "wx" });
      await fsp.rename(temporary, file);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isStoreKey(key)) return null;
    try {
      return await fsp.readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isStoreKey(key)) return null;
    const file = this.fileOf(key);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { body: fs.createReadStream(file), size: stat.size, contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (isStoreKey(key)) await fsp.rm(this.fileOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl.replace(/\/+$/, "")}/${key}`;
  }
}
