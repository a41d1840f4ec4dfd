// The tests StrykerJS runs against each mutant of the pricing room (npm run test:mutation): the pure
// engine's properties and rules, no database, so a mutant is judged in milliseconds.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/pricing-engine.test.ts", "test/promotions-in-force.test.ts"],
    env: { NODE_ENV: "test" },
  },
});
