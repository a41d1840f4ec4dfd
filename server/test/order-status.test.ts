// The order's state machine (orders/status.ts): one table says which status may follow which and what
// entering one owes. The shop's three fulfilment statuses may follow one another in any order; pending and
// in transit may be cancelled by the shop, awaiting payment and pending by its shopper; cancelled is final.
// A new order starts pending, or awaiting payment when the shopper pays on the provider's page (whose
// outcome alone moves it to pending, or cancels it); placing it paid owes the order.placed and order.paid
// webhooks, the confirmation email and the live news, and so does its payment arriving; a move owes
// order.status_changed (with the status it left), the status email and the live news; cancelling also owes
// order.cancelled, gives the stock and promotion uses back and owes a refund of what is left; choosing the
// status an order already has owes nothing.
import { describe, expect, it } from "vitest";
import { firstStatus, mayMove, ORDER_STATUSES, STATUS_RULES, type OrderWithLines } from "../src/domain/orders/index.js";
import { FULFILMENT_STATUSES } from "../src/domain/shared/index.js";
import { effectsOfEntering } from "../src/domain/orders/status.js";

const order = (status: OrderWithLines["status"]) => ({ id: 7, userId: 3, orderNumber: "ORD-261127-ABC123", status, lines: [] }) as unknown as OrderWithLines;

describe("the order status table", () => {
  it("has a row for each status; a new order starts pending, or awaiting payment when its shopper pays on the provider's page", () => {
    expect(Object.keys(STATUS_RULES).sort()).toEqual(["awaiting-payment", "cancelled", "delivered", "in-transit", "pending"]);
    expect([...ORDER_STATUSES].sort()).toEqual(["awaiting-payment", "cancelled", "delivered", "in-transit", "pending"]);
    expect(firstStatus(false)).toBe("pending");
    expect(firstStatus(true)).toBe("awaiting-payment");
  });

  it("only the payment provider's outcome takes an order out of awaiting payment to pending; nobody brings one back to it", () => {
    const moves = (by: "staff" | "shopper" | "provider") =>
      ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from && mayMove(from, to, by)).map((to) => `${from} -> ${to}`));
    expect(moves("provider")).toEqual(["awaiting-payment -> pending", "awaiting-payment -> cancelled"]);
    expect(moves("staff").filter((move) => move.startsWith("awaiting-payment"))).toEqual(["awaiting-payment -> cancelled"]);
    for (const by of ["staff", "shopper", "provider"] as const) expect(moves(by).filter((move) => move.endsWith("-> awaiting-payment"))).toEqual([]);
  });

  it("lets any fulfilment status follow any other: no order of transitions is enforced among them", () => {
    for (const from of FULFILMENT_STATUSES) for (const to of FULFILMENT_STATUSES) expect(mayMove(from, to), `${from} -> ${to}`).toBe(true);
  });

  it("the shop cancels an order pending or in transit, not one delivered; a cancelled order stays cancelled", () => {
    expect(mayMove("pending", "cancelled")).toBe(true);
    expect(mayMove("in-transit", "cancelled")).toBe(true);
    expect(mayMove("delivered", "cancelled")).toBe(false);
    for (const to of FULFILMENT_STATUSES) expect(mayMove("cancelled", to), `cancelled -> ${to}`).toBe(false);
    expect(mayMove("cancelled", "cancelled")).toBe(true);
  });

  it("a shopper may only cancel, and only while the order awaits payment or is pending", () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from && mayMove(from, to, "shopper")).map((to) => `${from} -> ${to}`));
    expect(allowed).toEqual(["awaiting-payment -> cancelled", "pending -> cancelled"]);
  });
});

describe("what entering a status owes", () => {
  it("placing an order awaiting payment: only the admins' live lists hear of it (no webhook, no e-mail yet)", () => {
    expect(effectsOfEntering(order("awaiting-payment"), null)).toEqual({ webhooks: [], emails: [], news: [{ type: "orderPlaced", orderId: 7, userId: 3 }], returns: [], refund: false });
  });

  it("its payment arriving: placed for the shop now (order.placed, order.paid, the confirmation e-mail) and the shopper's page hears the new status", () => {
    const paid = order("pending");
    expect(effectsOfEntering(paid, "awaiting-payment")).toEqual({
      webhooks: [
        { type: "order.placed", data: { order: paid } },
        { type: "order.paid", data: { order: paid } },
      ],
      emails: [{ kind: "order-confirmation", orderId: 7, orderNumber: "ORD-261127-ABC123" }],
      news: [{ type: "orderStatusChanged", orderId: 7, userId: 3, status: "pending" }],
      returns: [],
      refund: false,
    });
  });

  it("its payment failing or running out of time: cancelled as any order is, its stock and promotion uses back", () => {
    const cancelled = order("cancelled");
    const owed = effectsOfEntering(cancelled, "awaiting-payment");
    expect(owed.webhooks.map((hook) => hook.type)).toEqual(["order.status_changed", "order.cancelled"]);
    expect(owed.returns).toEqual(["return-stock", "give-back-promotion-uses"]);
    expect(owed.emails).toEqual([{ kind: "order-status", orderId: 7, orderNumber: "ORD-261127-ABC123", status: "cancelled" }]);
  });

  it("placing an order paid: order.placed and order.paid to webhooks, the confirmation email, orderPlaced to live followers", () => {
    const placed = order("pending");
    expect(effectsOfEntering(placed, null)).toEqual({
      webhooks: [
        { type: "order.placed", data: { order: placed } },
        { type: "order.paid", data: { order: placed } },
      ],
      emails: [{ kind: "order-confirmation", orderId: 7, orderNumber: "ORD-261127-ABC123" }],
      news: [{ type: "orderPlaced", orderId: 7, userId: 3 }],
      returns: [],
      refund: false,
    });
  });

  it("a move: order.status_changed with the status it left, the status email, orderStatusChanged to live followers", () => {
    for (const from of FULFILMENT_STATUSES) {
      for (const to of FULFILMENT_STATUSES.filter((status) => status !== from)) {
        const moved = order(to);
        expect(effectsOfEntering(moved, from)).toEqual({
          webhooks: [{ type: "order.status_changed", data: { order: moved, previousStatus: from } }],
          emails: [{ kind: "order-status", orderId: 7, orderNumber: "ORD-261127-ABC123", status: to }],
          news: [{ type: "orderStatusChanged", orderId: 7, userId: 3, status: to }],
          returns: [],
          refund: false,
        });
      }
    }
  });

  it("cancelling: order.status_changed and order.cancelled, the status email, the live news, the stock and promotion uses given back", () => {
    const cancelled = order("cancelled");
    expect(effectsOfEntering(cancelled, "pending")).toEqual({
      webhooks: [
        { type: "order.status_changed", data: { order: cancelled, previousStatus: "pending" } },
        { type: "order.cancelled", data: { order: cancelled, previousStatus: "pending" } },
      ],
      emails: [{ kind: "order-status", orderId: 7, orderNumber: "ORD-261127-ABC123", status: "cancelled" }],
      news: [{ type: "orderStatusChanged", orderId: 7, userId: 3, status: "cancelled" }],
      returns: ["return-stock", "give-back-promotion-uses"],
      refund: true,
    });
  });

  it("choosing the status the order already has owes nothing", () => {
    for (const status of ORDER_STATUSES) expect(effectsOfEntering(order(status), status)).toEqual({ webhooks: [], emails: [], news: [], returns: [], refund: false });
  });
});
