// The Stripe provider (domain/payments' PaymentProvider) with the official SDK: a Checkout Session per order,
// so the shopper pays on Stripe's hosted page and no card data ever reaches the shop (docs/decisions.md).
// - One line, "Order <number>", for the order's total: the shop has already priced the order to the cent
//   (promotions, tax, delivery), and Stripe is asked to collect exactly that, not to price it again.
// - A session that completes paid (cards) means paid; one that completes unpaid (a bank debit) is paid or
//   failed later, by its own event (async_payment_succeeded / _failed).
// - The session expires when the order's stock hold ends (Stripe allows 30 minutes to 24 hours).
// - Every call that creates something carries an idempotency key made from the shop's own id, so a retry
//   after a timeout or a crash opens one session and gives one refund.
import Stripe from "stripe";
import { BadEventSignature, type OpenedPayment, type PaymentOutcome, type PaymentProvider, type ProviderEvent } from "../domain/payments/index.js";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local fake in tests, http://127.0.0.1:12111); Stripe's own when absent. */
  apiUrl?: string;
}

/** The events the shop acts on: what its webhook endpoint in Stripe's dashboard should send. */
export const STRIPE_EVENTS = ["checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"] as const;

/** Where a session stands, as the shop reads it. */
export function outcomeOfSession(session: Stripe.Checkout.Session, eventType?: string): PaymentOutcome {
  const paymentIntentId = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  const state: PaymentOutcome["state"] =
    eventType === "checkout.session.async_payment_failed"
      ? "failed"
      : session.status === "expired"
        ? "expired"
        : session.status === "complete" && session.payment_status !== "unpaid"
          ? "paid"
          : "open";
  const orderId = Number(session.metadata?.orderId ?? session.client_reference_id);
  return {
    sessionId: session.id,
    state,
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentIntentId,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
  };
}

export function stripePayments(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  const testMode = settings.secretKey.startsWith("sk_test_");
  return {
    name: "stripe",
    paysOutside: true,
    async startPayment(request): Promise<OpenedPayment> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: `Order ${request.orderNumber}` } } }],
          customer_email: request.email,
          client_reference_id: String(request.orderId),
          metadata: { orderId: String(request.orderId), orderNumber: request.orderNumber },
          payment_intent_data: { metadata: { orderId: String(request.orderId), orderNumber: request.orderNumber } },
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `verdant-order-${request.orderId}-payment` },
      );
      if (!session.url) throw new Error("Stripe opened no payment page for the session.");
      return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async confirm(sessionId) {
      return outcomeOfSession(await stripe.checkout.sessions.retrieve(sessionId));
    },
    async cancel(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status !== "open") return outcomeOfSession(session);
      try {
        return outcomeOfSession(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Completed between the two calls: it cannot be expired any more, and where it stands is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return outcomeOfSession(await stripe.checkout.sessions.retrieve(sessionId));
        throw error;
      }
    },
    async refund(payment, amountCents, refundId) {
      if (!payment.paymentIntentId) throw new Error("The order has no Stripe payment to refund.");
      const refund = await stripe.refunds.create(
        { payment_intent: payment.paymentIntentId, amount: amountCents, metadata: { orderId: String(payment.orderId), orderNumber: payment.orderNumber, refundId: String(refundId) } },
        { idempotencyKey: `verdant-refund-${refundId}` },
      );
      if (refund.status === "failed" || refund.status === "canceled") throw new Error(`Stripe answered the refund ${refund.status}.`);
      return { reference: refund.id };
    },
    readEvent(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
      } catch (error) {
        throw new BadEventSignature(error instanceof Error ? error.message : String(error));
      }
      const acted = (STRIPE_EVENTS as readonly string[]).includes(event.type);
      return { id: event.id, type: event.type, outcome: acted ? outcomeOfSession(event.data.object as Stripe.Checkout.Session, event.type) : null };
    },
    dashboardUrl: (paymentIntentId) => `https://dashboard.stripe.com/${testMode ? "test/" : ""}payments/${encodeURIComponent(paymentIntentId)}`,
  };
}
