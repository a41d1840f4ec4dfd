// Mutation testing of the pricing room (domain/pricing: arithmetic, promotions, taxes, the engine), of which
// promotions a cart may get (domain/promotions/in-force.ts) and of a product's tax class (domain/taxes/
// rates.ts): each mutant must be killed by the pure tests, test/pricing-engine.test.ts and
// test/promotions-in-force.test.ts; their statements are marked `Stryker disable` and judged by the
// database tests. `npm run test:mutation` (from the root or server/).
// The report's surviving mutants are judged in docs/decisions.md ("Pricing: mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: ["src/domain/pricing/*.ts", "!src/domain/pricing/index.ts", "src/domain/promotions/in-force.ts", "src/domain/taxes/rates.ts"],
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["clear-text", "progress"],
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: "../.stryker-tmp",
  cleanTempDir: "always",
};
