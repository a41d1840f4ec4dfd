// Every order status has its words and its own badge colour (app/theme.test.ts holds each to WCAG AA); the
// moves offered are the server's.
import { describe, expect, it } from "vitest";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT, ORDER_STATUSES, shopperMayCancel, staffMoves } from "./orderStatus";

describe("order statuses", () => {
  it("name the four statuses in the spec's words, and 'Awaiting payment' (paid on the provider's page) before them", () => {
    expect(ORDER_STATUSES.map((status) => ORDER_STATUS_TEXT[status])).toEqual(["Awaiting payment", "pending", "in-transit", "delivered", "cancelled"]);
  });

  it("every status has its own badge colour", () => {
    expect(new Set(ORDER_STATUSES.map((status) => ORDER_STATUS_COLOR[status])).size).toBe(ORDER_STATUSES.length);
  });

  it("the cancelled badge is told apart from the others by its colour too", () => {
    const others = ORDER_STATUSES.filter((status) => status !== "CANCELLED").map((status) => ORDER_STATUS_COLOR[status]);
    expect(others).not.toContain(ORDER_STATUS_COLOR.CANCELLED);
  });

  it("staff: pending and in-transit may take any fulfilment status or be cancelled; delivered only the fulfilment ones; cancelled nothing", () => {
    expect(staffMoves("PENDING")).toEqual(["PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"]);
    expect(staffMoves("IN_TRANSIT")).toEqual(["PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"]);
    expect(staffMoves("DELIVERED")).toEqual(["PENDING", "IN_TRANSIT", "DELIVERED"]);
    expect(staffMoves("CANCELLED")).toEqual([]);
  });

  it("staff: an order awaiting payment may only be cancelled (its own status is never a choice: the server refuses it)", () => {
    expect(staffMoves("AWAITING_PAYMENT")).toEqual(["CANCELLED"]);
    for (const status of ORDER_STATUSES) expect(staffMoves(status)).not.toContain("AWAITING_PAYMENT");
  });

  it("a shopper may cancel only an order awaiting payment or pending", () => {
    expect(ORDER_STATUSES.filter(shopperMayCancel)).toEqual(["AWAITING_PAYMENT", "PENDING"]);
  });
});
