// The one place that knows which database the shop runs on. Everything above it sees a PrismaClient.
// - no DATABASE_URL: embedded PGlite (PostgreSQL in WASM) in a folder, or in memory for tests;
// - DATABASE_URL=postgres://...: real PostgreSQL through @prisma/adapter-pg.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { prismaReader, type EventBus, type RowReader } from "../domain/shared/index.js";
import { PrismaClient, type Prisma as PrismaNamespace } from "../generated/prisma/client.js";
import { createLocalEventBus, createPostgresEventBus, type EventErrorHandler } from "./event-bus.js";
import { applyMigrations, type SqlRunner } from "./migrate.js";
import { readTypes } from "./timestamps.js";
import { queryDuration, watch } from "../metrics.js";
import { readReplicas } from "@prisma/extension-read-replicas";
import { lsnOf, ReadRouter, type CatalogueReads, type ReplicaLog, type ReplicaServer } from "./read-routing.js";

export type Prisma = PrismaClient;
type PrismaSql = PrismaNamespace.Sql;
type PgliteAdapter = NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"] & object;

export interface Database {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  /** Shop events for every process on this database (LISTEN/NOTIFY on PostgreSQL, in process on PGlite). */
  events: EventBus;
  /** Runs a read query: straight on node-postgres's pool on PostgreSQL (no Prisma work per query), Prisma's $queryRaw on PGlite. */
  readRows: RowReader;
  /**
   * Runs search's read queries (domain/search). On PostgreSQL, a small pool of its own whose statements
   * time out (SEARCH_STATEMENT_TIMEOUT_MS), so searches can neither take the connections the rest of the
   * shop reads through nor run on; on PGlite (one connection) the same as readRows.
   */
  searchRows: RowReader;
  /**
   * The catalogue's reads (lists, product pages, categories, search and its index): with DATABASE_REPLICA_URL,
   * on a read replica as db/read-routing.ts decides; otherwise the same as prisma, readRows and searchRows.
   */
  catalogue: CatalogueReads;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<string[]>;
  /** Answers when the database can run a query (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = (
  | { kind: "pglite"; dataDir: string | "memory" }
  | {
      kind: "postgres";
      url: string;
      schema?: string;
      poolSize?: number;
      searchPoolSize?: number;
      searchTimeoutMs?: number;
      /** DATABASE_REPLICA_URL: streaming replicas of `url` for the catalogue's reads (db/read-routing.ts). */
      replicaUrls?: string[];
      /** Where a replica going away and coming back is reported. */
      replicaLog?: ReplicaLog;
    }
) & {
  /** Where problems of the event bus are reported (they never fail a request). */
  onEventError?: EventErrorHandler;
};

export class DatabaseOpenError extends Error {}

/** Times a statement's promise into shop_db_query_duration_seconds (whether it answers or fails). */
function timed<T>(result: T): T {
  if (result instanceof Promise) {
    const stop = queryDuration.startTimer();
    const done = () => void stop();
    result.then(done, done);
  }
  return result;
}

/**
 * node-postgres's client, its statements timed: every query of the pool (Prisma's and readRows') goes
 * through it, with a callback (the pool's own query()) or as a promise.
 */
class TimedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const run = super.query as (...given: unknown[]) => unknown;
    const callback = args.at(-1);
    if (typeof callback !== "function") return timed(run.apply(this, args)) as never;
    const stop = queryDuration.startTimer();
    return run.apply(this, [
      ...args.slice(0, -1),
      (...answer: unknown[]) => {
        stop();
        return (callback as (...given: unknown[]) => unknown)(...answer);
      },
    ]) as never;
  }
}

/** The extensions the migrations create (search uses pg_trgm): every embedded database must be opened with them. */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

/** An embedded database in a folder, or in memory when none is given, with the shop's extensions loaded. */
export function newPGlite(folder?: string): PGlite {
  return new PGlite({ ...(folder ? { dataDir: folder } : {}), extensions: PGLITE_EXTENSIONS });
}

async function openPGliteFolder(folder: string): Promise<PGlite> {
  if (!fs.existsSync(path.join(folder, "PG_VERSION"))) {
    // A crash while PGlite creates a fresh folder leaves it unusable, so create it aside and move it in.
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    const scratch = `${folder}.creating-${process.pid}`;
    fs.rmSync(scratch, { recursive: true, force: true });
    const fresh = newPGlite(scratch);
    await fresh.waitReady;
    await fresh.close();
    if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
      throw new DatabaseOpenError(`The folder ${folder} exists but is not a database. Move it away or set DATA_DIR to another folder.`);
    }
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(scratch, folder);
  }
  try {
    const db = newPGlite(folder);
    await db.waitReady;
    return db;
  } catch (error) {
    throw new DatabaseOpenError(
      `The embedded database in ${folder} could not be opened (${(error as Error).message}). ` +
        "Is another shop process using it? If not, it may be damaged: move it away to start afresh (your data stays in the moved folder).",
    );
  }
}

async function openPGlite(dataDir: string | "memory", onEventError: EventErrorHandler): Promise<Database> {
  const pglite = dataDir === "memory" ? newPGlite() : await openPGliteFolder(path.join(dataDir, "pglite"));
  await pglite.waitReady;
  // Timed on the instance; the method is looked up on its class at each call, as a test that counts statements patches it there.
  const ownClass = Object.getPrototypeOf(pglite) as PGlite;
  pglite.query = ((...args: Parameters<PGlite["query"]>) => timed(ownClass.query.apply(pglite, args))) as PGlite["query"];
  // One connection, always there; queries queue inside PGlite rather than in a pool.
  const unwatch = watch("shop_db_pool_connections_total", () => 1);
  // pglite-prisma-adapter 0.6 is typed against an older @prisma/driver-adapter-utils; the runtime contract matches.
  const adapter = new PrismaPGlite(pglite) as unknown as PgliteAdapter;
  const prisma = new PrismaClient({ adapter });
  const runner: SqlRunner = {
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows,
    transaction: async (work) =>
      pglite.transaction(async (tx) =>
        work({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows,
        }),
      ),
  };
  const events = await createLocalEventBus(onEventError, pglite);
  return {
    prisma,
    kind: "pglite",
    events,
    // PGlite's own cost per query dwarfs Prisma's; one path keeps its type handling in one place.
    readRows: prismaReader(prisma),
    searchRows: prismaReader(prisma),
    catalogue: { prisma, rows: prismaReader(prisma), searchRows: prismaReader(prisma), onReplica: () => false },
    migrate: () => applyMigrations(runner),
    ping: async () => {
      await pglite.query("select 1");
    },
    close: async () => {
      unwatch();
      await events.close();
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * A name per distinct read query, so each pooled connection prepares it once and PostgreSQL plans it once
 * (the catalogue's queries differ only in their values). Past MAX_PREPARED texts, queries run unnamed.
 */
const MAX_PREPARED = 500;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `shop_read_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Search's own connections (see Database.searchRows): few, so searches leave the database's CPUs to the rest of the shop. */
export const SEARCH_POOL_SIZE = 2;
/** How long one search statement may run before PostgreSQL cancels it (answered "busy, try again"). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 1000;

interface PostgresPools {
  poolSize: number;
  searchPoolSize: number;
  searchTimeoutMs: number;
}

/** Statements after which the primary holds a write (once they answer): read-routing.ts must see it replayed. */
const WRITES = /^\s*(INSERT|UPDATE|DELETE|COMMIT|MERGE|TRUNCATE|COPY)\b/i;

/** A primary's client that reports each write statement once it has answered (only with read replicas). */
function writeWatchingClient(onWrite: () => void): typeof TimedClient {
  return class WriteWatchingClient extends TimedClient {
    override query(...args: unknown[]): never {
      const first = args[0];
      const text = typeof first === "string" ? first : (first as { text?: unknown } | undefined)?.text;
      if (typeof text !== "string" || !WRITES.test(text)) return super.query(...args);
      const callback = args.at(-1);
      if (typeof callback === "function") {
        return super.query(...args.slice(0, -1), (...answer: unknown[]) => {
          onWrite();
          return (callback as (...given: unknown[]) => unknown)(...answer);
        });
      }
      const result = super.query(...args) as unknown;
      if (result instanceof Promise) result.then(onWrite, onWrite);
      return result as never;
    }
  };
}

/** A read replica's pools (as the primary's: the shop's reads, search's with its timeout) and Prisma client. */
function openReplica(url: string, schema: string | undefined, sizes: PostgresPools): ReplicaServer {
  const parsed = new URL(url);
  parsed.searchParams.delete("schema");
  const searchPath = schema ? `-c search_path="${schema}",public` : "";
  // A replica that is gone must fail fast: its reads then go to the primary.
  const pool = new pg.Pool({ connectionString: parsed.toString(), max: sizes.poolSize, connectionTimeoutMillis: 5000, ...(searchPath ? { options: searchPath } : {}), Client: TimedClient });
  const searchPool = new pg.Pool({
    connectionString: parsed.toString(),
    max: sizes.searchPoolSize,
    connectionTimeoutMillis: 5000,
    options: `${searchPath} -c statement_timeout=${sizes.searchTimeoutMs}`.trim(),
    Client: TimedClient,
  });
  pool.on("error", () => undefined);
  searchPool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined) });
  return {
    label: `${parsed.hostname}:${parsed.port || "5432"}`,
    rows: readerOf(pool),
    searchRows: readerOf(searchPool),
    prisma,
    // A "replica" that is in fact a primary (a managed service's reader endpoint, say) is always caught up.
    replayedLsn: async () =>
      lsnOf((await pool.query<{ lsn: string | null }>("SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END)::text AS lsn")).rows[0].lsn),
    close: async () => {
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await searchPool.end().catch(() => undefined);
    },
  };
}

/** Prisma.Sql gives the text with $1.. placeholders and the values, as node-postgres takes them. */
const readerOf =
  (from: pg.Pool): RowReader =>
  async <R>(query: PrismaSql) =>
    (await from.query({ name: statementName(query.text), text: query.text, values: query.values as unknown[], types: readTypes })).rows as R[];

async function openPostgres(
  url: string,
  schema: string | undefined,
  sizes: PostgresPools,
  onEventError: EventErrorHandler,
  replicaUrls: string[] = [],
  replicaLog: ReplicaLog = { info: (details, message) => console.log(message, details), error: (details, message) => console.error(message, details) },
): Promise<Database> {
  // A private schema sees its own tables first, then public, where the shared extensions (pg_trgm) live.
  const searchPath = schema ? `-c search_path="${schema}",public` : "";
  // With replicas, each write the primary answers is news for the read router (read-your-writes).
  let router: ReadRouter | null = null;
  const Client = replicaUrls.length > 0 ? writeWatchingClient(() => router?.written()) : TimedClient;
  const pool = new pg.Pool({ connectionString: url, max: sizes.poolSize, ...(searchPath ? { options: searchPath } : {}), Client });
  const searchPool = new pg.Pool({
    connectionString: url,
    max: sizes.searchPoolSize,
    options: `${searchPath} -c statement_timeout=${sizes.searchTimeoutMs}`.trim(),
    Client: TimedClient,
  });
  searchPool.on("error", () => undefined);
  const unwatch = [
    watch("shop_db_pool_connections_total", () => pool.totalCount),
    watch("shop_db_pool_connections_idle", () => pool.idleCount),
    watch("shop_db_pool_waiting_requests", () => pool.waitingCount),
  ];
  // An idle client that loses its connection emits 'error' on the pool; without a listener the process dies.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined) });

  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }
  const runnerFor = (client: pg.PoolClient): SqlRunner => ({
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    transaction: async (work) => {
      await client.query("BEGIN");
      try {
        const result = await work(runnerFor(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
  });

  let events: EventBus;
  try {
    events = await createPostgresEventBus(url, schema, pool, onEventError);
  } catch (error) {
    for (const stopReporting of unwatch) stopReporting();
    await pool.end().catch(() => undefined);
    await searchPool.end().catch(() => undefined);
    throw new DatabaseOpenError(`Cannot connect to PostgreSQL (${(error as Error).message}).`);
  }
  const readRows = readerOf(pool);
  const searchRows = readerOf(searchPool);
  if (replicaUrls.length > 0) {
    router = new ReadRouter(
      {
        rows: readRows,
        searchRows,
        prisma,
        currentLsn: async () => lsnOf((await pool.query<{ lsn: string }>("SELECT pg_current_wal_insert_lsn()::text AS lsn")).rows[0].lsn),
      },
      replicaUrls.map((replicaUrl) => openReplica(replicaUrl, schema, sizes)),
      events,
      replicaLog,
      (primary, replica) => primary.$extends(readReplicas({ replicas: [replica as never] })) as unknown as PrismaClient,
    );
  }
  return {
    prisma,
    kind: "postgres",
    events,
    readRows,
    searchRows,
    catalogue: router?.catalogue ?? { prisma, rows: readRows, searchRows, onReplica: () => false },
    migrate: () =>
      withClient(async (client) => {
        if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        // Several replicas may start at once: one migrates, the others wait and then find nothing to do.
        await client.query("SELECT pg_advisory_lock(72707369)");
        try {
          return await applyMigrations(runnerFor(client));
        } finally {
          await client.query("SELECT pg_advisory_unlock(72707369)");
        }
      }),
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      for (const stopReporting of unwatch) stopReporting();
      await router?.close();
      await events.close();
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
      await searchPool.end().catch(() => undefined);
    },
  };
}

const reportToConsole: EventErrorHandler = (message, error) => console.error(message, error);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onEventError = options.onEventError ?? reportToConsole;
  if (options.kind === "pglite") return openPGlite(options.dataDir, onEventError);
  // Like Prisma's own URLs, `?schema=name` picks a schema other than public; node-postgres must not see it.
  const url = new URL(options.url);
  const schema = options.schema ?? (url.searchParams.get("schema") || undefined);
  url.searchParams.delete("schema");
  return openPostgres(
    url.toString(),
    schema,
    {
      poolSize: options.poolSize ?? 10,
      searchPoolSize: options.searchPoolSize ?? SEARCH_POOL_SIZE,
      searchTimeoutMs: options.searchTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS,
    },
    onEventError,
    options.replicaUrls,
    options.replicaLog,
  );
}
