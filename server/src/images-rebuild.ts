// npm run images:rebuild — makes the renditions every stored picture lacks: pictures uploaded before the
// shop made renditions (found through products and past orders), AVIF that a stopped shop did not get to,
// pictures made by an older recipe, and pictures that failed before (tried once more). Idempotent (a
// second run finds nothing to do), resumable (Ctrl-C finishes the picture in hand; run it again to go on),
// safe beside running replicas on PostgreSQL (each picture is claimed in the database first). The shop
// does the same by itself at start-up, in the background: this command is for doing it now, with a
// progress bar. Reads the same configuration as `npm start` (DATABASE_URL, DATA_DIR, UPLOADS_DIR, S3_*).
import "reflect-metadata";
import { ConfigError, loadConfig } from "./config.js";
import { DatabaseOpenError } from "./db/client.js";
import { openOperatorDatabase } from "./db/shop-running.js";
import { inProcessEncoder, RenditionsWorker, type PictureOutcome, type RebuildProgress } from "./domain/images/index.js";
import { createImageStore, S3ImageStore } from "./storage/index.js";

const BAR_WIDTH = 30;

function bar(progress: RebuildProgress): string {
  const share = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
  const filled = Math.round(share * BAR_WIDTH);
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${progress.done}/${progress.total} ${Math.round(share * 100)}%`;
}

function reporter(): (progress: RebuildProgress, outcome: PictureOutcome | null) => void {
  const tty = process.stdout.isTTY;
  return (progress, outcome) => {
    if (!outcome) {
      console.log(progress.total === 0 ? "Every stored picture already has its renditions." : `${progress.total} picture(s) to make renditions for.`);
      return;
    }
    const what = "failure" in outcome ? `FAILED ${outcome.ref}: ${outcome.failure}` : `${outcome.ref}: ${outcome.made} rendition(s)`;
    if (tty) process.stdout.write(`\r\x1b[2K${bar(progress)} ${what.slice(0, 80)}`);
    else console.log(`${bar(progress)} ${what}`);
  };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const db = await openOperatorDatabase(config, ". It makes missing renditions by itself at start-up; to run this command, stop it first.");
  let stopping = false;
  process.on("SIGINT", () => {
    if (stopping) process.exit(130);
    stopping = true;
    process.stdout.write("\nStopping after the picture in hand (Ctrl-C again to stop now)...\n");
  });
  try {
    await db.migrate();
    const store = createImageStore(config);
    const worker = new RenditionsWorker(db.prisma, store, inProcessEncoder);
    const started = Date.now();
    const result = await worker.rebuild(reporter(), () => stopping);
    if (process.stdout.isTTY && result.done > 0) process.stdout.write("\n");
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.done > 0) console.log(`Made ${result.renditions} rendition(s) for ${result.done - result.failed.length} picture(s) in ${seconds} s.`);
    if (stopping && result.done < result.total) console.log(`Stopped with ${result.total - result.done} picture(s) to go: run npm run images:rebuild again to go on.`);
    if (result.failed.length) {
      console.log(`${result.failed.length} picture(s) could not be made (the shop shows their stored file as it is):`);
      for (const failed of result.failed) console.log(`  ${failed.ref}: ${failed.failure}`);
      process.exitCode = 1;
    }
    if (store instanceof S3ImageStore) store.close();
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(`Cannot rebuild the pictures: ${error.message}`);
  else console.error("Cannot rebuild the pictures:", error);
  process.exit(1);
});
