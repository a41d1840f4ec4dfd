// Which server answers a read, with read replicas (DATABASE_REPLICA_URL): the one rule, in one place.
//
// - Only the catalogue's reads may go to a replica: the reads given to the catalogue (lists, product pages,
//   categories, search's SQL path and its index build, the REST whole lists and server renders that read
//   through them) use Database.catalogue (its `rows`, `searchRows` and `prisma`). Everything else (checkout,
//   orders and their confirmation page, accounts, admin screens, the outbox, every transaction, the live
//   subscriptions' re-reads) uses Database.prisma / readRows, which are the primary's, always.
// - A catalogue read goes to a replica only when (readsFromReplica below):
//   1. a replica answers (one that fails to connect is left for the primary, with a log line and
//      shop_db_replica_up 0, and is probed every second until it answers again);
//   2. it has replayed every catalogue write this process knows of: a catalogueChanged / picturesChanged
//      event heard (any process's write: the same NOTIFY that empties the kept answers), or a write this
//      process committed on the primary. From the moment of the news until the replica's
//      pg_last_wal_replay_lsn() has passed the primary's pg_current_wal_insert_lsn() read just after it, catalogue
//      reads go to the primary: a kept answer refilled after an event is never read from a replica that is
//      behind that event, and a shop's own writes are read back (docs/decisions.md, "Read replicas").
// - A replica's read that finds nothing (no row) is read again on the primary: a product created a moment ago
//   by a process whose news has not arrived yet is still found.
// - Prisma's catalogue reads go through @prisma/extension-read-replicas (reads outside transactions to "the
//   replica", writes and transactions to the primary); the replica it is given is this router, so the same
//   rule picks the server for Prisma's reads and for the hand-written ones.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Prisma as PrismaNamespace } from "../generated/prisma/client.js";
import type { EventBus, RowReader } from "../domain/shared/index.js";
import { catalogueReads, watchReplicas } from "../metrics.js";

type PrismaSql = PrismaNamespace.Sql;

export interface ReplicaLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One read replica: its readers, its Prisma client and how to ask where its replay stands. */
export interface ReplicaServer {
  /** host:port, for logs and the metric's label (never the password). */
  label: string;
  rows: RowReader;
  searchRows: RowReader;
  prisma: PrismaClient;
  /** pg_last_wal_replay_lsn() as a number (throws when the replica does not answer). */
  replayedLsn(): Promise<bigint>;
  close(): Promise<void>;
}

/** The primary's side: its readers and client, and its current WAL position. */
export interface PrimaryServer {
  rows: RowReader;
  searchRows: RowReader;
  prisma: PrismaClient;
  currentLsn(): Promise<bigint>;
}

/** The catalogue's readers (Database.catalogue): a replica's when the rule allows, else the primary's. */
export interface CatalogueReads {
  rows: RowReader;
  searchRows: RowReader;
  /** The primary's Prisma client extended with @prisma/extension-read-replicas: reads routed by the rule. */
  prisma: PrismaClient;
  /** Whether the next catalogue read would go to a replica (no replica configured: false). */
  onReplica(): boolean;
}

/** "0/3000A28" -> a number that orders as the WAL does. */
export function lsnOf(text: string | null | undefined): bigint {
  if (!text) return 0n;
  const [high, low] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Errors that say the server is not there (refused, cut, shutting down, timed out), not that the statement failed. */
export function isConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (typeof code === "string" && (/^08/.test(code) || ["57P01", "57P02", "57P03", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"].includes(code))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|ECONNREFUSED|not queryable/i.test(message ?? "");
}

const PROBE_MS = 1000;
const CATCH_UP_POLL_MS = 20;

interface ReplicaState {
  server: ReplicaServer;
  up: boolean;
  replayed: bigint;
}

export class ReadRouter {
  private readonly replicas: ReplicaState[];
  /** The WAL position every catalogue write known to this process reached; a replica must have replayed it. */
  private required = 0n;
  /** News of writes whose WAL position is still being read from the primary: meanwhile, the primary answers. */
  private pendingMarks = 0;
  private marking: Promise<void> | null = null;
  private markAgain = false;
  private catchUp: NodeJS.Timeout | null = null;
  private readonly probe: NodeJS.Timeout;
  private readonly stops: (() => void)[] = [];
  private closed = false;

  readonly catalogue: CatalogueReads;

  constructor(
    private readonly primary: PrimaryServer,
    replicas: ReplicaServer[],
    events: EventBus,
    private readonly log: ReplicaLog,
    /** @prisma/extension-read-replicas' readReplicas, applied to the primary client (passed in: db/client.ts imports it). */
    extendWithReplicas: (primary: PrismaClient, replica: object) => PrismaClient,
  ) {
    this.replicas = replicas.map((server) => ({ server, up: true, replayed: 0n }));
    this.stops.push(
      events.listen((event) => {
        if (event.type === "catalogueChanged" || event.type === "picturesChanged") this.written();
      }),
      // A listener that reconnects may have missed events: treat it as news of a write.
      events.watchDelivery((news) => {
        if (news === "resumed") this.written();
      }),
      watchReplicas(() => this.replicas.map((replica) => ({ replica: replica.server.label, up: replica.up ? 1 : 0 }))),
    );
    this.probe = setInterval(() => void this.probeAll(), PROBE_MS).unref();
    void this.probeAll();
    this.catalogue = {
      rows: (query) => this.read("rows", query),
      searchRows: (query) => this.read("searchRows", query),
      prisma: extendWithReplicas(primary.prisma, this.prismaRouter()),
      onReplica: () => this.readsFromReplica() !== null,
    };
  }

  /**
   * THE RULE: the replica a catalogue read goes to, or null for the primary. A replica that answers and has
   * replayed every write this process knows of (none pending); several: one at random.
   */
  readsFromReplica(): ReplicaState | null {
    if (this.pendingMarks > 0) return null;
    const fit = this.replicas.filter((replica) => replica.up && replica.replayed >= this.required);
    if (fit.length === 0) return null;
    return fit[Math.floor(Math.random() * fit.length)];
  }

  /** Why the primary answers a catalogue read (the metric's reason). */
  private primaryReason(): "behind" | "down" {
    return this.pendingMarks === 0 && this.replicas.every((replica) => !replica.up) ? "down" : "behind";
  }

  /** A catalogue write happened (heard or committed here): reads go to the primary until replicas replay it. */
  written(): void {
    if (this.closed || this.replicas.length === 0) return;
    this.pendingMarks += 1;
    if (this.marking) {
      this.markAgain = true;
      this.pendingMarks -= 1;
      return;
    }
    this.marking = (async () => {
      try {
        do {
          this.markAgain = false;
          const lsn = await this.primary.currentLsn().catch(() => null);
          // Without the primary's position (it does not answer either) keep the last one: reads fail on the primary anyway.
          if (lsn !== null && lsn > this.required) this.required = lsn;
        } while (this.markAgain);
      } finally {
        this.pendingMarks -= 1;
        this.marking = null;
        this.followReplay();
      }
    })();
  }

  /** Reads the replicas' replay position every few milliseconds until each that answers has caught up. */
  private followReplay(): void {
    if (this.catchUp || this.closed) return;
    const poll = async () => {
      this.catchUp = null;
      const behind = this.replicas.filter((replica) => replica.up && replica.replayed < this.required);
      await Promise.all(behind.map((replica) => this.readReplay(replica)));
      if (!this.closed && this.replicas.some((replica) => replica.up && replica.replayed < this.required)) {
        this.catchUp = setTimeout(() => void poll(), CATCH_UP_POLL_MS);
        this.catchUp.unref();
      }
    };
    this.catchUp = setTimeout(() => void poll(), 0);
    this.catchUp.unref();
  }

  private async readReplay(replica: ReplicaState): Promise<void> {
    try {
      replica.replayed = await replica.server.replayedLsn();
      if (!replica.up) {
        replica.up = true;
        this.log.info({ replica: replica.server.label }, "The read replica answers again: catalogue reads go to it once it has caught up.");
      }
    } catch (error) {
      if (isConnectionError(error)) this.down(replica, error);
    }
  }

  private async probeAll(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => this.readReplay(replica)));
    if (this.replicas.some((replica) => replica.up && replica.replayed < this.required)) this.followReplay();
  }

  private down(replica: ReplicaState, error: unknown): void {
    if (!replica.up) return;
    replica.up = false;
    this.log.error(
      { replica: replica.server.label, err: error },
      "The read replica does not answer: catalogue reads go to the primary until it does (DATABASE_REPLICA_URL).",
    );
  }

  /** A hand-written catalogue read: on the replica the rule picks, else (or when it fails, or finds nothing) on the primary. */
  private async read<R>(kind: "rows" | "searchRows", query: PrismaSql): Promise<R[]> {
    const replica = this.readsFromReplica();
    if (!replica) {
      catalogueReads.inc({ server: "primary", reason: this.primaryReason() });
      return this.primary[kind]<R>(query);
    }
    let rows: R[];
    try {
      rows = await replica.server[kind]<R>(query);
    } catch (error) {
      if (isConnectionError(error)) this.down(replica, error);
      else if ((error as { code?: string }).code === "57014" && kind === "searchRows") throw error; // search's own timeout: "busy", as on the primary
      catalogueReads.inc({ server: "primary", reason: "replica_failed" });
      return this.primary[kind]<R>(query);
    }
    if (rows.length === 0) {
      // Nothing there: perhaps written a moment ago and not replayed yet (news not heard): the primary says.
      catalogueReads.inc({ server: "primary", reason: "replica_empty" });
      return this.primary[kind]<R>(query);
    }
    catalogueReads.inc({ server: "replica", reason: "replica" });
    return rows;
  }

  /**
   * What @prisma/extension-read-replicas is given as its only "replica": for each model and read operation
   * it calls here, the rule picks the replica's client or the primary's (with the same fallbacks).
   */
  private prismaRouter(): object {
    const operationOf = (model: string, operation: string) => async (args: unknown) => {
      const call = (client: PrismaClient) => (client as unknown as Record<string, Record<string, (args: unknown) => Promise<unknown>>>)[model][operation](args);
      const replica = this.readsFromReplica();
      if (!replica) {
        catalogueReads.inc({ server: "primary", reason: this.primaryReason() });
        return call(this.primary.prisma);
      }
      let answer: unknown;
      try {
        answer = await call(replica.server.prisma);
      } catch (error) {
        if (!isConnectionError(error) && !isConnectionError((error as { cause?: unknown }).cause)) throw error;
        this.down(replica, error);
        catalogueReads.inc({ server: "primary", reason: "replica_failed" });
        return call(this.primary.prisma);
      }
      if (answer === null || (Array.isArray(answer) && answer.length === 0)) {
        catalogueReads.inc({ server: "primary", reason: "replica_empty" });
        return call(this.primary.prisma);
      }
      catalogueReads.inc({ server: "replica", reason: "replica" });
      return answer;
    };
    const models = new Map<string, object>();
    return new Proxy(
      {},
      {
        get: (_target, name) => {
          if (typeof name !== "string") return undefined;
          // The extension connects and disconnects its replicas: the replicas' clients are this router's to close.
          if (name.startsWith("$")) return async () => undefined;
          let model = models.get(name);
          if (!model) {
            model = new Proxy({}, { get: (_inner, operation) => (typeof operation === "string" ? operationOf(name, operation) : undefined) });
            models.set(name, model);
          }
          return model;
        },
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    if (this.catchUp) clearTimeout(this.catchUp);
    for (const stop of this.stops) stop();
    await this.marking?.catch(() => undefined);
    await Promise.all(this.replicas.map((replica) => replica.server.close().catch(() => undefined)));
  }
}
