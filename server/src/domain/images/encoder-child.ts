// The low-priority process that makes renditions in the background (see encoder-process.ts): it answers
// each { id, bytes, job } message with { id, work } or { id, error }.
import { makePicture, type PictureJob } from "./processing.js";

process.on("message", (message: { id: number; bytes: Uint8Array; job: PictureJob }) => {
  makePicture(message.bytes, message.job).then(
    (work) => process.send?.({ id: message.id, work }),
    (error: unknown) => process.send?.({ id: message.id, error: (error as Error).message ?? String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
