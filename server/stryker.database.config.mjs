// Mutation testing of the promotions' and taxes' database side: the editor and its code batches
// (domain/promotions/admin.ts), the uses counted under their limits and given back (redemptions.ts) and the
// tax settings (domain/taxes/admin.ts), each mutant judged by the tests that run them on PGlite
// (vitest.mutation-database.config.ts). The second half of `npm run test:mutation` (the first,
// stryker.config.mjs, is the pure pricing room). Survivors are judged in docs/decisions.md ("Pricing:
// mutation testing").
import fs from "node:fs";

// Stryker copies server/ into a sandbox in ../.stryker-tmp; the migrations are read from ../prisma beside
// server/ (src/db/migrate.ts), so the sandbox's parent is given a link to them.
const tempDir = "../.stryker-tmp";
fs.mkdirSync(tempDir, { recursive: true });
if (!fs.existsSync(`${tempDir}/prisma`)) fs.symlinkSync("../prisma", `${tempDir}/prisma`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation-database.config.ts", related: false },
  mutate: process.env.STRYKER_MUTATE?.split(",") ?? ["src/domain/promotions/admin.ts", "src/domain/promotions/redemptions.ts", "src/domain/taxes/admin.ts"],
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/database.json" },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: tempDir,
  cleanTempDir: "always",
  timeoutMS: 30_000,
  // Module-level values (the code alphabet, the batch limits) run every test of every file per mutant: more
  // than half the run's time for a fifth of the mutants. They are left out (the JSON report lists them as ignored).
  ignoreStatic: true,
  // Results kept in reports/stryker-incremental.json: a later run tests only the mutants whose code or tests
  // changed (STRYKER_MUTATE narrows a run to some files, e.g. while killing one file's survivors).
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
};
