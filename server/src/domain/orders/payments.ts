// Payments taken on the payment provider's own page (domain/payments: Stripe Checkout), after the order is
// placed. The rules:
// - an order placed while such a provider is configured starts awaiting payment and holds its stock (taken
//   at checkout as for any order, so no one else can buy the last unit while its shopper pays);
// - its payment page is opened once the order is committed, and again on asking (the provider's idempotency
//   key is the order's id: asking twice, or after a crash, opens one page);
// - the hold lasts PaymentSettings.holdMinutes from placing; the page closes then;
// - the provider's outcome moves the order through the state machine (status.ts), under the order's row
//   lock, so an outcome heard twice (a duplicated event, the event and the sweeper, two replicas) acts once:
//   paid: pending, placed for the shop (order.placed, order.paid, the confirmation e-mail); failed or
//   expired: cancelled, its stock and promotion uses back, nothing to refund;
// - a payment counts only for the amount and currency of the order: another amount is kept aside with its
//   problem for the admin, the order left awaiting payment, holding its stock, until the admin cancels it
//   (and refunds that payment in the provider's dashboard): the sweeper leaves it alone;
// - a payment that arrives for an order cancelled meanwhile is refunded in full at once;
// - events are acted on once by their id (payment_events, written in the transaction of what they did);
// - the sweeper, on every process, asks the provider about payments whose time ran out (and stops them) or
//   that have waited reconcileAfterSeconds without an outcome: a payment taken while the shop was down, or
//   whose event was lost, ends paid all the same.
import type { OrderPayment, PrismaClient } from "../../generated/prisma/client.js";
import type { PaymentOutcome, PaymentProvider } from "../payments/index.js";
import { invalid, notFound, parseId, requireUser, seesEveryone, ShopError, type EventBus, type Viewer } from "../shared/index.js";
import { toOrder, withLines, type OrderWithLines } from "./records.js";
import type { Refunds } from "./refunds.js";
import { mayMove, moveOrderIn, ORDER_TRANSACTION, tellFollowers, type OwedEffects, type StatusTransaction } from "./status.js";

/** Where payments report what went wrong (pino's logger fits). */
export interface PaymentLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PaymentSettings {
  /** How long an order awaiting payment holds its stock (Stripe takes 30 to 1,440 minutes). */
  holdMinutes: number;
  /** How long a payment may wait without an outcome before the sweeper asks the provider about it, in seconds. */
  reconcileAfterSeconds: number;
  /** The shop's address, for the pages the shopper comes back to. */
  shopUrl: () => string | Promise<string>;
}

export const DEFAULT_PAYMENT_SETTINGS = { holdMinutes: 30, reconcileAfterSeconds: 300 } as const;

/** The shop's currency, as payment providers write it. */
export const SHOP_CURRENCY = "usd";

export const PAYMENT_MESSAGES = {
  alreadyPaid: "This order is already paid.",
  cancelled: "This order was cancelled: it can no longer be paid.",
  timeUp: "The time to pay for this order has run out: its items are back on sale.",
  unreachable: "The payment page could not be opened just now. Please try again in a moment.",
  providerDown: "The payment provider could not be reached, so nothing was changed. Please try again in a moment.",
} as const;

/** What the shop did with a provider's outcome or event. */
export type Settled = "paid" | "released" | "open" | "mismatch" | "unchanged" | "duplicate" | "ignored" | "refunded";

const MINUTE = 60_000;

/** Where the shopper comes back to: the order's own page, which says whether the payment arrived. */
export const paymentReturnUrls = (shopUrl: string, orderNumber: string) => {
  const page = `${shopUrl}/user/order/${encodeURIComponent(orderNumber)}`;
  return { returnUrl: `${page}?payment=return`, cancelUrl: `${page}?payment=cancelled` };
};

type OrderToPay = Pick<OrderWithLines, "id" | "orderNumber" | "totalCents" | "userEmail" | "createdAt">;

export class OrderPayments {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly events: EventBus,
    private readonly provider: PaymentProvider,
    private readonly refunds: Refunds,
    private readonly settings: PaymentSettings,
    private readonly log?: PaymentLog,
  ) {}

  /** Whether shoppers pay on the provider's page (orders start awaiting payment). */
  get paysOutside(): boolean {
    return this.provider.paysOutside;
  }

  /** What the storefront needs to know of the shop's payments: who takes them, and how long an order waits for one. */
  get terms(): { provider: string; paysOutside: boolean; holdMinutes: number } {
    return { provider: this.provider.name, paysOutside: this.provider.paysOutside, holdMinutes: this.settings.holdMinutes };
  }

  /** The provider's dashboard page of a payment, for the admin (null when it has none). */
  dashboardUrl(paymentIntentId: string | null): string | null {
    return paymentIntentId ? this.provider.dashboardUrl(paymentIntentId) : null;
  }

  /** When an order placed at `placedAt` stops holding its stock. */
  holdEndsAt(placedAt: Date): Date {
    return new Date(placedAt.getTime() + this.settings.holdMinutes * MINUTE);
  }

  /**
   * The payment page of an order awaiting payment: the one already open, or a new one. The request is made
   * from the order alone (same amount, addresses and end of hold every time), so asking again after a crash
   * gets the page the provider opened the first time.
   */
  async open(order: OrderToPay): Promise<OrderPayment> {
    const existing = await this.prisma.orderPayment.findUnique({ where: { orderId: order.id } });
    if (existing) return existing;
    const expiresAt = this.holdEndsAt(order.createdAt);
    const shopUrl = await this.settings.shopUrl();
    const opened = await this.provider.startPayment({
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: order.totalCents,
      currency: SHOP_CURRENCY,
      email: order.userEmail,
      ...paymentReturnUrls(shopUrl, order.orderNumber),
      expiresAt,
    });
    // Two requests opening the page at once get the same session from the provider; the second row is not written.
    await this.prisma.$executeRaw`
      INSERT INTO order_payments (order_id, provider, session_id, url, amount_cents, currency, expires_at, updated_at)
      VALUES (${order.id}, ${this.provider.name}, ${opened.sessionId}, ${opened.url}, ${order.totalCents}, ${SHOP_CURRENCY}, ${opened.expiresAt}, now())
      ON CONFLICT DO NOTHING`;
    return this.prisma.orderPayment.findUniqueOrThrow({ where: { orderId: order.id } });
  }

  /** After checkout: opens the order's payment page when it awaits one; the order answers without it if the provider fails (payFor asks again). */
  async afterPlacing(order: OrderWithLines): Promise<OrderWithLines> {
    if (order.status !== "awaiting-payment") return order;
    try {
      return { ...order, payment: await this.open(order) };
    } catch (error) {
      this.log?.warn({ err: error, orderId: order.id }, "the payment page could not be opened after checkout");
      return order;
    }
  }

  /** The payment page of the viewer's own order awaiting payment (to pay, or to pay again after turning back). */
  async payFor(viewer: Viewer | null, orderId: unknown): Promise<OrderPayment> {
    const order = await this.ownOrder(viewer, orderId);
    if (order.status === "cancelled") throw invalid({ order: [order.paymentState === "unpaid" ? PAYMENT_MESSAGES.timeUp : PAYMENT_MESSAGES.cancelled] });
    if (order.status !== "awaiting-payment") throw invalid({ order: [PAYMENT_MESSAGES.alreadyPaid] });
    if (this.holdEndsAt(order.createdAt).getTime() <= Date.now()) throw invalid({ order: [PAYMENT_MESSAGES.timeUp] });
    try {
      return await this.open(order);
    } catch (error) {
      this.log?.warn({ err: error, orderId: order.id }, "the payment page could not be opened");
      throw new ShopError("SERVICE_UNAVAILABLE", PAYMENT_MESSAGES.unreachable);
    }
  }

  /**
   * Asks the provider where the payment of an order awaiting it stands, and acts on the answer (the shopper's
   * return from the payment page: the provider's event may come a moment later, or not at all). The order's
   * owner or an admin; the order as it is then.
   */
  async confirm(viewer: Viewer | null, orderId: unknown): Promise<OrderWithLines> {
    const person = requireUser(viewer);
    const id = parseId(orderId);
    const order = id === null ? null : await this.prisma.order.findUnique({ where: { id }, include: withLines });
    if (!order || (order.userId !== person.userId && !seesEveryone(person, "orders:read"))) throw notFound("Order");
    if (order.status === "awaiting_payment" && order.payment?.state === "open") {
      try {
        await this.settle(order.id, await this.provider.confirm(order.payment.sessionId));
      } catch (error) {
        // The shopper still sees the order awaiting payment; the event or the sweeper settles it.
        this.log?.warn({ err: error, orderId: order.id }, "the payment provider could not be asked about a payment");
      }
      return toOrder(await this.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: withLines }));
    }
    return toOrder(order);
  }

  /**
   * Before an order awaiting payment is cancelled (by its shopper or the shop): stops its payment page, so it
   * cannot be paid afterwards. A payment that arrived just before is settled first: the order is then paid,
   * and cancelling it refunds it. Throws when the provider cannot be reached (nothing is cancelled then).
   */
  async stopBeforeCancelling(orderId: number): Promise<void> {
    const payment = await this.prisma.orderPayment.findUnique({ where: { orderId }, select: { state: true, sessionId: true, order: { select: { status: true } } } });
    if (!payment || payment.state !== "open" || payment.order.status !== "awaiting_payment") return;
    let outcome: PaymentOutcome;
    try {
      outcome = await this.provider.cancel(payment.sessionId);
    } catch (error) {
      this.log?.warn({ err: error, orderId }, "the payment provider could not stop a payment page");
      throw new ShopError("SERVICE_UNAVAILABLE", PAYMENT_MESSAGES.providerDown);
    }
    // Paid: the order becomes pending (then the cancel refunds it). Stopped: recorded as expired by the cancel's own move.
    if (outcome.state === "paid") await this.settle(orderId, outcome);
    else await this.prisma.orderPayment.update({ where: { orderId }, data: { state: outcome.state === "open" ? "expired" : outcome.state } });
  }

  /**
   * Acts on an event the provider posted: `rawBody` exactly as received, with its signature header. A forged
   * one throws BadEventSignature (domain/payments) and changes nothing.
   */
  async handleEvent(rawBody: Buffer, signature: string | undefined): Promise<Settled> {
    const event = this.provider.readEvent(rawBody, signature);
    const seen = await this.prisma.paymentEvent.findUnique({ where: { id: event.id }, select: { id: true } });
    if (seen) return "duplicate";
    const record = { id: event.id, type: event.type };
    if (!event.outcome) return this.recordAlone(record, null, "ignored");
    const payment = await this.prisma.orderPayment.findUnique({ where: { sessionId: event.outcome.sessionId }, select: { orderId: true } });
    const orderId = payment?.orderId ?? event.outcome.orderId ?? null;
    // A session the shop did not open (another shop on the same provider account): nothing to do.
    if (orderId === null || !(await this.prisma.order.findUnique({ where: { id: orderId }, select: { id: true } }))) return this.recordAlone(record, null, "ignored");
    return this.settle(orderId, event.outcome, record);
  }

  /**
   * One round of the sweeper: claims up to `batch` open payments whose time ran out or that have waited too
   * long without an outcome (SKIP LOCKED: every process sweeps, none takes another's), and settles each with
   * the provider's answer; orders awaiting payment whose page was never recorded (a crash between the
   * order's commit and the provider's answer) get it opened again, then settled the same way.
   */
  async sweep(now = new Date(), batch = 50): Promise<Record<Settled, number>> {
    const counts: Record<Settled, number> = { paid: 0, released: 0, open: 0, mismatch: 0, unchanged: 0, duplicate: 0, ignored: 0, refunded: 0 };
    const waited = new Date(now.getTime() - this.settings.reconcileAfterSeconds * 1000);
    const orphans = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT o.id FROM orders o
      WHERE o.status = 'awaiting-payment' AND o.created_at <= ${waited} AND NOT EXISTS (SELECT 1 FROM order_payments p WHERE p.order_id = o.id)
      ORDER BY o.created_at LIMIT ${batch}`;
    for (const { id } of orphans) {
      const order = await this.prisma.order.findUnique({ where: { id } });
      if (!order) continue;
      await this.open(order).catch((error: unknown) => this.log?.warn({ err: error, orderId: id }, "the payment sweeper could not open a payment page"));
    }
    const claimed = await this.prisma.$queryRaw<{ orderId: number; sessionId: string; timeUp: boolean }[]>`
      UPDATE order_payments SET checked_at = ${now}
      WHERE id IN (
        SELECT id FROM order_payments
        WHERE state = 'open' AND problem IS NULL AND (expires_at <= ${now} OR (created_at <= ${waited} AND (checked_at IS NULL OR checked_at <= ${waited})))
        ORDER BY expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING order_id AS "orderId", session_id AS "sessionId", expires_at <= ${now} AS "timeUp"`;
    for (const payment of claimed) {
      try {
        // Time up: the page is stopped first, so it cannot be paid after the stock goes back.
        const outcome = payment.timeUp ? await this.provider.cancel(payment.sessionId) : await this.provider.confirm(payment.sessionId);
        const settled = await this.settle(payment.orderId, payment.timeUp && outcome.state === "open" ? { ...outcome, state: "expired" } : outcome);
        counts[settled] += 1;
      } catch (error) {
        this.log?.warn({ err: error, orderId: payment.orderId }, "the payment sweeper could not settle a payment; it tries again next round");
      }
    }
    return counts;
  }

  /**
   * Acts on where order `orderId`'s payment stands, once, under the order's row lock; `event` is recorded in
   * the same transaction (so an event is either acted on and recorded, or neither).
   */
  private async settle(orderId: number, outcome: PaymentOutcome, event?: { id: string; type: string }): Promise<Settled> {
    let refundOwed = false;
    let owed: OwedEffects | null = null;
    let settled: Settled;
    try {
      settled = await this.prisma.$transaction(async (tx) => {
        const result = await this.settleIn(tx, orderId, outcome);
        owed = result.owed;
        refundOwed = result.refundOwed;
        if (event) await this.recordEvent(tx, event, orderId, result.settled);
        return result.settled;
      }, ORDER_TRANSACTION);
    } catch (error) {
      // The same event, acted on by another process a moment ago: its record won.
      if (event && (error as { code?: string }).code === "P2002") return "duplicate";
      throw error;
    }
    if (owed) await tellFollowers(this.events, owed);
    if (refundOwed) {
      await this.refunds.refundRest(orderId, 0);
      return "refunded";
    }
    return settled;
  }

  private async settleIn(tx: StatusTransaction, orderId: number, outcome: PaymentOutcome): Promise<{ settled: Settled; owed: OwedEffects | null; refundOwed: boolean }> {
    const nothing = (settled: Settled) => ({ settled, owed: null, refundOwed: false });
    if (outcome.state === "open") return nothing("open");
    const [order] = await tx.$queryRaw<{ status: string; paymentState: string; totalCents: number }[]>`
      SELECT status::text AS status, payment_state::text AS "paymentState", total_cents AS "totalCents" FROM orders WHERE id = ${orderId} FOR UPDATE`;
    if (!order) return nothing("ignored");
    const payment = await tx.orderPayment.findUnique({ where: { orderId } });
    const paymentData = { paymentIntentId: outcome.paymentIntentId ?? payment?.paymentIntentId ?? null };

    if (outcome.state === "paid") {
      if (order.paymentState === "paid") return nothing("unchanged");
      if (outcome.amountCents !== order.totalCents || outcome.currency?.toLowerCase() !== SHOP_CURRENCY) {
        const problem = `The provider reports ${outcome.amountCents ?? "no amount"} ${outcome.currency ?? ""} paid; the order's total is ${order.totalCents} ${SHOP_CURRENCY} (cents).`;
        this.log?.error({ orderId, outcome }, "a payment's amount or currency does not match its order: not counted");
        if (payment) await tx.orderPayment.update({ where: { orderId }, data: { problem, ...paymentData } });
        return nothing("mismatch");
      }
      if (payment) await tx.orderPayment.update({ where: { orderId }, data: { state: "paid", paidAt: new Date(), problem: null, ...paymentData } });
      else await this.recordPaymentFromOutcome(tx, orderId, outcome, "paid");
      if (order.status !== "awaiting-payment") {
        // Cancelled while its shopper was paying: the money is taken, and goes straight back.
        await tx.order.update({ where: { id: orderId }, data: { paymentState: "paid" } });
        return { settled: "refunded", owed: null, refundOwed: order.status === "cancelled" };
      }
      const moved = await moveOrderIn(tx, orderId, "pending", (before) => assertProviderMove(before.status, "pending"), "paid");
      return { settled: "paid", owed: moved.owed, refundOwed: false };
    }

    // failed or expired: the hold ends.
    if (payment && payment.state === "open") await tx.orderPayment.update({ where: { orderId }, data: { state: outcome.state, ...paymentData } });
    if (order.status !== "awaiting-payment") return nothing("unchanged");
    const moved = await moveOrderIn(tx, orderId, "cancelled", (before) => assertProviderMove(before.status, "cancelled"), "unpaid");
    return { settled: "released", owed: moved.owed, refundOwed: false };
  }

  /** A payment the shop heard of before it recorded its page (it crashed in between): recorded from the provider's outcome. */
  private async recordPaymentFromOutcome(tx: StatusTransaction, orderId: number, outcome: PaymentOutcome, state: string): Promise<void> {
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { createdAt: true, totalCents: true } });
    await tx.orderPayment.create({
      data: {
        orderId,
        provider: this.provider.name,
        sessionId: outcome.sessionId,
        paymentIntentId: outcome.paymentIntentId,
        url: "",
        amountCents: order.totalCents,
        currency: SHOP_CURRENCY,
        state,
        expiresAt: this.holdEndsAt(order.createdAt),
        paidAt: state === "paid" ? new Date() : null,
      },
    });
  }

  private recordEvent(tx: StatusTransaction, event: { id: string; type: string }, orderId: number | null, outcome: Settled) {
    return tx.paymentEvent.create({ data: { id: event.id, provider: this.provider.name, type: event.type, orderId, outcome } });
  }

  private async recordAlone(event: { id: string; type: string }, orderId: number | null, outcome: Settled): Promise<Settled> {
    await this.prisma.paymentEvent.createMany({ data: [{ id: event.id, provider: this.provider.name, type: event.type, orderId, outcome }], skipDuplicates: true });
    return outcome;
  }

  private async ownOrder(viewer: Viewer | null, orderId: unknown) {
    const { userId } = requireUser(viewer);
    const id = parseId(orderId);
    const order = id === null ? null : await this.prisma.order.findUnique({ where: { id } });
    if (!order || order.userId !== userId) throw notFound("Order");
    return toOrder({ ...order, lines: [], promotions: [], refunds: [], payment: null });
  }
}

/** The provider's outcome moves an order only as the status table lets it. */
function assertProviderMove(from: string, to: "pending" | "cancelled"): void {
  if (!mayMove(from as never, to, "provider")) throw new Error(`The payment provider cannot move an order that is ${from} to ${to}.`);
}
