// The payment provider seam: the one place money moves outside the shop. The shop's default is the spec's
// simulation (the card form never leaves the browser and every order is paid when placed), whose refunds
// always succeed at once. A real provider (a card processor with a hosted payment page, server/src/payments/)
// implements the same interface; the order room asks it, never the other way round.
import type { Cents } from "../shared/index.js";

/** What a provider is told about the payment it took for an order. */
export interface PaymentOfOrder {
  orderId: number;
  orderNumber: string;
  /** The provider's payment (a Stripe PaymentIntent id), when the payment was taken outside the shop. */
  paymentIntentId?: string | null;
}

/** What a provider is asked to collect for an order, and where it sends the shopper back. */
export interface PaymentRequest {
  orderId: number;
  orderNumber: string;
  amountCents: Cents;
  /** ISO 4217, lower case: the shop's prices are in US dollars. */
  currency: string;
  /** The shopper's e-mail, filled in on the payment page. */
  email: string;
  /** Where the shopper lands after paying, and after turning back. */
  returnUrl: string;
  cancelUrl: string;
  /** When the payment page stops taking the payment (the stock's hold ends then). */
  expiresAt: Date;
}

/** A payment page the provider opened for an order. */
export interface OpenedPayment {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** Where a payment stands at the provider. */
export interface PaymentOutcome {
  sessionId: string;
  /** open: the shopper may still pay; paid; failed: the payment was declined for good; expired: its time ran out. */
  state: "open" | "paid" | "failed" | "expired";
  /** What the provider says it collected (or will), with its currency: checked against the order before it counts. */
  amountCents: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** The shop's order it was opened for, as the shop told the provider (its metadata); null when not said. */
  orderId?: number | null;
}

/** An event the provider sent, once its signature was checked. */
export interface ProviderEvent {
  /** The provider's id for it: the same event sent twice has the same id. */
  id: string;
  type: string;
  /** Where the payment it is about stands, per the event; null for an event the shop does not act on. */
  outcome: PaymentOutcome | null;
}

/** The message of a provider event whose signature does not check out. */
export class BadEventSignature extends Error {}

export interface PaymentProvider {
  /** "simulated", "stripe": stored with each payment and refund. */
  readonly name: string;
  /**
   * Whether the shopper pays on the provider's page after the order is placed: then an order starts awaiting
   * payment, holding its stock. False for the simulation, whose orders are paid when placed.
   */
  readonly paysOutside: boolean;
  /** Opens the payment page for an order; asking twice for one order opens one page (the provider's idempotency). */
  startPayment(request: PaymentRequest): Promise<OpenedPayment>;
  /** Asks the provider where an order's payment stands now. */
  confirm(sessionId: string): Promise<PaymentOutcome>;
  /**
   * Stops an open payment page, so nothing can be paid on it any more; answers where the payment stands then
   * (paid, when the shopper paid just before: the caller must not treat it as stopped).
   */
  cancel(sessionId: string): Promise<PaymentOutcome>;
  /**
   * Gives `amountCents` of the order's payment back to the shopper. `refundId` is the shop's id for this
   * refund: a provider that accepts an idempotency key gets it, so asking twice refunds once. Resolves with
   * the provider's reference; rejects with a reason a person can read.
   */
  refund(payment: PaymentOfOrder, amountCents: Cents, refundId: number): Promise<{ reference: string }>;
  /** Reads an event the provider posted (its raw body and signature header); throws BadEventSignature when forged. */
  readEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** A page of the provider's dashboard about a payment, for the admin; null when there is none. */
  dashboardUrl(paymentIntentId: string): string | null;
}

const notOutside = (): never => {
  throw new Error("The simulated provider takes no payment outside the shop.");
};

/** The spec's simulated payments: nothing is charged, so a refund is a record, done at once. */
export const simulatedPayments: PaymentProvider = {
  name: "simulated",
  paysOutside: false,
  startPayment: async () => notOutside(),
  confirm: async () => notOutside(),
  cancel: async () => notOutside(),
  refund: async (_payment, _amountCents, refundId) => ({ reference: `simulated-refund-${refundId}` }),
  readEvent: () => {
    throw new BadEventSignature("This shop takes no payment events: its payments are simulated.");
  },
  dashboardUrl: () => null,
};
