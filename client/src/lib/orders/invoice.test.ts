// @vitest-environment node
import { describe, expect, it } from "vitest";
import { BUSINESS_ADDRESS, BUSINESS_NAME, formatDate, INVOICE_THANKS, invoiceDates, PAYMENT_TERMS } from "./invoice";

describe("Invoice: payment terms Net 7 days; invoice date is the order's updated date; due date is the order's created date", () => {
  const order = { createdAt: "2026-03-02T10:00:00.000Z", updatedAt: "2026-03-09T16:30:00.000Z" };

  it("the invoice date is the order's updated date", () => {
    expect(invoiceDates(order).invoiceDate).toBe("March 9, 2026");
  });

  it("the due date is the order's created date", () => {
    expect(invoiceDates(order).dueDate).toBe("March 2, 2026");
  });

  it("payment terms are Net 7 days", () => {
    expect(invoiceDates(order).paymentTerms).toBe("Net 7 days");
    expect(PAYMENT_TERMS).toBe("Net 7 days");
  });

  it("has a fixed business name and address and a thanks note", () => {
    expect(BUSINESS_NAME).not.toBe("");
    expect(BUSINESS_ADDRESS.length).toBeGreaterThan(0);
    expect(INVOICE_THANKS).toMatch(/thank/i);
  });

  it("formats dates in en-US", () => {
    expect(formatDate("2026-12-25T00:00:00.000Z")).toBe("December 25, 2026");
  });
});
