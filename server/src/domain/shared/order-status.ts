// The names of an order's statuses, as every caller speaks them: live events, emails and webhooks carry
// them, so they sit here, under every room. Which status may follow which, and what a move does, is the
// order room's state machine (orders/status.ts).
import type { OrderStatus as StoredStatus } from "../../generated/prisma/client.js";

/** How callers name an order's status; the database's enum spells in-transit as in_transit. */
export type OrderStatusName = "awaiting-payment" | "pending" | "in-transit" | "delivered" | "cancelled";
/** The spec's three: an order on its way to the shopper (the REST shim's whole list of statuses to set). */
export const FULFILMENT_STATUSES: readonly OrderStatusName[] = ["pending", "in-transit", "delivered"];
/** Every status; awaiting-payment only ever with a provider whose shoppers pay on its own page. */
export const ORDER_STATUSES: readonly OrderStatusName[] = ["awaiting-payment", ...FULFILMENT_STATUSES, "cancelled"];

export const isOrderStatusName = (value: unknown): value is OrderStatusName => ORDER_STATUSES.includes(value as OrderStatusName);

/** A status as the database stores it, named as callers speak it. */
export const statusName = (stored: StoredStatus | OrderStatusName): OrderStatusName =>
  stored === "in_transit" ? "in-transit" : stored === "awaiting_payment" ? "awaiting-payment" : stored;

/** A status as callers speak it, as the database stores it. */
export const storedStatus = (name: OrderStatusName): StoredStatus =>
  name === "in-transit" ? "in_transit" : name === "awaiting-payment" ? "awaiting_payment" : name;
