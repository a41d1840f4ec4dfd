// Refunds: money given back on an order, an amount or some units of its lines, through the payment provider
// that took the payment (domain/payments). The rules:
// - never more than was paid: the refunds that did not fail add up to at most the order's total (checked
//   under the order's row lock, and held by a CHECK on orders.refunded_cents);
// - a line's units: at most those bought less those already refunded; a line's refund is its paid amount
//   (after its share of promotions, with its tax when tax was added on top) in proportion to the units,
//   rounded half up, and the line's last units take exactly what is left of it, so a line refunded in parts
//   adds up to what was paid for it;
// - the refund row is written and counted before the provider is asked (so two refunds at once cannot both
//   pass the limit), then marked succeeded with the provider's reference, or failed with its amount given
//   back to what can still be refunded;
// - each refund that succeeds e-mails the shopper and reports order.refunded, in the transaction that marks it,
//   where the back office's (an admin's, a key's) is also entered in the audit trail (order.refunded: amount and
//   reason); a refund that fails or is refused leaves no entry, nor does a shopper's own cancellation's.
// - only money taken is given back: an order awaiting payment, or whose payment failed, has nothing to refund.
// The order's payment status follows: awaiting payment, unpaid, or from the amounts: paid, partially
// refunded, refunded.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { changesBetween, recordActivity } from "../audit/index.js";
import { reportWebhookEvents } from "../integrations/index.js";
import { queueEmail } from "../messaging/index.js";
import type { PaymentProvider } from "../payments/index.js";
import { mulDivRoundHalfUp } from "../pricing/index.js";
import { cents, Checks, dollarText, fieldRule, invalid, notFound, parseId, received, requireAdmin, ShopError, text, type Cents, type Deferred, type Viewer } from "../shared/index.js";
import { isRecord } from "./cart.js";
import { toOrder, withLines, type OrderWithLines } from "./records.js";
import { ORDER_TRANSACTION } from "./status.js";

/** How an order stands with its payment: whether it was taken, then from what was refunded. */
export type PaymentStatus = "awaiting" | "unpaid" | "paid" | "partially-refunded" | "refunded";

export const paymentStatusOf = (order: { paymentState: "awaiting" | "paid" | "unpaid"; totalCents: Cents; refundedCents: Cents }): PaymentStatus =>
  order.paymentState !== "paid"
    ? order.paymentState
    : order.refundedCents === 0
      ? "paid"
      : order.refundedCents >= order.totalCents
        ? "refunded"
        : "partially-refunded";

const NOTHING_PAID = "This order has not been paid: there is nothing to refund.";

/** What an admin asks to give back: an amount, or units of lines; and why. */
export interface RefundInput {
  /** Whole cents (the API's Money arrives as cents). */
  amount?: unknown;
  lines?: unknown;
  reason?: unknown;
}

/** One line's units in a refund, and what they came to. */
export interface RefundedLine {
  lineId: number;
  quantity: number;
  amountCents: Cents;
}

const reasonField = text("reason", { max: 500 });

const linesField = fieldRule<{ lineId: number; quantity: number }[]>(
  (value, problem) => {
    if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
      problem("Choose the lines to refund (1 to 100), each with a quantity of at least 1.");
      return [];
    }
    const lines = value.map((line) => ({ lineId: isRecord(line) ? parseId(line.lineId) : null, quantity: isRecord(line) ? line.quantity : null }));
    if (lines.some((line) => line.lineId === null || typeof line.quantity !== "number" || !Number.isSafeInteger(line.quantity) || line.quantity < 1)) {
      problem("Each line to refund needs its line and a whole quantity of at least 1.");
      return [];
    }
    if (new Set(lines.map((line) => line.lineId)).size !== lines.length) problem("Name each line once.");
    return lines as { lineId: number; quantity: number }[];
  },
  { type: "array", items: { type: "object" } },
);

export class Refunds {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly provider: PaymentProvider,
  ) {}

  /** Gives back part or all of an order's payment (admins), as the rules above say. */
  async refund(viewer: Viewer | null, orderId: unknown, given: Deferred<RefundInput>): Promise<OrderWithLines> {
    const acting = requireAdmin(viewer, "orders:write");
    const input = await received(given);
    const checks = new Checks();
    const reason = checks.field("reason", reasonField, input.reason);
    const byAmount = input.amount !== undefined && input.amount !== null;
    const byLines = input.lines !== undefined && input.lines !== null;
    if (byAmount === byLines) checks.add("amount", "Give either an amount or the lines to refund.");
    const amountAsked = byAmount ? checks.field("amount", cents("amount"), input.amount) : null;
    const linesAsked = byLines ? checks.field("lines", linesField, input.lines) : [];
    checks.done();
    const id = parseId(orderId);
    if (id === null) throw notFound("Order");
    return this.give(id, byLines ? { lines: linesAsked } : { amountCents: amountAsked! }, reason, acting.userId, acting);
  }

  /**
   * Refunds whatever is left of a cancelled order's payment (the state machine's refund-payment), on behalf of
   * `byUserId` (the admin or the shopper who cancelled it). Nothing left: the order as it is. `staff`, when the
   * back office cancelled it: the refund is entered in the audit trail as theirs.
   */
  refundRest(orderId: number, byUserId: number, staff: Viewer | null = null): Promise<OrderWithLines> {
    return this.give(orderId, "rest", "Order cancelled", byUserId, staff);
  }

  private async give(
    id: number,
    ask: { amountCents: Cents } | { lines: { lineId: number; quantity: number }[] } | "rest",
    reason: string,
    userId: number,
    staff: Viewer | null,
  ): Promise<OrderWithLines> {
    const byLines = ask !== "rest" && "lines" in ask;
    const refund = await this.prisma.$transaction(async (tx) => {
      const [order] = await tx.$queryRaw<{ id: number; orderNumber: string; totalCents: number; refundedCents: number; pricesIncludeTax: boolean; paid: boolean }[]>`
        SELECT id, order_number AS "orderNumber", total_cents AS "totalCents", refunded_cents AS "refundedCents", prices_include_tax AS "pricesIncludeTax",
          payment_state = 'paid' AS paid
        FROM orders WHERE id = ${id} FOR UPDATE`;
      if (!order) throw notFound("Order");
      if (!order.paid && ask !== "rest") throw invalid({ [byLines ? "lines" : "amount"]: [NOTHING_PAID] });
      const left = order.paid ? order.totalCents - order.refundedCents : 0;
      // What is left of a cancelled order's payment may be nothing (a free order, or refunded already).
      if (ask === "rest" && left <= 0) return null;
      let amountCents = ask === "rest" ? left : "amountCents" in ask ? ask.amountCents : 0;
      let lines: RefundedLine[] = [];
      if (ask !== "rest" && "lines" in ask) {
        lines = await this.linesToRefund(tx, order, ask.lines);
        amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
      }
      if (left <= 0) throw invalid({ amount: ["This order has already been refunded in full."] });
      if (amountCents > left) throw invalid({ [byLines ? "lines" : "amount"]: [`At most ${dollarText(left)} can still be refunded on this order.`] });
      if (amountCents <= 0) throw invalid({ lines: ["Those units come to nothing to refund."] });
      await tx.$executeRaw`UPDATE orders SET refunded_cents = refunded_cents + ${amountCents}, updated_at = now() WHERE id = ${id}`;
      return tx.orderRefund.create({
        // An API key is nobody's account (its viewer's userId is 0): its refunds name no person.
        data: { orderId: id, amountCents, lines: lines as unknown as object, reason, provider: this.provider.name, createdById: userId > 0 ? userId : null },
        select: { id: true, amountCents: true, reason: true, lines: true, order: { select: { orderNumber: true, userId: true, userEmail: true, payment: { select: { paymentIntentId: true } } } } },
      });
    }, ORDER_TRANSACTION);
    if (!refund) return toOrder(await this.prisma.order.findUniqueOrThrow({ where: { id }, include: withLines }));

    let outcome: { reference: string } | { failure: string };
    try {
      outcome = await this.provider.refund({ orderId: id, orderNumber: refund.order.orderNumber, paymentIntentId: refund.order.payment?.paymentIntentId ?? null }, refund.amountCents, refund.id);
    } catch (error) {
      outcome = { failure: error instanceof Error ? error.message : String(error) };
    }

    const order = await this.prisma.$transaction(async (tx) => {
      if ("failure" in outcome) {
        await tx.orderRefund.update({ where: { id: refund.id }, data: { state: "failed", failure: outcome.failure.slice(0, 1_000) } });
        await tx.$executeRaw`UPDATE orders SET refunded_cents = refunded_cents - ${refund.amountCents}, updated_at = now() WHERE id = ${id}`;
        return null;
      }
      await tx.orderRefund.update({ where: { id: refund.id }, data: { state: "succeeded", providerReference: outcome.reference } });
      const after = toOrder(await tx.order.findUniqueOrThrow({ where: { id }, include: withLines }));
      await reportWebhookEvents(tx, [{ type: "order.refunded", data: { order: after, refund: { id: refund.id, amountCents: refund.amountCents, reason: refund.reason, lines: refund.lines } } }]);
      await queueEmail(tx, { userId: refund.order.userId, address: refund.order.userEmail }, { kind: "order-refund", orderId: id, orderNumber: refund.order.orderNumber, amountCents: refund.amountCents, reason: refund.reason });
      if (staff) {
        const given = { amountCents: refund.amountCents, reason: refund.reason };
        await recordActivity(tx, staff, { kind: "order.refunded", subject: { type: "order", id, label: refund.order.orderNumber }, changes: changesBetween(null, given, ["amountCents", "reason"]) });
      }
      return after;
    }, ORDER_TRANSACTION);
    if (!order) throw new ShopError("CONFLICT", `The payment provider did not refund it: ${"failure" in outcome ? outcome.failure : ""} Nothing was refunded; you can try again.`);
    return order;
  }

  /** Each asked line's units and amount, as the rules say; problems at `lines`. */
  private async linesToRefund(
    tx: Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0],
    order: { id: number; pricesIncludeTax: boolean },
    asked: readonly { lineId: number; quantity: number }[],
  ): Promise<RefundedLine[]> {
    const bought = await tx.orderLine.findMany({ where: { orderId: order.id }, select: { id: true, name: true, quantity: true, unitPriceCents: true, discountCents: true, taxCents: true } });
    const before = await tx.orderRefund.findMany({ where: { orderId: order.id, state: { not: "failed" } }, select: { lines: true } });
    const done = new Map<number, { quantity: number; amountCents: number }>();
    for (const row of before) {
      for (const line of row.lines as unknown as RefundedLine[]) {
        const sum = done.get(line.lineId) ?? { quantity: 0, amountCents: 0 };
        done.set(line.lineId, { quantity: sum.quantity + line.quantity, amountCents: sum.amountCents + line.amountCents });
      }
    }
    const checks = new Checks();
    const lines = asked.flatMap((want): RefundedLine[] => {
      const line = bought.find((candidate) => candidate.id === want.lineId);
      if (!line) {
        checks.add("lines", `Line ${want.lineId} is not one of this order's.`);
        return [];
      }
      const already = done.get(line.id) ?? { quantity: 0, amountCents: 0 };
      const unitsLeft = line.quantity - already.quantity;
      if (want.quantity > unitsLeft) {
        checks.add("lines", unitsLeft === 0 ? `${line.name} has already been refunded.` : `Only ${unitsLeft} of ${line.name} can still be refunded.`);
        return [];
      }
      const paid = line.unitPriceCents * line.quantity - line.discountCents + (order.pricesIncludeTax ? 0 : line.taxCents);
      const amountCents = want.quantity === unitsLeft ? paid - already.amountCents : mulDivRoundHalfUp(paid, want.quantity, line.quantity);
      return [{ lineId: line.id, quantity: want.quantity, amountCents }];
    });
    checks.done();
    return lines;
  }
}
