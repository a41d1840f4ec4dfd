// The payment provider seam: the one place money moves outside the shop. The shop's default is the spec's
// simulation (the card form never leaves the browser and every order is paid when placed), whose refunds
// always succeed at once. A real provider (a card processor with a hosted payment page) implements the same
// interface; the order room asks it, never the other way round.
import type { Cents } from "../shared/index.js";

/** What a provider is told about the payment it took for an order. */
export interface PaymentOfOrder {
  orderId: number;
  orderNumber: string;
}

export interface PaymentProvider {
  /** "simulated", "stripe": stored with each refund. */
  readonly name: string;
  /**
   * Gives `amountCents` of the order's payment back to the shopper. `refundId` is the shop's id for this
   * refund: a provider that accepts an idempotency key gets it, so asking twice refunds once. Resolves with
   * the provider's reference; rejects with a reason a person can read.
   */
  refund(payment: PaymentOfOrder, amountCents: Cents, refundId: number): Promise<{ reference: string }>;
}

/** The spec's simulated payments: nothing is charged, so a refund is a record, done at once. */
export const simulatedPayments: PaymentProvider = {
  name: "simulated",
  refund: async (_payment, _amountCents, refundId) => ({ reference: `simulated-refund-${refundId}` }),
};
