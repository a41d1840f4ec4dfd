// The tests StrykerJS runs against each mutant of the promotions' and taxes' database side (npm run
// test:mutation: stryker.database.config.mjs): the editor, the code batches, the uses counted under their
// limits and given back, the tax settings. They run on embedded PGlite, as `npm test` does first.
import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// type-graphql loads graphql's CommonJS build; make every import in tests use that same module.
const graphqlModule = createRequire(import.meta.url).resolve("graphql");

export default defineConfig({
  resolve: { alias: { graphql: graphqlModule } },
  test: {
    include: [
      "test/promotions.test.ts",
      "test/promotion-editor.test.ts",
      "test/back-office-pricing.test.ts",
      "test/pricing.test.ts",
      "test/pricing-terms.test.ts",
      "test/order-cancel.test.ts",
      "test/tax-settings.test.ts",
      // What each change writes in the audit trail. (permissions.test.ts, the table of who may call what,
      // is left out: it runs every field of the schema, minutes per mutant; the rooms' own tests check
      // their refusals.)
      "test/audit-catalogue.test.ts",
    ],
    env: { NODE_ENV: "test", TEST_DB: "pglite" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
