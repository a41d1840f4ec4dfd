// Pages of the shop's lists: keyset pagination (never OFFSET), so the hundredth page costs what the first
// does. A list is read in a fixed order of sort keys that always ends with the id, so ties cannot make a
// page repeat or skip an item; the cursor after an item holds that item's sort-key values.
//
// A cursor is opaque to callers: base64url of JSON { l: the list it was made for, k: the key values,
// s: a short checksum }. The list part is a fingerprint of the list, its sort and its filters, so a cursor
// made for another list is refused rather than silently giving a wrong page. Cursors are not secrets (they
// only hold values the item itself shows); the checksum catches edited or truncated ones, and every value
// is checked for its type and range before it reaches SQL.
import crypto from "node:crypto";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { invalid } from "./errors.js";
import { Checks, optionalText } from "./input.js";
import { limitRows } from "./sql.js";

export const MAX_PAGE_SIZE = 100;
const MAX_CURSOR_LENGTH = 2000;

/** A page of a list: the items with their cursors, and whether more follow. */
export interface Page<T> {
  edges: { cursor: string; node: T }[];
  hasNextPage: boolean;
  /** The cursor of the last item; null on an empty page. */
  endCursor: string | null;
  /** Items matching the list's filters over all pages. Runs its query only when called, and only once. */
  totalCount(): Promise<number>;
}

export type KeyKind = "int" | "float" | "time" | "text";
export type KeyValue = number | string | Date;

/** One term of a list's order: a SQL expression, its direction and the kind of value it gives. */
export interface SortKey {
  sql: Prisma.Sql;
  descending: boolean;
  kind: KeyKind;
}

/** The page a caller asked for, checked: how many items, and the key values of the item to start after. */
export interface PageRequest {
  size: number;
  after: KeyValue[] | null;
}

export const CURSOR_INVALID =
  "The cursor in `after` is not one this shop made. Pass the endCursor of an earlier page, or leave `after` out to start from the first page.";
export const CURSOR_FOREIGN =
  "The cursor in `after` belongs to another list (another sort, search or filter). Leave `after` out to start again from the first page.";

/** What a caller may pass to a list that pages and searches. */
export interface ListPageOptions {
  first?: unknown;
  after?: unknown;
  search?: unknown;
}

// Every list read checks its search text: the rule is built once per length, not per request.
const searchRules = new Map<number, ReturnType<typeof optionalText>>();

/** An optional search text, trimmed; "" when blank. Refused when not text or longer than `max`. */
export function checkSearch(value: unknown, max = 255): string {
  let rule = searchRules.get(max);
  if (!rule) searchRules.set(max, (rule = optionalText("search", max)));
  const checks = new Checks();
  const search = checks.field("search", rule, value) ?? "";
  checks.done();
  return search;
}

// ---- reading first/after -----------------------------------------------------------------------------

/** Checks `first` (1..100, defaultSize when absent) and decodes `after` for the list named by `list`. */
export function readPage(first: unknown, after: unknown, defaultSize: number, list: string, keysFor: KeysForCursor): PageRequest {
  const size = readSize(first, defaultSize);
  if (after === undefined || after === null || after === "") return { size, after: null };
  return { size, after: decodeCursor(after, list, keysFor) };
}

/** The sort keys a cursor's values must match; a function when they depend on the first value (a group). */
export type KeysForCursor = SortKey[] | ((values: unknown[]) => SortKey[] | null);

function readSize(first: unknown, defaultSize: number): number {
  if (first === undefined || first === null) return defaultSize;
  if (typeof first !== "number" || !Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw invalid({ first: [`The page size (first) must be a whole number from 1 to ${MAX_PAGE_SIZE}.`] });
  }
  return first;
}

// ---- cursors -----------------------------------------------------------------------------------------

// Every item of a page shares its list's fingerprint: kept for the lists seen lately, not hashed per item.
const fingerprints = new Map<string, string>();
function listFingerprint(list: string): string {
  let fingerprint = fingerprints.get(list);
  if (fingerprint === undefined) {
    fingerprint = crypto.createHash("sha256").update(list).digest("base64url").slice(0, 12);
    if (fingerprints.size >= 1000) fingerprints.clear();
    fingerprints.set(list, fingerprint);
  }
  return fingerprint;
}
const checksum = (list: string, values: unknown[]) =>
  crypto.createHash("sha256").update(`verdant-cursor|${list}|${JSON.stringify(values)}`).digest("base64url").slice(0, 8);

function keyJson(value: KeyValue): number | string {
  return value instanceof Date ? value.toISOString() : value;
}

export function encodeCursor(list: string, values: KeyValue[]): string {
  const l = listFingerprint(list);
  const k = values.map(keyJson);
  return Buffer.from(JSON.stringify({ l, k, s: checksum(l, k) })).toString("base64url");
}

function decodeCursor(cursor: unknown, list: string, keysFor: KeysForCursor): KeyValue[] {
  const refuse = (message = CURSOR_INVALID) => invalid({ after: [message] });
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refuse();
  }
  const { l, k, s } = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof l !== "string" || !Array.isArray(k) || typeof s !== "string" || s !== checksum(l, k)) throw refuse();
  if (l !== listFingerprint(list)) throw refuse(CURSOR_FOREIGN);
  const keys = typeof keysFor === "function" ? keysFor(k) : keysFor;
  if (!keys || keys.length !== k.length) throw refuse();
  const values = k.map((value, index) => keyValue(keys[index].kind, value));
  if (values.some((value) => value === null)) throw refuse();
  return values as KeyValue[];
}

/** A value from a cursor as its key's kind, or null when it is not one (so nothing odd reaches SQL). */
function keyValue(kind: KeyKind, value: unknown): KeyValue | null {
  switch (kind) {
    case "int":
      return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : null;
    case "float":
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    case "time": {
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return null;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? null : date;
    }
    case "text":
      return typeof value === "string" && value.length <= 1000 ? value : null;
  }
}

// ---- SQL -----------------------------------------------------------------------------------------------

const castOf: Record<KeyKind, Prisma.Sql> = {
  int: Prisma.sql`::int4`,
  float: Prisma.sql`::float8`,
  time: Prisma.sql`::timestamptz`,
  text: Prisma.sql`::text`,
};

const param = (key: SortKey, value: KeyValue) => Prisma.sql`${value}${castOf[key.kind]}`;

/** ORDER BY terms for the keys. */
export function orderBy(keys: SortKey[]): Prisma.Sql {
  return Prisma.join(keys.map((key) => Prisma.sql`${key.sql} ${key.descending ? Prisma.sql`DESC` : Prisma.sql`ASC`}`), ", ");
}

/** The keys as result columns k0, k1, ... so each row's cursor can be made from what the query returned. */
export function keyColumns(keys: SortKey[]): Prisma.Sql {
  return Prisma.join(keys.map((key, index) => Prisma.sql`${key.sql} AS ${Prisma.raw(`k${index}`)}`), ", ");
}

/**
 * The condition "comes after these key values" in the keys' order. When every key runs the same way it is
 * one row comparison, which a matching B-tree index answers directly; otherwise the expanded form, with
 * the first key's bound repeated on its own so an index on that key can start there.
 */
export function comesAfter(keys: SortKey[], values: KeyValue[]): Prisma.Sql {
  if (keys.every((key) => key.descending === keys[0].descending)) {
    const left = Prisma.join(keys.map((key) => key.sql), ", ");
    const right = Prisma.join(keys.map((key, index) => param(key, values[index])), ", ");
    return keys[0].descending ? Prisma.sql`(${left}) < (${right})` : Prisma.sql`(${left}) > (${right})`;
  }
  let condition: Prisma.Sql | null = null;
  for (let index = keys.length - 1; index >= 0; index -= 1) {
    const key = keys[index];
    const value = param(key, values[index]);
    const beyond = key.descending ? Prisma.sql`${key.sql} < ${value}` : Prisma.sql`${key.sql} > ${value}`;
    condition = condition ? Prisma.sql`(${beyond} OR (${key.sql} = ${value} AND ${condition}))` : beyond;
  }
  const first = param(keys[0], values[0]);
  const bound = keys[0].descending ? Prisma.sql`${keys[0].sql} <= ${first}` : Prisma.sql`${keys[0].sql} >= ${first}`;
  return Prisma.sql`(${bound} AND ${condition!})`;
}

/** A timestamp as a driver gives it (node-postgres: a Date; PGlite through Prisma: a Date or text), as a Date. */
export const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** Key values as read back from a row's k0, k1, ... columns (drivers differ on timestamps and bigints). */
export function keysOfRow(keys: SortKey[], row: Record<string, unknown>): KeyValue[] {
  return keys.map((key, index) => {
    const value = row[`k${index}`];
    if (key.kind === "time") return asDate(value as string | Date);
    if (key.kind === "text") return String(value);
    return Number(value);
  });
}

/** `text` as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** ` AND `-joined conditions; TRUE when there are none. */
export function allOf(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

// ---- building a page ----------------------------------------------------------------------------------

/** Runs `work` once, on the first call, and gives every caller its answer. */
export function once<T>(work: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= work());
}

/**
 * A page from rows read with LIMIT size + 1 (the extra row only tells that more follow).
 * `cursorOf` gives a row's key values for its cursor.
 */
export function pageOf<R, T>(
  rows: R[],
  request: PageRequest,
  list: string,
  cursorOf: (row: R) => KeyValue[],
  node: (row: R) => T,
  totalCount: () => Promise<number>,
): Page<T> {
  const shown = rows.slice(0, request.size);
  // A cursor costs a hash; most screens ask only for the last one (endCursor), so each is made when read.
  const edges = shown.map((row) => {
    let cursor: string | undefined;
    return {
      node: node(row),
      get cursor() {
        return (cursor ??= encodeCursor(list, cursorOf(row)));
      },
    };
  });
  const hasNextPage = rows.length > request.size;
  // A first page with nothing after it holds the whole list: its length is the count, no query needed.
  const count = request.after === null && !hasNextPage ? async () => edges.length : once(totalCount);
  return {
    edges,
    hasNextPage,
    get endCursor() {
      return edges.at(-1)?.cursor ?? null;
    },
    totalCount: count,
  };
}

/** Rows loaded by id in any order, lined up with `ids` (undefined where a row is gone). */
export function alignedById<T extends { id: number }>(ids: number[], rows: T[]): (T | undefined)[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
}

/**
 * Rows loaded by id (e.g. a findMany with `in`), in the order of `ids`, in chunks so that a whole list
 * (the REST shim's answers) stays under the database's limit of bound parameters.
 */
export async function loadInOrder<T extends { id: number }>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const byId = new Map<number, T>();
  for (let start = 0; start < ids.length; start += 5000) {
    for (const row of await load(ids.slice(start, start + 5000))) byId.set(row.id, row);
  }
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

/** Newest first, then by id: the order of every list of the spec, on `alias`'s columns. */
export function newestFirst(alias: string): SortKey[] {
  return [
    { sql: Prisma.raw(`${alias}.created_at`), descending: true, kind: "time" },
    { sql: Prisma.raw(`${alias}.id`), descending: true, kind: "int" },
  ];
}

/**
 * Runs one read query and answers its rows. The shop's Prisma client by default; on PostgreSQL the
 * database layer hands the hot catalogue reads straight to node-postgres (db/client.ts), which skips
 * Prisma's per-query work: same SQL, same rows (the callers normalise drivers' types anyway).
 */
export type RowReader = <R>(query: Prisma.Sql) => Promise<R[]>;

/** The reader of a Prisma client, for services given none. */
export const prismaReader =
  (prisma: Pick<PrismaClient, "$queryRaw">): RowReader =>
  <R>(query: Prisma.Sql) =>
    prisma.$queryRaw<R[]>(query);

/** Reads a count(*) answer: node-postgres gives bigints as strings, PGlite as numbers or bigints. */
export const countOf = (rows: { count: unknown }[]) => Number(rows[0]?.count ?? 0);

export interface KeysetQuery {
  /** The list's identity for its cursors: its name and every argument that changes what it holds. */
  list: string;
  first: unknown;
  after: unknown;
  defaultSize: number;
  /** Result columns besides the keys, and the FROM clause (with joins) they come from. */
  columns: Prisma.Sql;
  from: Prisma.Sql;
  /** The list's filters; the count uses them too. */
  conditions: Prisma.Sql[];
  keys: SortKey[];
}

/**
 * A page of a list with one sort order: reads size + 1 rows after the cursor, and counts (when asked) with
 * the same filters. `nodes` turns the page's rows into items in the same order; a row whose item is gone
 * meanwhile (deleted between two queries) is left out.
 */
export async function keysetPage<R extends Record<string, unknown>, T>(
  database: PrismaClient | RowReader,
  query: KeysetQuery,
  nodes: (rows: R[]) => Promise<(T | undefined)[]> | (T | undefined)[],
): Promise<Page<T>> {
  const { list, keys, conditions, columns, from } = query;
  const read = typeof database === "function" ? database : prismaReader(database);
  const request = readPage(query.first, query.after, query.defaultSize, list, keys);
  const where = allOf(request.after ? [...conditions, comesAfter(keys, request.after)] : conditions);
  const rows = await read<R>(Prisma.sql`
    SELECT ${columns}, ${keyColumns(keys)} FROM ${from} WHERE ${where} ORDER BY ${orderBy(keys)} ${limitRows(request.size + 1)}`);
  const items = await nodes(rows);
  const kept = rows.map((row, index) => ({ row, node: items[index] })).filter((item): item is { row: R; node: T } => item.node !== undefined);
  const count = async () => countOf(await read<{ count: unknown }>(Prisma.sql`SELECT count(*) AS count FROM ${from} WHERE ${allOf(conditions)}`));
  // A row left out was not the extra one that only tells whether more follow, so size still holds.
  return pageOf(kept, request, list, (item) => keysOfRow(keys, item.row), (item) => item.node, count);
}
