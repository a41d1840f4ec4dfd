// Following orders live: who may hear of which order's changes (the shopper their own, an admin every
// order), and the order an event names, read afresh for the one following it.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { forbidden, requireAdmin, requireReader, seesEveryone, type ShopEvent, type Viewer } from "../shared/index.js";
import { toOrder, withLines, type OrderWithLines } from "./records.js";

/** An order event a live subscriber may receive. */
export type OrderEvent = Extract<ShopEvent, { type: "orderPlaced" | "orderStatusChanged" }>;

/** Said for an order the viewer may not follow, whether it exists or not, so numbers cannot be probed. */
const NOT_YOUR_ORDER = "You can only follow your own orders.";

/**
 * Who may follow order status changes live, as a test on each event: one order (by number) for its
 * owner or an admin; without a number, all of the viewer's own orders (an admin: every order).
 * An unknown order and someone else's are refused alike (FORBIDDEN).
 */
export async function statusFollower(prisma: PrismaClient, viewer: Viewer | null, orderNumber?: string | null): Promise<(event: OrderEvent) => boolean> {
  const user = requireReader(viewer, "orders:read");
  const isAdmin = seesEveryone(user, "orders:read");
  if (orderNumber === undefined || orderNumber === null) {
    return (event) => event.type === "orderStatusChanged" && (isAdmin || event.userId === user.userId);
  }
  const row =
    typeof orderNumber === "string" && orderNumber.length <= 64
      ? await prisma.order.findUnique({ where: { orderNumber: orderNumber.trim() }, select: { id: true, userId: true } })
      : null;
  if (!row || (!isAdmin && row.userId !== user.userId)) throw forbidden(NOT_YOUR_ORDER);
  return (event) => event.type === "orderStatusChanged" && event.orderId === row.id;
}

/** Admins may follow every new order as it is placed. */
export function placedFollower(viewer: Viewer | null): (event: OrderEvent) => boolean {
  requireAdmin(viewer, "orders:read");
  return (event) => event.type === "orderPlaced";
}

/** The order an event names, read afresh, for its owner or an admin; null when it is gone or not theirs. */
export async function forEvent(prisma: PrismaClient, viewer: Viewer | null, event: OrderEvent): Promise<OrderWithLines | null> {
  const user = requireReader(viewer, "orders:read");
  const everyone = seesEveryone(user, "orders:read");
  if (!everyone && event.userId !== user.userId) return null;
  const row = await prisma.order.findUnique({ where: { id: event.orderId }, include: withLines });
  if (!row || (!everyone && row.userId !== user.userId)) return null;
  return toOrder(row);
}
