// The images room's public surface: other folders import it only from here.
export { lowPriorityEncoder } from "./encoder-process.js";
export { renditionsOf } from "./pictures.js";
export type { ImageRecord, Picture } from "./pictures.js";
export { inProcessEncoder } from "./processing.js";
export type { PictureEncoder } from "./processing.js";
export { RenditionsWorker } from "./renditions-worker.js";
export type { PictureOutcome, RebuildProgress, WorkerLog } from "./renditions-worker.js";
export { FORMATS, IMAGE_RULE, IMAGE_UNREADABLE, MAX_IMAGE_BYTES, RECIPE } from "./rules.js";
export { ImageService } from "./service.js";
export type { StoredPicture } from "./service.js";
export { contentTypeOf, isStoreKey, refOfKey, UPLOADS_PATH } from "./store.js";
export type { ImageStore, StoredFile } from "./store.js";
export type { CheckedImage, ImageUpload } from "./uploads.js";
