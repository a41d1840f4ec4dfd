// The order's state machine: one table of its statuses, which status may follow which, and what entering
// one does beside writing it. A new status (awaiting payment, cancelled, refunded...) is a row here and,
// where it needs one, an effect; the code that places and moves orders reads the table and has no ifs of
// its own about statuses.
//
// The shop's three fulfilment statuses may follow one another in any order (an admin corrects a mistake
// by choosing the status again); an order starts pending.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { queueEmail, type DueEmail, type EmailRecipient } from "../messaging/index.js";
import { reportWebhookEvents, type ReportedEvent } from "../integrations/index.js";
import {
  Checks,
  invalid,
  notFound,
  oneOf,
  ORDER_STATUSES,
  parseId,
  received,
  requireAdmin,
  storedStatus,
  type Deferred,
  type EventBus,
  type OrderStatusName,
  type ShopEvent,
  type Viewer,
} from "../shared/index.js";
import { toOrder, withLines, type OrderWithLines } from "./records.js";

export { ORDER_STATUSES, type OrderStatusName };

/** What entering a status does, beside writing it. */
export type StatusEffect =
  /** Webhook endpoints hear of it: order.placed when placed, order.status_changed on a move (in the change's transaction). */
  | "report-to-webhooks"
  /** The shopper is emailed: the confirmation when placed, the news of the move otherwise (in the change's transaction). */
  | "email-the-shopper"
  /** Live followers (the shopper's order page, the admins' lists) hear of it once the change commits. */
  | "tell-live-followers";

export interface StatusRule {
  /** The statuses an order in this one may move to. */
  next: readonly OrderStatusName[];
  /** What entering this status does, placing included. */
  effects: readonly StatusEffect[];
}

const EVERY_EFFECT: readonly StatusEffect[] = ["report-to-webhooks", "email-the-shopper", "tell-live-followers"];

export const STATUS_RULES: Readonly<Record<OrderStatusName, StatusRule>> = {
  pending: { next: ORDER_STATUSES, effects: EVERY_EFFECT },
  "in-transit": { next: ORDER_STATUSES, effects: EVERY_EFFECT },
  delivered: { next: ORDER_STATUSES, effects: EVERY_EFFECT },
};

/** The status a new order starts in. */
export const FIRST_STATUS: OrderStatusName = "pending";

/** Whether an order in `from` may move to `to` (choosing the status it already has is always allowed: nothing happens). */
export const mayMove = (from: OrderStatusName, to: OrderStatusName): boolean => from === to || STATUS_RULES[from].next.includes(to);

/** What a change of an order's status owes: written in its transaction (webhooks, emails), or told after it commits. */
export interface OwedEffects {
  webhooks: ReportedEvent[];
  emails: DueEmail[];
  /** Announced on the event bus after the commit. */
  news: ShopEvent[];
}

/**
 * What entering the order's current status owes, by the table: `from` is the status it left, or null when
 * the order was just placed. A move to the status it already had owes nothing.
 */
export function effectsOfEntering(order: OrderWithLines, from: OrderStatusName | null): OwedEffects {
  const owed: OwedEffects = { webhooks: [], emails: [], news: [] };
  if (from === order.status) return owed;
  const { id: orderId, orderNumber, userId, status } = order;
  for (const effect of STATUS_RULES[status].effects) {
    if (effect === "report-to-webhooks") {
      owed.webhooks.push(from === null ? { type: "order.placed", data: { order } } : { type: "order.status_changed", data: { order, previousStatus: from } });
    } else if (effect === "email-the-shopper") {
      owed.emails.push(from === null ? { kind: "order-confirmation", orderId, orderNumber } : { kind: "order-status", orderId, orderNumber, status });
    } else {
      owed.news.push(from === null ? { type: "orderPlaced", orderId, userId } : { type: "orderStatusChanged", orderId, userId, status });
    }
  }
  return owed;
}

/** Writes what a change owes inside its transaction; `moreWebhooks` (e.g. stock running low) go out in the same report. */
export async function writeOwedEffects(
  tx: Parameters<typeof reportWebhookEvents>[0],
  owed: OwedEffects,
  shopper: EmailRecipient,
  moreWebhooks: ReportedEvent[] = [],
): Promise<void> {
  await reportWebhookEvents(tx, [...owed.webhooks, ...moreWebhooks]);
  for (const email of owed.emails) await queueEmail(tx, shopper, email);
}

/** Announces what a committed change owes its live followers. */
export async function tellFollowers(events: EventBus, owed: OwedEffects): Promise<void> {
  for (const event of owed.news) await events.publish(event);
}

// Isolation on the embedded database: pglite-prisma-adapter 0.6.1 opens an interactive transaction with
// PGlite's transaction(), which holds PGlite's exclusive lock until Prisma commits or rolls back, and
// PGlite 0.5 takes that same lock for every other query and transaction. So one transaction runs at a
// time and other requests' queries wait outside it rather than slipping into it; no extra lock is needed
// (orders-concurrency.test.ts pins this). Two consequences: code inside a transaction must use `tx`,
// never the outer client (that would wait for itself forever), and a burst of checkouts queues, which Prisma
// counts against maxWait (2 s by default): hence the generous limits, so a queue is not mistaken for a failure.
export const ORDER_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

const statusField = oneOf(ORDER_STATUSES, { required: "The status field is required.", invalid: "The selected status is invalid." });

/** Sets an order's status (admin), as the table allows, with what entering it owes. */
export async function changeStatus(
  prisma: PrismaClient,
  events: EventBus,
  viewer: Viewer | null,
  orderId: unknown,
  given: Deferred<OrderStatusName>,
): Promise<OrderWithLines> {
  requireAdmin(viewer, "orders:write");
  const checks = new Checks();
  const status = checks.field("status", statusField, await received(given));
  checks.done();
  const id = parseId(orderId);
  if (id === null) throw notFound("Order");
  const { order, owed } = await prisma.$transaction(async (tx) => {
    // Locked, so two admins changing one order at once each report the status they really replaced.
    const [before] = await tx.$queryRaw<{ status: OrderStatusName }[]>`SELECT status::text AS status FROM orders WHERE id = ${id} FOR UPDATE`;
    if (!before) throw notFound("Order");
    if (!mayMove(before.status, status)) throw invalid({ status: [`An order that is ${before.status} cannot become ${status}.`] });
    const row = await tx.order.update({
      where: { id },
      data: { status: storedStatus(status) },
      include: { ...withLines, user: { select: { email: true } } },
    });
    const { user, ...updated } = row;
    const changed = toOrder(updated);
    const owed = effectsOfEntering(changed, before.status);
    await writeOwedEffects(tx, owed, { userId: changed.userId, address: user.email });
    return { order: changed, owed };
  }, ORDER_TRANSACTION);
  await tellFollowers(events, owed);
  return order;
}
