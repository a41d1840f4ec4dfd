// An order as the room hands it out: the stored row with its lines, its status named as callers speak it.
import type { Order, OrderLine, OrderPromotion, OrderRefund, Prisma } from "../../generated/prisma/client.js";
import { statusName, type OrderStatusName } from "../shared/index.js";

/** A line of a placed order: the product as it was bought (its snapshot), the unit price paid and the quantity. */
export type { OrderLine };

export type OrderWithLines = Omit<Order, "status"> & { status: OrderStatusName; lines: OrderLine[]; promotions: OrderPromotion[]; refunds: OrderRefund[] };

/** An order row with its lines and the promotions it got, as Prisma reads it with `withLines`. */
export type OrderRow = Order & { lines: OrderLine[]; promotions: OrderPromotion[]; refunds: OrderRefund[] };

/** An order's lines in the order they were written (the cart's order), its promotions and its refunds. */
export const withLines = { lines: { orderBy: { id: "asc" } }, promotions: { orderBy: { id: "asc" } }, refunds: { orderBy: { id: "asc" } } } satisfies Prisma.OrderInclude;

export function toOrder(row: OrderRow): OrderWithLines {
  return { ...row, status: statusName(row.status) };
}
