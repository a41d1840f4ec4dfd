// Mutation testing of the pricing room (domain/pricing: arithmetic, promotions, taxes, the engine): each
// mutant must be killed by test/pricing-engine.test.ts. `npm run test:mutation` (from the root or server/).
// The report's surviving mutants are judged in docs/decisions.md ("Pricing: mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: ["src/domain/pricing/*.ts", "!src/domain/pricing/index.ts"],
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["clear-text", "progress"],
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: "../.stryker-tmp",
  cleanTempDir: "always",
};
