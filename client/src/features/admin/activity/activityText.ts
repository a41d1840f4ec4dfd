// What the Activity screen says and sends, apart from drawing it: the filters as the address keeps them
// (?person=staff:1&kind=product.updated&from=2026-11-01&to=2026-11-30) and as the API takes them (the period
// [from, to) in instants: the person's To day is included, so `to` is the start of the day after), a changed
// value as a person reads it, and the CSV's file name.
import type { ActivityFilter } from "../../../graphql/generated/graphql";

/** The filters as the address keeps them: each "" when not set. Dates are a day (YYYY-MM-DD) in local time. */
export interface ActivityParams {
  person: string;
  kind: string;
  from: string;
  to: string;
}

export const PARAM_NAMES = ["person", "kind", "from", "to"] as const satisfies ReadonlyArray<keyof ActivityParams>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight that starts this day (YYYY-MM-DD), `plusDays` later; undefined for anything else. */
function startOfDay(day: string, plusDays = 0): Date | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // 2026-02-31 is not a day (Date would roll it over into March).
  const start = new Date(year, month - 1, date);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return undefined;
  return new Date(year, month - 1, date + plusDays);
}

export function paramsOf(search: URLSearchParams): ActivityParams {
  const read = (name: keyof ActivityParams) => search.get(name)?.trim() ?? "";
  const dayOrNothing = (name: "from" | "to") => (startOfDay(read(name)) ? read(name) : "");
  return { person: read("person"), kind: read("kind"), from: dayOrNothing("from"), to: dayOrNothing("to") };
}

/** The address's search after one filter changed (the others kept; an emptied one leaves the address). */
export function withParam(search: URLSearchParams, name: keyof ActivityParams, value: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The filter the API takes: only what is set; From's day from its first instant, To's day to its last. */
export function filterOf(params: ActivityParams): ActivityFilter {
  const filter: ActivityFilter = {};
  if (params.person) filter.actor = params.person;
  if (params.kind) filter.kind = params.kind;
  const from = startOfDay(params.from);
  if (from) filter.from = from.toISOString();
  const to = startOfDay(params.to, 1);
  if (to) filter.to = to.toISOString();
  return filter;
}

/** Whether the period ends before it starts (it then matches nothing). */
export const periodReversed = (params: ActivityParams) => params.from !== "" && params.to !== "" && params.to < params.from;

/** Whether any filter is set. */
export const anyFilter = (params: ActivityParams) => PARAM_NAMES.some((name) => params[name] !== "");

/** What kind of actor, as a badge says it. */
export function actorKindLabel(kind: string): string {
  if (kind === "staff") return "Staff";
  if (kind === "api-key") return "API key";
  if (kind === "customer") return "Customer";
  return kind;
}

const LONGEST_VALUE = 80;

/** A JSON value as text: strings bare, lists joined, objects as key: value. */
function readable(value: unknown): string {
  if (value === null) return "none";
  if (typeof value === "string") return value === "" ? '""' : value;
  if (Array.isArray(value)) return value.length === 0 ? "[]" : value.map(readable).join(", ");
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length === 0 ? "{}" : `{ ${entries.map(([key, inner]) => `${key}: ${readable(inner)}`).join(", ")} }`;
  }
  return String(value);
}

/**
 * A changed field's value before or after (JSON text from the API) as a person reads it: "—" when it was not
 * there (before a creation, after a deletion), shortened past 80 characters.
 */
export function changeValueText(json: string | null): string {
  if (json === null) return "—";
  let text: string;
  try {
    text = readable(JSON.parse(json) as unknown);
  } catch {
    text = json;
  }
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
}

/** The subject's type and id, e.g. "product #12" (the type alone when it has no id). */
export const subjectRef = (type: string, id: string | null) => (id ? `${type} #${id}` : type);

/** activity-2026-11-24.csv: the day it was exported, in local time. */
export function csvFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `activity-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
