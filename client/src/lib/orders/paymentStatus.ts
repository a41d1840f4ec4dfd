// How an order stands with its payment, and what of it can still be given back. The server decides both
// (docs/api.md, "Refunds"): Order.refunded is the sum of the refunds that did not fail, and paymentStatus
// follows from it (PAID, PARTIALLY_REFUNDED, REFUNDED). An order paid on the provider's page is AWAITING
// while its shopper pays, and UNPAID when the payment failed or its time ran out (nothing was taken). A failed refund gave nothing back, so it counts for
// nothing here either: neither in the money nor in a line's units.
import type { PaymentStatus } from "../../graphql/generated/graphql";
import { fromCents, toCents } from "../money";

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  AWAITING: "Awaiting",
  PAID: "Paid",
  PARTIALLY_REFUNDED: "Partially refunded",
  REFUNDED: "Refunded",
  UNPAID: "Unpaid",
};

/** A payment status as a filter offers it, out of the badge's context ('Awaiting' alone says too little there). */
export const paymentStatusChoice = (status: PaymentStatus): string => (status === "AWAITING" ? "Awaiting payment" : PAYMENT_STATUS_TEXT[status]);

/**
 * Each payment status's badge colour: theme colours held to WCAG AA (app/theme.test.ts checks each: the
 * filled badge's text is black or white, whichever reads at 4.5:1 or more), none of them the order status
 * badges' own four (yellow, blue, green, red), so the two badges side by side are not read as one.
 */
export const PAYMENT_STATUS_COLOR: Record<PaymentStatus, string> = {
  AWAITING: "cyan",
  PAID: "teal",
  PARTIALLY_REFUNDED: "orange",
  REFUNDED: "grape",
  UNPAID: "gray",
};

/** Every payment status, in the order the filter offers them. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["AWAITING", "PAID", "PARTIALLY_REFUNDED", "REFUNDED", "UNPAID"];

/** A refund as the order lists it. `state` is the server's: pending, succeeded or failed. */
export interface RefundRecord {
  state: string;
  lines: ReadonlyArray<{ lineId: number; quantity: number }>;
}

export const REFUND_FAILED = "failed";
export const REFUND_SUCCEEDED = "succeeded";

/** What can still be refunded on the order: its total less what was refunded, in dollars (never below 0). */
export function refundableLeft(order: { total: number; refunded: number }): number {
  return fromCents(Math.max(0, toCents(order.total) - toCents(order.refunded)));
}

/**
 * Each line's units that can still be refunded (line id -> units): the units bought less those given back
 * by the order's refunds that did not fail (as the server counts them).
 */
export function unitsLeft(lines: ReadonlyArray<{ id: number; quantity: number }>, refunds: readonly RefundRecord[]): Map<number, number> {
  const refunded = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.state === REFUND_FAILED) continue;
    for (const line of refund.lines) refunded.set(line.lineId, (refunded.get(line.lineId) ?? 0) + line.quantity);
  }
  return new Map(lines.map((line) => [line.id, Math.max(0, line.quantity - (refunded.get(line.id) ?? 0))]));
}
