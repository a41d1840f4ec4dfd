// Reading the audit trail (the owner's Activity screen, its CSV export) and keeping it to its retention
// period. Entries are written by the commands themselves (activity.ts); nothing here changes one.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { countOf, csvCell, csvText, invalid, keysetPage, requireAdmin, type Page, type SortKey, type Viewer } from "../shared/index.js";
import { ACTIVITY_KINDS, ACTOR_KINDS, type ActivityKind, type ActorKind, type Changes } from "./activity.js";

const fieldError = (field: string, message: string) => invalid({ [field]: [message] });

export interface ActivityEntry {
  id: string;
  at: Date;
  actorKind: ActorKind;
  actorId: number | null;
  actorName: string;
  apiKeyId: number | null;
  ip: string | null;
  kind: string;
  subjectType: string;
  subjectId: string | null;
  subjectLabel: string;
  changes: Changes;
}

/** Who appears in the log: the Activity screen's "person" choices. `key` is what the filter takes. */
export interface ActivityActor {
  key: string;
  kind: ActorKind;
  name: string;
}

export interface ActivityFilter {
  /** An ActivityActor's key: "staff:12", "api-key:3", "customer:40". */
  actor?: string | null;
  kind?: string | null;
  /** From this moment (inclusive) to that one (exclusive). */
  from?: Date | null;
  to?: Date | null;
}

export const ACTIVITY_PAGE_SIZE = 50;
/** The most rows one CSV export holds: past it, the owner narrows the dates (the answer says so). */
export const MAX_ACTIVITY_CSV_ROWS = 100_000;
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 365;
/** The shortest retention allowed; the database refuses to delete younger entries (migration activity_log). */
export const MIN_ACTIVITY_RETENTION_DAYS = 30;

const NEWEST_FIRST: SortKey[] = [
  { sql: Prisma.raw("a.at"), descending: true, kind: "time" },
  { sql: Prisma.raw("a.id"), descending: true, kind: "int" },
];

interface EntryRow {
  id: bigint | number | string;
  at: Date | string;
  actor_kind: ActorKind;
  actor_id: number | null;
  actor_name: string;
  api_key_id: number | null;
  ip: string | null;
  kind: string;
  subject_type: string;
  subject_id: string | null;
  subject_label: string;
  changes: Changes | string;
}

const COLUMNS = Prisma.sql`a.id, a.at, a.actor_kind, a.actor_id, a.actor_name, a.api_key_id, a.ip, a.kind, a.subject_type, a.subject_id, a.subject_label, a.changes`;

function entryOf(row: EntryRow): ActivityEntry {
  return {
    id: String(row.id),
    at: row.at instanceof Date ? row.at : new Date(row.at),
    actorKind: row.actor_kind,
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorName: row.actor_name,
    apiKeyId: row.api_key_id === null ? null : Number(row.api_key_id),
    ip: row.ip,
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectLabel: row.subject_label,
    changes: typeof row.changes === "string" ? (JSON.parse(row.changes) as Changes) : row.changes,
  };
}

/** The filter, checked: a wrong actor key, kind or date range is refused with what to pass instead. */
function conditionsOf(filter: ActivityFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.actor) {
    const match = /^([a-z-]+):(\d{1,10})$/.exec(filter.actor);
    if (!match || !(ACTOR_KINDS as readonly string[]).includes(match[1])) {
      throw fieldError("actor", 'The person filter takes a key from activityActors, such as "staff:12".');
    }
    const [, kind, id] = match;
    conditions.push(kind === "api-key" ? Prisma.sql`a.actor_kind = 'api-key' AND a.api_key_id = ${Number(id)}` : Prisma.sql`a.actor_kind = ${kind} AND a.actor_id = ${Number(id)}`);
  }
  if (filter.kind) {
    if (!(ACTIVITY_KINDS as readonly string[]).includes(filter.kind)) throw fieldError("kind", `The kind filter takes one of: ${ACTIVITY_KINDS.join(", ")}.`);
    conditions.push(Prisma.sql`a.kind = ${filter.kind}`);
  }
  if (filter.from && filter.to && filter.from >= filter.to) throw fieldError("to", "The end of the period must come after its start.");
  if (filter.from) conditions.push(Prisma.sql`a.at >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`a.at < ${filter.to}`);
  return conditions;
}

const whereOf = (conditions: Prisma.Sql[]) => (conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`);

/** A CSV cell (RFC 4180, the shared room's csv.ts): a leading = + - @ (a spreadsheet formula) neutralised with a quote mark. */
export { csvCell };

const CSV_HEADER = ["at", "who", "who_kind", "from", "kind", "subject_type", "subject_id", "subject", "changes"];

export class ActivityLog {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly retentionDays = DEFAULT_ACTIVITY_RETENTION_DAYS,
  ) {}

  /** A page of entries, newest first, filtered by person, kind and period. The owner's. */
  async page(viewer: Viewer | null, filter: ActivityFilter, options: { first?: unknown; after?: unknown } = {}): Promise<Page<ActivityEntry>> {
    requireAdmin(viewer, "activity:read");
    const conditions = conditionsOf(filter);
    return keysetPage<EntryRow & Record<string, unknown>, ActivityEntry>(
      this.prisma,
      {
        list: JSON.stringify(["activity", filter.actor ?? "", filter.kind ?? "", filter.from?.toISOString() ?? "", filter.to?.toISOString() ?? ""]),
        first: options.first,
        after: options.after,
        defaultSize: ACTIVITY_PAGE_SIZE,
        columns: COLUMNS,
        from: Prisma.sql`activity_log a`,
        conditions,
        keys: NEWEST_FIRST,
      },
      (rows) => rows.map(entryOf),
    );
  }

  /** Everyone who appears in the log, most recently active first, each once under their latest name. */
  async actors(viewer: Viewer | null): Promise<ActivityActor[]> {
    requireAdmin(viewer, "activity:read");
    const rows = await this.prisma.$queryRaw<{ kind: ActorKind; id: number; name: string }[]>`
      SELECT kind, id, name FROM (
        SELECT DISTINCT ON (a.actor_kind, COALESCE(a.api_key_id, a.actor_id))
               a.actor_kind AS kind, COALESCE(a.api_key_id, a.actor_id) AS id, a.actor_name AS name, a.at
          FROM activity_log a
         ORDER BY a.actor_kind, COALESCE(a.api_key_id, a.actor_id), a.at DESC
      ) latest
      ORDER BY latest.at DESC`;
    return rows.map((row) => ({ key: `${row.kind}:${Number(row.id)}`, kind: row.kind, name: row.name }));
  }

  /** The kinds an entry can have, for the kind filter. */
  kinds(viewer: Viewer | null): readonly ActivityKind[] {
    requireAdmin(viewer, "activity:read");
    return ACTIVITY_KINDS;
  }

  /**
   * The filtered entries as CSV (UTF-8, RFC 4180, a header row, oldest first), read in batches. Past
   * MAX_ACTIVITY_CSV_ROWS the export is refused with a message to narrow the period.
   */
  async csv(viewer: Viewer | null, filter: ActivityFilter): Promise<string> {
    requireAdmin(viewer, "activity:read");
    const conditions = conditionsOf(filter);
    const [{ count }] = await this.prisma.$queryRaw<{ count: unknown }[]>`SELECT count(*) AS count FROM activity_log a WHERE ${whereOf(conditions)}`;
    if (countOf([{ count }]) > MAX_ACTIVITY_CSV_ROWS) {
      throw fieldError("to", `This period holds more than ${MAX_ACTIVITY_CSV_ROWS.toLocaleString("en-US")} entries: choose a shorter one to export.`);
    }
    const records: string[][] = [CSV_HEADER];
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const page: EntryRow[] = await this.prisma.$queryRaw<EntryRow[]>`
        SELECT ${COLUMNS} FROM activity_log a
         WHERE ${whereOf(after ? [...conditions, Prisma.sql`(a.at, a.id) > (${after.at}, ${after.id}::bigint)`] : conditions)}
         ORDER BY a.at, a.id LIMIT 5000`;
      for (const entry of page.map(entryOf)) {
        records.push([entry.at.toISOString(), entry.actorName, entry.actorKind, entry.ip ?? "", entry.kind, entry.subjectType, entry.subjectId ?? "", entry.subjectLabel, JSON.stringify(entry.changes)]);
      }
      if (page.length < 5000) break;
      const last = entryOf(page[page.length - 1]);
      after = { at: last.at, id: last.id };
    }
    return csvText(records);
  }

  /**
   * Deletes the entries older than the retention period (ACTIVITY_RETENTION_DAYS, default a year): the only
   * deletion the database allows on the log, said in the transaction (see the migration). Answers how many.
   */
  async prune(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const [, deleted] = await this.prisma.$transaction([
      this.prisma.$executeRaw`SELECT set_config('verdant.activity_retention', 'on', true)`,
      this.prisma.$executeRaw`DELETE FROM activity_log WHERE at < ${cutoff}`,
    ]);
    return deleted;
  }
}
