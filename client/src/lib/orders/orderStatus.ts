// Order status: pending, in-transit, delivered, and cancelled. The API names them PENDING, IN_TRANSIT,
// DELIVERED and CANCELLED; screens show the spec's words (lower case, as the first three always were).
//
// Which status may follow which is the server's rule (server/src/domain/orders/status.ts, STATUS_RULES);
// the screens offer only the moves it allows, so nobody chooses a move the server refuses:
// - the shop's staff move the three fulfilment statuses among themselves in any order, and cancel an order
//   that is pending or in transit (a delivered one is refunded, not cancelled);
// - a shopper cancels their own order while it is pending, and nothing else;
// - a cancelled order is final: it moves nowhere.
import type { OrderStatus } from "../../graphql/generated/graphql";

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  PENDING: "pending",
  IN_TRANSIT: "in-transit",
  DELIVERED: "delivered",
  CANCELLED: "cancelled",
};

/**
 * Each status's badge colour. Every one is a colour the theme holds to WCAG AA (app/theme.ts: the filled
 * badge's text is black or white, whichever reads at 4.5:1 or more); orderStatus.test.ts checks each.
 */
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  PENDING: "yellow",
  IN_TRANSIT: "blue",
  DELIVERED: "green",
  CANCELLED: "red",
};

/** Every status, in the order the lists and filters offer them. */
export const ORDER_STATUSES: readonly OrderStatus[] = ["PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"];

/** The three an order on its way to the shopper goes through. */
export const FULFILMENT_STATUSES: readonly OrderStatus[] = ["PENDING", "IN_TRANSIT", "DELIVERED"];

/** The statuses the shop's staff may give an order now in `status` (the one it has included, as the server allows). */
export function staffMoves(status: OrderStatus): readonly OrderStatus[] {
  switch (status) {
    case "PENDING":
    case "IN_TRANSIT":
      return [...FULFILMENT_STATUSES, "CANCELLED"];
    case "DELIVERED":
      return FULFILMENT_STATUSES;
    case "CANCELLED":
      return [];
  }
}

/** Whether the shopper may still cancel their order: only while it is pending. */
export const shopperMayCancel = (status: OrderStatus): boolean => status === "PENDING";
