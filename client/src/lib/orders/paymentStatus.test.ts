// What is left to refund: the money (total less refunded) and each line's units (less those of refunds that did
// not fail); the payment statuses in the shop's words.
import { describe, expect, it } from "vitest";
import { PAYMENT_STATUS_TEXT, PAYMENT_STATUSES, paymentStatusChoice, refundableLeft, unitsLeft } from "./paymentStatus";

describe("payment status", () => {
  it("names the five statuses: Awaiting and Unpaid (paid on the provider's page) besides Paid, Partially refunded, Refunded", () => {
    expect(PAYMENT_STATUSES.map((status) => PAYMENT_STATUS_TEXT[status])).toEqual(["Awaiting", "Paid", "Partially refunded", "Refunded", "Unpaid"]);
  });

  it("a filter offers them in words that stand alone: 'Awaiting payment'", () => {
    expect(PAYMENT_STATUSES.map(paymentStatusChoice)).toEqual(["Awaiting payment", "Paid", "Partially refunded", "Refunded", "Unpaid"]);
  });

  it("what can still be refunded is the total less what was refunded, in whole cents, never below 0", () => {
    expect(refundableLeft({ total: 57.5, refunded: 0 })).toBe(57.5);
    expect(refundableLeft({ total: 0.3, refunded: 0.1 })).toBe(0.2);
    expect(refundableLeft({ total: 57.5, refunded: 57.5 })).toBe(0);
    expect(refundableLeft({ total: 10, refunded: 12 })).toBe(0);
  });

  it("a line's units left are those bought less those refunded by refunds that did not fail", () => {
    const lines = [
      { id: 1, quantity: 3 },
      { id: 2, quantity: 1 },
    ];
    const refunds = [
      { state: "succeeded", lines: [{ lineId: 1, quantity: 1 }] },
      { state: "pending", lines: [{ lineId: 1, quantity: 1 }] },
      { state: "failed", lines: [{ lineId: 2, quantity: 1 }] },
      { state: "succeeded", lines: [] },
    ];
    expect(Object.fromEntries(unitsLeft(lines, refunds))).toEqual({ 1: 1, 2: 1 });
  });
});
