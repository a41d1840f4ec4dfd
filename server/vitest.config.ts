import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// type-graphql loads graphql's CommonJS build; make every import in tests use that same module.
const graphqlModule = createRequire(import.meta.url).resolve("graphql");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const project = (name: string, env: Record<string, string>, exclude: string[] = [], include = ["test/**/*.test.ts"], globalSetup: string[] = []) => ({
  resolve: { alias: { graphql: graphqlModule } },
  test: {
    name,
    include,
    exclude,
    env: { NODE_ENV: "test", ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup,
  },
});

// *.replica.pg.test.ts run against a test primary and its streaming replica that this project starts
// itself (scripts/test-replica.sh, other ports and folders under /tmp; the machine's own server is untouched).
const replicaPorts = { primary: process.env.REPLICA_TEST_PRIMARY_PORT ?? "5442", replica: process.env.REPLICA_TEST_REPLICA_PORT ?? "5443" };

export default defineConfig({
  test: {
    // The suite runs on embedded PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
    projects: [
      // *.pg.test.ts need several processes on one database, which only PostgreSQL serves.
      project("pglite", { TEST_DB: "pglite" }, ["test/**/*.pg.test.ts"]),
      ...(onPostgres ? [project("postgres", { TEST_DB: "postgres" }, ["test/**/*.replica.pg.test.ts"])] : []),
      ...(onPostgres
        ? [
            project(
              "replica",
              {
                TEST_DB: "postgres",
                TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${replicaPorts.primary}/test`,
                TEST_REPLICA_URL: `postgres://postgres@127.0.0.1:${replicaPorts.replica}/test`,
              },
              [],
              ["test/**/*.replica.pg.test.ts"],
              ["test/replica-setup.ts"],
            ),
          ]
        : []),
    ],
  },
});
