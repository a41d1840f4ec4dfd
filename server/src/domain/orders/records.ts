// An order as the room hands it out: the stored row with its lines, its status named as callers speak it.
import type { Order, OrderLine, OrderPayment, OrderPromotion, OrderRefund, Prisma } from "../../generated/prisma/client.js";
import { statusName, type OrderStatusName } from "../shared/index.js";

/** A line of a placed order: the product as it was bought (its snapshot), the unit price paid and the quantity. */
export type { OrderLine, OrderPayment };

export type OrderWithLines = Omit<Order, "status"> & { status: OrderStatusName; lines: OrderLine[]; promotions: OrderPromotion[]; refunds: OrderRefund[]; payment: OrderPayment | null };

/** An order row with its lines and the promotions it got, as Prisma reads it with `withLines`. */
export type OrderRow = Order & { lines: OrderLine[]; promotions: OrderPromotion[]; refunds: OrderRefund[]; payment: OrderPayment | null };

/** An order's lines in the order they were written (the cart's order), its promotions, its refunds and its payment on a provider's page. */
export const withLines = { lines: { orderBy: { id: "asc" } }, promotions: { orderBy: { id: "asc" } }, refunds: { orderBy: { id: "asc" } }, payment: true } satisfies Prisma.OrderInclude;

export function toOrder(row: OrderRow): OrderWithLines {
  return { ...row, status: statusName(row.status) };
}
