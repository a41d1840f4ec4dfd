// Order status: pending, in-transit, delivered, and cancelled. The API names them PENDING, IN_TRANSIT,
// DELIVERED and CANCELLED; screens show the spec's words (lower case, as the first three always were).
// When the shop takes payment on the provider's page (Stripe), an order starts AWAITING_PAYMENT ('Awaiting
// payment'): placed, its items held while its shopper pays; it becomes pending once paid, cancelled when the
// payment fails or its time runs out.
//
// Which status may follow which is the server's rule (server/src/domain/orders/status.ts, STATUS_RULES);
// the screens offer only the moves it allows, so nobody chooses a move the server refuses:
// - the shop's staff move the three fulfilment statuses among themselves in any order, and cancel an order
//   that is pending or in transit (a delivered one is refunded, not cancelled);
// - an order awaiting payment moves by the provider's outcome; the staff may only cancel it (never choose
//   'Awaiting payment': the server refuses it);
// - a shopper cancels their own order while it is awaiting payment or pending, and nothing else;
// - a cancelled order is final: it moves nowhere.
import type { OrderStatus } from "../../graphql/generated/graphql";

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: "Awaiting payment",
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
  AWAITING_PAYMENT: "violet",
  PENDING: "yellow",
  IN_TRANSIT: "blue",
  DELIVERED: "green",
  CANCELLED: "red",
};

/** Every status, in the order the lists and filters offer them. */
export const ORDER_STATUSES: readonly OrderStatus[] = ["AWAITING_PAYMENT", "PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"];

/** The three an order on its way to the shopper goes through. */
export const FULFILMENT_STATUSES: readonly OrderStatus[] = ["PENDING", "IN_TRANSIT", "DELIVERED"];

/**
 * The statuses the shop's staff may give an order now in `status` (the one it has included, as the server
 * allows), except an order awaiting payment: only cancelling it is theirs, its own status is not a choice.
 */
export function staffMoves(status: OrderStatus): readonly OrderStatus[] {
  switch (status) {
    case "AWAITING_PAYMENT":
      return ["CANCELLED"];
    case "PENDING":
    case "IN_TRANSIT":
      return [...FULFILMENT_STATUSES, "CANCELLED"];
    case "DELIVERED":
      return FULFILMENT_STATUSES;
    case "CANCELLED":
      return [];
  }
}

/** Whether the shopper may still cancel their order: only while it is awaiting payment or pending. */
export const shopperMayCancel = (status: OrderStatus): boolean => status === "AWAITING_PAYMENT" || status === "PENDING";
