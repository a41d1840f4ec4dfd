// Applies the committed migrations in prisma/migrations at start, recording them in Prisma's own
// _prisma_migrations table, so `prisma migrate status` and `migrate deploy` agree with what ran here.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  transaction<T>(work: (tx: Omit<SqlRunner, "transaction">) => Promise<T>): Promise<T>;
}

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../prisma/migrations");

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

export async function applyMigrations(db: SqlRunner, dir = migrationsDir): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const rows = await db.query(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Map(rows.map((row) => [String(row.migration_name), String(row.checksum)]));
  const applied: string[] = [];
  for (const migration of readMigrations(dir)) {
    const recorded = done.get(migration.name);
    if (recorded) {
      if (recorded !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it was applied. Restore it and add a new migration instead.`);
      }
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [crypto.randomUUID(), migration.checksum, migration.name],
      );
    });
    applied.push(migration.name);
  }
  return applied;
}
