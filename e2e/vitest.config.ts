import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const project = (name: string) => ({
  test: {
    name,
    include: ["journeys/**/*.test.ts"],
    env: { E2E_DB: name },
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});

export default defineConfig({
  test: {
    // One shop and one browser at a time: these machines have 2 cores, and every journey file starts the shop.
    fileParallelism: false,
    maxWorkers: 1,
    projects: [project("pglite"), ...(onPostgres ? [project("postgres")] : [])],
  },
});
