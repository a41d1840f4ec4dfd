// The image store the configuration asks for: S3-compatible object storage when S3_BUCKET is set (several
// machines share one set of pictures), else the local folder UPLOADS_DIR.
import type { Config } from "../config.js";
import type { ImageStore } from "../domain/images/index.js";
import { LocalImageStore } from "./local-store.js";
import { S3ImageStore } from "./s3-store.js";

export function createImageStore(config: Pick<Config, "uploadsDir" | "s3">): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(config.uploadsDir);
}

export { LocalImageStore, S3ImageStore };
