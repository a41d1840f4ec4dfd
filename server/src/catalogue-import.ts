// npm run catalogue:import -- file.csv [--pictures photos.zip] [--apply] — imports a catalogue file (the columns of docs/api.md, as
// npm run catalogue:export writes them) into the database the configuration names (DATABASE_URL, DATA_DIR),
// as the back office's import does: first a dry run that prints what applying would create, update, leave
// unchanged and refuse (each refused row with its line and reason); with --apply, then applies it in batches,
// printing its progress. With --pictures, the zip's photos are stored first (the picture pipeline) and rows may
// name them by file name. Stopped part-way (Ctrl-C, a crash), the same command with the same file goes on from
// where it stopped; a file applied already changes nothing when applied again.
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.js";
import { DatabaseOpenError } from "./db/client.js";
import { openOperatorDatabase } from "./db/shop-running.js";
import { CatalogueImports, CataloguePictures, type ImportCounts, type ImportProgress, type ImportView } from "./domain/catalogue-transfer/index.js";
import { ImageService, inProcessEncoder } from "./domain/images/index.js";
import { ShopError } from "./domain/shared/index.js";
import { createImageStore, S3ImageStore } from "./storage/index.js";

const USAGE = "Usage: npm run catalogue:import -- file.csv [--pictures photos.zip] [--apply]   (without --apply, only the dry run)";
/** Refused rows printed; the rest are counted. */
const SHOWN_REFUSALS = 20;

const counted = (counts: ImportCounts, verbs: [string, string, string, string]) =>
  `${verbs[0]} ${counts.created}, ${verbs[1]} ${counts.updated}, ${verbs[2]} ${counts.unchanged} product(s); ${verbs[3]} ${counts.refused} (${counts.refusedRows} row(s)).`;

function printRefusals(view: ImportView): void {
  for (const refused of view.plannedRefusals.slice(0, SHOWN_REFUSALS)) console.error(`  ${refused.message}`);
  if (view.refusedRows > SHOWN_REFUSALS) console.error(`  ... and ${view.refusedRows - SHOWN_REFUSALS} more refused row(s).`);
}

/** One line rewritten in place on a terminal; a line every 10% otherwise (a log file stays short). */
function progressPrinter(): ImportProgress {
  let lastTenth = -1;
  return ({ phase, rows, totalRows }) => {
    const share = totalRows === 0 ? 1 : rows / totalRows;
    const line = `${phase === "checking" ? "Checking" : "Applying"}: ${rows} of ${totalRows} rows (${Math.floor(share * 100)}%)`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}${rows === totalRows ? "\n" : ""}`);
    else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      console.error(line);
    }
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { apply: { type: "boolean" }, pictures: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(cwd, positionals[0]);
  if (!fs.existsSync(file)) throw new ConfigError(`there is no file ${file}.`);
  const zip = values.pictures === undefined ? null : path.resolve(cwd, values.pictures);
  if (zip && !fs.existsSync(zip)) throw new ConfigError(`there is no file ${zip}.`);
  const config = loadConfig(process.env, cwd);
  const db = await openOperatorDatabase(config, ": import the file in the back office (Products, Import CSV), or stop the shop first.");
  try {
    await db.migrate();
    const imports = new CatalogueImports(db.prisma);
    const started = Date.now();
    let pictureSetId: number | null = null;
    if (zip) {
      // The pipeline removes the file it is given when done: it gets a copy.
      const copy = path.join(os.tmpdir(), `verdant-pictures-${process.pid}.zip`);
      fs.copyFileSync(zip, copy);
      const store = createImageStore(config);
      const images = new ImageService(db.prisma, store, { encoder: inProcessEncoder });
      const set = await new CataloguePictures(db.prisma, images).storeForOperator({ fileName: path.basename(zip), file: copy });
      if (store instanceof S3ImageStore) store.close();
      if (set.status !== "stored") throw new ConfigError(`storing the pictures failed: ${set.error}`);
      console.error(`Stored ${set.stored} of ${set.total} picture(s) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      for (const refused of set.refusals.slice(0, SHOWN_REFUSALS)) console.error(`  ${refused.name}: ${refused.message}`);
      pictureSetId = set.id;
    }
    const checked = await imports.checkForOperator(path.basename(file), fs.readFileSync(file), progressPrinter(), pictureSetId);
    if (checked.status !== "checked") console.error(`Going on with the unfinished import #${checked.id} of this file (${checked.appliedRows} of ${checked.totalRows} rows applied).`);
    console.error(`Dry run of ${checked.totalRows} row(s) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counted(checked.planned!, ["would create", "update", "leave unchanged", "refused"])}`);
    printRefusals(checked);
    if (!values.apply) {
      console.error("Nothing was changed. Run again with --apply to apply it.");
      return;
    }
    const applying = Date.now();
    const done = await imports.applyForOperator(checked.id, progressPrinter());
    console.error(`Applied in ${((Date.now() - applying) / 1000).toFixed(1)} s: ${counted(done.applied!, ["created", "updated", "left unchanged", "refused"])}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof ShopError) console.error(`Cannot import the catalogue: ${error.message}`);
  else if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) console.error(`Cannot import the catalogue: ${(error as Error).message}\n${USAGE}`);
  else console.error("Cannot import the catalogue:", error);
  process.exit(1);
});
