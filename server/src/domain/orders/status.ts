// The order's state machine: one table of its statuses, which status may follow which, and what entering
// one does beside writing it. A new status is a row here and, where it needs one, an effect; the code that
// places and moves orders reads the table and has no ifs of its own about statuses.
//
// The shop's three fulfilment statuses may follow one another in any order (an admin corrects a mistake
// by choosing the status again); an order starts pending, paid. With a payment provider whose shoppers pay
// on its own page (payments.ts) an order starts awaiting payment instead, holding its stock: the provider's
// outcome moves it on (paid: pending, and only then is it placed for the shop: order.placed, order.paid,
// the confirmation e-mail; failed or run out of time: cancelled), and its shopper or the shop may cancel it.
// The shop cancels an order that is pending or in transit (a delivered one is refunded, not cancelled), its
// shopper one that is awaiting payment or pending; a cancelled order stays cancelled. Cancelling gives the
// order's stock and its promotions' uses back, and refunds what was paid.
import type { PaymentState, PrismaClient } from "../../generated/prisma/client.js";
import { queueEmail, type DueEmail, type EmailRecipient } from "../messaging/index.js";
import { reportWebhookEvents, type ReportedEvent } from "../integrations/index.js";
import { releasePromotions } from "../promotions/index.js";
import { changesBetween, recordActivity } from "../audit/index.js";
import {
  Checks,
  FULFILMENT_STATUSES,
  invalid,
  notFound,
  oneOf,
  ORDER_STATUSES,
  parseId,
  received,
  requireAdmin,
  requireUser,
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
  | "tell-live-followers"
  /** The order's units go back to its variants' stock (in the change's transaction). */
  | "return-stock"
  /** The order's promotions get their uses back (in the change's transaction). */
  | "give-back-promotion-uses"
  /** What is left of its payment goes back to the shopper through the payment provider, once the change commits (refunds.ts). */
  | "refund-payment";

export interface StatusRule {
  /** The statuses an order in this one may move to (the shop's staff). */
  next: readonly OrderStatusName[];
  /** Those its shopper may move their own order to. */
  byShopper: readonly OrderStatusName[];
  /** Those the payment provider's outcome moves it to (payments.ts). */
  byProvider: readonly OrderStatusName[];
  /** What entering this status does, placing included. */
  effects: readonly StatusEffect[];
}

const EVERY_EFFECT: readonly StatusEffect[] = ["report-to-webhooks", "email-the-shopper", "tell-live-followers"];

export const STATUS_RULES: Readonly<Record<OrderStatusName, StatusRule>> = {
  // Only the admins' lists hear of it: for the shopper and the integrators the order is placed once paid.
  "awaiting-payment": { next: ["cancelled"], byShopper: ["cancelled"], byProvider: ["pending", "cancelled"], effects: ["tell-live-followers"] },
  pending: { next: [...FULFILMENT_STATUSES, "cancelled"], byShopper: ["cancelled"], byProvider: [], effects: EVERY_EFFECT },
  "in-transit": { next: [...FULFILMENT_STATUSES, "cancelled"], byShopper: [], byProvider: [], effects: EVERY_EFFECT },
  delivered: { next: FULFILMENT_STATUSES, byShopper: [], byProvider: [], effects: EVERY_EFFECT },
  cancelled: { next: [], byShopper: [], byProvider: [], effects: [...EVERY_EFFECT, "return-stock", "give-back-promotion-uses", "refund-payment"] },
};

/** The status a new order starts in: pending (paid when placed), or awaiting payment when the shopper pays on the provider's page. */
export const firstStatus = (paysOutside: boolean): OrderStatusName => (paysOutside ? "awaiting-payment" : "pending");

/** Who moves an order: the shop's staff, its shopper, or the payment provider's outcome. */
export type Mover = "staff" | "shopper" | "provider";

/**
 * Whether an order in `from` may move to `to`, by the shop's staff, its shopper or the payment provider
 * (choosing the status it already has is always allowed: nothing happens).
 */
export const mayMove = (from: OrderStatusName, to: OrderStatusName, by: Mover = "staff"): boolean =>
  from === to || (by === "staff" ? STATUS_RULES[from].next : by === "shopper" ? STATUS_RULES[from].byShopper : STATUS_RULES[from].byProvider).includes(to);

/** What a change of an order's status owes: written in its transaction (webhooks, emails), or told after it commits. */
export interface OwedEffects {
  webhooks: ReportedEvent[];
  emails: DueEmail[];
  /** Announced on the event bus after the commit. */
  news: ShopEvent[];
  /** What goes back in the change's transaction: stock, promotion uses. */
  returns: ("return-stock" | "give-back-promotion-uses")[];
  /** What is left of the payment is refunded once the change commits. */
  refund: boolean;
}

/**
 * What entering the order's current status owes, by the table: `from` is the status it left, or null when
 * the order was just placed. A move to the status it already had owes nothing.
 */
export function effectsOfEntering(order: OrderWithLines, from: OrderStatusName | null): OwedEffects {
  const owed: OwedEffects = { webhooks: [], emails: [], news: [], returns: [], refund: false };
  if (from === order.status) return owed;
  const { id: orderId, orderNumber, userId, status } = order;
  // Placed for the shop now: when placed paid, or when the payment of an order awaiting it arrives.
  const placedNow = from === null || (from === "awaiting-payment" && status === "pending");
  for (const effect of STATUS_RULES[status].effects) {
    if (effect === "report-to-webhooks") {
      if (placedNow) owed.webhooks.push({ type: "order.placed", data: { order } }, { type: "order.paid", data: { order } });
      else owed.webhooks.push({ type: "order.status_changed", data: { order, previousStatus: from } });
      if (from !== null && status === "cancelled") owed.webhooks.push({ type: "order.cancelled", data: { order, previousStatus: from } });
    } else if (effect === "email-the-shopper") {
      owed.emails.push(placedNow ? { kind: "order-confirmation", orderId, orderNumber } : { kind: "order-status", orderId, orderNumber, status });
    } else if (effect === "tell-live-followers") {
      owed.news.push(from === null ? { type: "orderPlaced", orderId, userId } : { type: "orderStatusChanged", orderId, userId, status });
    } else if (effect === "refund-payment") {
      owed.refund = true;
    } else {
      owed.returns.push(effect);
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

export type StatusTransaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Gives back what entering the status owes: the order's units to its variants' stock, its promotions' uses. */
async function giveBack(tx: StatusTransaction, orderId: number, owed: OwedEffects): Promise<void> {
  if (owed.returns.includes("return-stock")) {
    // As every writer of stock does (checkout, the owner's grid): the products' rows first, in id order,
    // then their variants; a variant deleted since is not given anything (its line keeps its SKU).
    await tx.$queryRaw`SELECT id FROM products WHERE id IN (SELECT product_id FROM order_lines WHERE order_id = ${orderId}) ORDER BY id FOR NO KEY UPDATE`;
    await tx.$executeRaw`
      UPDATE product_variants v SET quantity = v.quantity + bought.units, updated_at = now()
      FROM (SELECT variant_id, sum(quantity)::int AS units FROM order_lines WHERE order_id = ${orderId} AND variant_id IS NOT NULL GROUP BY variant_id) bought
      WHERE v.id = bought.variant_id`;
  }
  if (owed.returns.includes("give-back-promotion-uses")) await releasePromotions(tx, orderId);
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

/** An order after a move, and whether it owes a refund of what is left of its payment (the caller asks the provider). */
export interface Moved {
  order: OrderWithLines;
  refundOwed: boolean;
}

/** Sets an order's status (admin), as the table allows, with what entering it owes. */
export async function changeStatus(
  prisma: PrismaClient,
  events: EventBus,
  viewer: Viewer | null,
  orderId: unknown,
  given: Deferred<OrderStatusName>,
): Promise<Moved> {
  const acting = requireAdmin(viewer, "orders:write");
  const checks = new Checks();
  const status = checks.field("status", statusField, await received(given));
  checks.done();
  const id = parseId(orderId);
  if (id === null) throw notFound("Order");
  return moveOrder(
    prisma,
    events,
    id,
    status,
    (before) => {
      if (!mayMove(before.status, status)) throw invalid({ status: [`An order that is ${before.status} cannot become ${status}.`] });
    },
    acting,
  );
}

/** The message a shopper gets for an order of theirs that can no longer be cancelled. */
export const TOO_LATE_TO_CANCEL = "This order can no longer be cancelled: it is already on its way. Please contact us.";

/** A shopper cancels their own order, while the table lets them (awaiting payment, pending). Someone else's order is not found. */
export async function cancelOwnOrder(prisma: PrismaClient, events: EventBus, viewer: Viewer | null, orderId: unknown): Promise<Moved> {
  const { userId } = requireUser(viewer);
  const id = parseId(orderId);
  if (id === null) throw notFound("Order");
  return moveOrder(prisma, events, id, "cancelled", (before) => {
    if (before.userId !== userId) throw notFound("Order");
    if (!mayMove(before.status, "cancelled", "shopper")) throw invalid({ order: [TOO_LATE_TO_CANCEL] });
  });
}

/** The order as a move finds it, under its row lock. */
export interface OrderBeforeMove {
  status: OrderStatusName;
  userId: number;
  paymentState: PaymentState;
}

/**
 * Moves order `id` to `status` once `allowed` accepts it as it is now, with what entering the status owes,
 * all in one transaction. The order's row is locked first, so of two moves at once (two admins, twenty
 * clicks on Cancel) the second sees the first's status: a move to the status the order already has owes
 * nothing, so stock and promotion uses are given back exactly once. A move by the back office (`staff`: an
 * admin or an API key) is entered in the audit trail in the same transaction; a move to the status the
 * order already has changes nothing and is not entered; the shopper's own cancellation is not the back office's.
 */
async function moveOrder(
  prisma: PrismaClient,
  events: EventBus,
  id: number,
  status: OrderStatusName,
  allowed: (before: OrderBeforeMove) => void,
  staff: Viewer | null = null,
): Promise<Moved> {
  const { order, owed } = await prisma.$transaction(async (tx) => {
    const moved = await moveOrderIn(tx, id, status, allowed);
    const changes = changesBetween({ status: moved.before.status }, { status }, ["status"]);
    if (staff && Object.keys(changes).length > 0) {
      await recordActivity(tx, staff, { kind: "order.status-changed", subject: { type: "order", id, label: moved.order.orderNumber }, changes });
    }
    return moved;
  }, ORDER_TRANSACTION);
  await tellFollowers(events, owed);
  return { order, refundOwed: owed.refund };
}

/**
 * moveOrder's work inside the caller's transaction (the caller tells the followers once it commits);
 * `paymentState`, when given, is written with the status (the provider's outcome).
 */
export async function moveOrderIn(
  tx: StatusTransaction,
  id: number,
  status: OrderStatusName,
  allowed: (before: OrderBeforeMove) => void,
  paymentState?: PaymentState,
): Promise<{ order: OrderWithLines; owed: OwedEffects; before: OrderBeforeMove }> {
  const [before] = await tx.$queryRaw<OrderBeforeMove[]>`
    SELECT status::text AS status, user_id AS "userId", payment_state::text AS "paymentState" FROM orders WHERE id = ${id} FOR UPDATE`;
  if (!before) throw notFound("Order");
  allowed(before);
  // A move that gives stock back locks the order's products now, before the order's row changes: writing the
  // order updates the dashboard's rollups (their triggers, migration analytics_rollups_per_row), and every
  // writer locks products before the rollups, as checkout does, so a cancellation and a checkout cannot wait
  // for each other in a circle.
  if (before.status !== status && STATUS_RULES[status].effects.includes("return-stock")) {
    await tx.$queryRaw`SELECT id FROM products WHERE id IN (SELECT product_id FROM order_lines WHERE order_id = ${id}) ORDER BY id FOR NO KEY UPDATE`;
  }
  // An order cancelled before its payment arrived was never paid (payments.ts stops its page first).
  const payment = paymentState ?? (status === "cancelled" && before.paymentState === "awaiting" ? "unpaid" : undefined);
  const row = await tx.order.update({
    where: { id },
    data: { status: storedStatus(status), ...(payment ? { paymentState: payment } : {}) },
    include: { ...withLines, user: { select: { email: true } } },
  });
  const { user, ...updated } = row;
  const changed = toOrder(updated);
  const owed = effectsOfEntering(changed, before.status);
  await giveBack(tx, id, owed);
  await writeOwedEffects(tx, owed, { userId: changed.userId, address: user.email });
  return { order: changed, owed, before };
}
