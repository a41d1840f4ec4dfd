// The audit trail's entries: what a change made by staff, an API key, or a customer acting on their own
// account (export, deletion) records, and how. An entry is written with `recordActivity` inside the
// transaction of the change it describes, so a change that fails leaves no entry and a committed change
// always has one (the audit tests run every back-office command and look for it).
//
// An entry holds who (a staff member's email as it was then, an API key's name, or "Customer #id": a
// customer's entry names no personal data, so erasing the account leaves nothing of them here), when, from
// where (the request's client address), what (a kind from ACTIVITY_KINDS and its subject), and the changed
// fields before and after. Never a password, a key, a secret or a token: fields named so are left out
// whatever the caller passes (SECRET_FIELD).
import type { Prisma } from "../../generated/prisma/client.js";
import type { Viewer } from "../shared/index.js";

/** What can happen in the back office, by subject; the Activity screen filters by these. */
export const ACTIVITY_KINDS = [
  "product.created",
  "product.updated",
  "product.deleted",
  "product.variants-saved",
  "category.created",
  "category.updated",
  "category.deleted",
  "region.created",
  "region.updated",
  "region.deleted",
  "order.status-changed",
  "order.refunded",
  "user.role-changed",
  "user.staff-role-changed",
  "api-key.created",
  "api-key.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret-rotated",
  "webhook.delivery-resent",
  "webhook.test-sent",
  "promotion.created",
  "promotion.updated",
  "promotion.paused",
  "promotion.resumed",
  "promotion.deleted",
  "promotion.codes-generated",
  "tax.settings-changed",
  "tax.class-saved",
  "tax.class-deleted",
  "tax.rate-set",
  "tax.delivery-rate-set",
  "tax.category-class-set",
  "tax.product-class-set",
  "account.exported",
  "account.deleted",
  "catalogue.imported",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Who can appear in the log. */
export const ACTOR_KINDS = ["staff", "api-key", "customer"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** A changed field: its value before and after (null for "not there": before a creation, after a deletion). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type Changes = Record<string, FieldChange>;

export interface Activity {
  kind: ActivityKind;
  subject: { type: string; id?: string | number | bigint | null; label?: string };
  changes?: Changes;
}

/** Field names whose values never reach the log, whatever a caller passes. */
const SECRET_FIELD = /password|secret|hash|token|signing/i;

/** A value as the log keeps it: JSON, dates as ISO text, big integers and decimals as text. */
function loggable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(loggable);
  if (typeof value === "object") {
    // Prisma's Decimal and other value objects say what they are through toJSON/toString.
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") return (value as { toJSON(): unknown }).toJSON();
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, loggable(item)]));
  }
  return value;
}

/**
 * The fields among `fields` whose values differ between `before` and `after` (either may be null: a creation
 * or a deletion, where every given field counts). Secret fields are never included.
 */
export function changesBetween<T extends object>(before: T | null, after: T | null, fields: readonly (keyof T & string)[]): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    if (SECRET_FIELD.test(field)) continue;
    const was = loggable(before ? (before as Record<string, unknown>)[field] : null);
    const now = loggable(after ? (after as Record<string, unknown>)[field] : null);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
  }
  return changes;
}

function withoutSecrets(changes: Changes): Changes {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !SECRET_FIELD.test(field)).map(([field, change]) => [field, { before: loggable(change.before), after: loggable(change.after) }]));
}

/** A transaction (or, for a change made in one statement, the client): the entry is written on it. */
export type ActivityWriter = Pick<Prisma.TransactionClient, "$executeRaw">;

/**
 * Writes the entry for `activity` done by `viewer`, on `tx`: call it inside the transaction of the change.
 * A staff member is named by their email as it is now (read in the same statement), a key by its name.
 */
export async function recordActivity(tx: ActivityWriter, viewer: Viewer, activity: Activity): Promise<void> {
  const actorKind: ActorKind = viewer.apiKey ? "api-key" : viewer.role === "admin" ? "staff" : "customer";
  const actorId = viewer.apiKey ? null : viewer.userId;
  const apiKeyId = viewer.apiKey?.id ?? null;
  const fixedName = viewer.apiKey ? viewer.apiKey.name : actorKind === "customer" ? `Customer #${viewer.userId}` : null;
  const subjectId = activity.subject.id === undefined || activity.subject.id === null ? null : String(activity.subject.id);
  const changes = JSON.stringify(withoutSecrets(activity.changes ?? {}));
  await tx.$executeRaw`
    INSERT INTO activity_log (actor_kind, actor_id, actor_name, api_key_id, ip, kind, subject_type, subject_id, subject_label, changes)
    VALUES (${actorKind}, ${actorId}::int,
            COALESCE(${fixedName}::text, (SELECT email FROM users WHERE id = ${actorId}::int), ${`User #${actorId}`}),
            ${apiKeyId}::int, ${viewer.from ?? null}::text, ${activity.kind}, ${activity.subject.type}, ${subjectId}::text,
            ${activity.subject.label ?? ""}, ${changes}::jsonb)`;
}
