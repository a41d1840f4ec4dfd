// Drift check without any native binary: the committed migrations, applied to a fresh database, must
// produce the same tables, columns, indexes and foreign keys as the current prisma/schema.prisma.
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { newPGlite } from "../src/db/client.js";
import { applyMigrations, readMigrations } from "../src/db/migrate.js";

const root = path.resolve(import.meta.dirname, "../..");

function runnerFor(db: PGlite) {
  return {
    exec: async (sql: string) => void (await db.exec(sql)),
    query: async (sql: string, params?: unknown[]) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    transaction: async <T>(work: (tx: { exec(sql: string): Promise<void>; query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> }) => Promise<T>) =>
      db.transaction((tx) =>
        work({
          exec: async (sql) => void (await tx.exec(sql)),
          query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows,
        }),
      ),
  };
}

async function describeDatabase(db: PGlite) {
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
  );
  // Hand-written expression indexes (lower(...), and the category sort orders on COALESCE(...) and CASE),
  // covering indexes (INCLUDE) and partial unique indexes (WHERE: one default tax class) are extra rules
  // Prisma cannot express; compare the rest.
  const indexes = await db.query(
    `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
     AND indexdef NOT LIKE '%lower(%' AND indexdef NOT LIKE '%COALESCE(%' AND indexdef NOT LIKE '%CASE%'
     AND indexdef NOT LIKE '%INCLUDE (%' AND indexdef NOT LIKE '% WHERE %' ORDER BY indexdef`,
  );
  const foreignKeys = await db.query(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'f' ORDER BY conname`,
  );
  const enums = await db.query(
    `SELECT t.typname, e.enumlabel FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY t.typname, e.enumsortorder`,
  );
  return { columns: columns.rows, indexes: indexes.rows, foreignKeys: foreignKeys.rows, enums: enums.rows };
}

describe("migrations", () => {
  it("the committed migrations match prisma/schema.prisma (no drift)", async () => {
    const fromSchema = execFileSync(
      process.execPath,
      [path.join(root, "node_modules/prisma/build/index.js"), "migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: "postgresql://unused@localhost/unused" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    const migrated = newPGlite();
    const expected = newPGlite();
    try {
      await applyMigrations(runnerFor(migrated));
      await expected.exec(fromSchema);
      expect(await describeDatabase(migrated)).toEqual(await describeDatabase(expected));
    } finally {
      await migrated.close();
      await expected.close();
    }
  }, 120_000);

  it("applying migrations twice applies nothing the second time, and an edited migration is refused", async () => {
    const db = newPGlite();
    try {
      const first = await applyMigrations(runnerFor(db));
      expect(first).toEqual(readMigrations().map((migration) => migration.name));
      expect(await applyMigrations(runnerFor(db))).toEqual([]);
      await db.query(`UPDATE "_prisma_migrations" SET checksum = 'tampered'`);
      await expect(applyMigrations(runnerFor(db))).rejects.toThrow(/was changed after it was applied/);
    } finally {
      await db.close();
    }
  });
});
