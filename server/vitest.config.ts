import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// type-graphql loads graphql's CommonJS build; make every import in tests use that same module.
const graphqlModule = createRequire(import.meta.url).resolve("graphql");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const project = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  resolve: { alias: { graphql: graphqlModule } },
  test: {
    name,
    include: ["test/**/*.test.ts"],
    exclude,
    env: { NODE_ENV: "test", ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // The suite runs on embedded PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
    projects: [
      // *.pg.test.ts need several processes on one database, which only PostgreSQL serves.
      project("pglite", { TEST_DB: "pglite" }, ["test/**/*.pg.test.ts"]),
      ...(onPostgres ? [project("postgres", { TEST_DB: "postgres" })] : []),
    ],
  },
});
