// The order's state machine (orders/status.ts): one table says which status may follow which and what
// entering one owes. The shop's three statuses may follow one another in any order; a new order starts
// pending; placing it owes the order.placed webhook, the confirmation email and the live news; a move owes
// order.status_changed (with the status it left), the status email and the live news; choosing the status
// an order already has owes nothing.
import { describe, expect, it } from "vitest";
import { FIRST_STATUS, mayMove, ORDER_STATUSES, STATUS_RULES, type OrderWithLines } from "../src/domain/orders/index.js";
import { effectsOfEntering } from "../src/domain/orders/status.js";

const order = (status: OrderWithLines["status"]) => ({ id: 7, userId: 3, orderNumber: "ORD-261127-ABC123", status, lines: [] }) as unknown as OrderWithLines;

describe("the order status table", () => {
  it("has a row for each of the three statuses, and a new order starts pending", () => {
    expect(Object.keys(STATUS_RULES).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(FIRST_STATUS).toBe("pending");
  });

  it("lets any status follow any other: no order of transitions is enforced", () => {
    for (const from of ORDER_STATUSES) for (const to of ORDER_STATUSES) expect(mayMove(from, to), `${from} -> ${to}`).toBe(true);
  });
});

describe("what entering a status owes", () => {
  it("placing an order: order.placed to webhooks, the confirmation email, orderPlaced to live followers", () => {
    const placed = order("pending");
    expect(effectsOfEntering(placed, null)).toEqual({
      webhooks: [{ type: "order.placed", data: { order: placed } }],
      emails: [{ kind: "order-confirmation", orderId: 7, orderNumber: "ORD-261127-ABC123" }],
      news: [{ type: "orderPlaced", orderId: 7, userId: 3 }],
    });
  });

  it("a move: order.status_changed with the status it left, the status email, orderStatusChanged to live followers", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES.filter((status) => status !== from)) {
        const moved = order(to);
        expect(effectsOfEntering(moved, from)).toEqual({
          webhooks: [{ type: "order.status_changed", data: { order: moved, previousStatus: from } }],
          emails: [{ kind: "order-status", orderId: 7, orderNumber: "ORD-261127-ABC123", status: to }],
          news: [{ type: "orderStatusChanged", orderId: 7, userId: 3, status: to }],
        });
      }
    }
  });

  it("choosing the status the order already has owes nothing", () => {
    for (const status of ORDER_STATUSES) expect(effectsOfEntering(order(status), status)).toEqual({ webhooks: [], emails: [], news: [] });
  });
});
