// Order status: pending, in-transit, delivered. The API names them PENDING,
// IN_TRANSIT and DELIVERED; screens show the spec's words.
import type { OrderStatus } from "../../graphql/generated/graphql";

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  PENDING: "pending",
  IN_TRANSIT: "in-transit",
  DELIVERED: "delivered",
};

export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  PENDING: "yellow",
  IN_TRANSIT: "blue",
  DELIVERED: "green",
};
