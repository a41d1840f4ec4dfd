// npm run catalogue:export — writes the whole catalogue as CSV (the columns of docs/api.md, one row per
// variant), streamed from the database page by page: to standard output, or with `-- --out file.csv` to that
// file (written beside it under a temporary name and renamed when complete, so a failed export leaves no half
// file). Reads the same configuration as `npm start` (DATABASE_URL, DATA_DIR). With standard output, run npm
// silently (npm run -s catalogue:export > file.csv) so npm's own banner stays out of the file.
import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.js";
import { DatabaseOpenError } from "./db/client.js";
import { openOperatorDatabase } from "./db/shop-running.js";
import { CatalogueExport } from "./domain/catalogue-transfer/index.js";

const USAGE = "Usage: npm run catalogue:export [-- --out file.csv]   (without --out, the CSV goes to standard output)";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string", short: "o" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.error(USAGE);
    return;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig(process.env, cwd);
  const db = await openOperatorDatabase(config, ": download the file from the back office (Products, Export CSV), or stop the shop first.");
  try {
    await db.migrate();
    const started = Date.now();
    const file = await new CatalogueExport(db.readRows).openForOperator();
    if (!values.out) {
      await file.writeTo(process.stdout, { end: false });
      console.error(`Exported ${file.rowCount} variant row(s) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return;
    }
    const target = path.resolve(cwd, values.out);
    const partial = `${target}.${process.pid}.partial`;
    try {
      await file.writeTo(fs.createWriteStream(partial));
      fs.renameSync(partial, target);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
    console.error(`Exported ${file.rowCount} variant row(s) to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(`Cannot export the catalogue: ${error.message}`);
  else if ((error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") console.error(`Cannot export the catalogue: ${(error as Error).message}\n${USAGE}`);
  else console.error("Cannot export the catalogue:", error);
  process.exit(1);
});
