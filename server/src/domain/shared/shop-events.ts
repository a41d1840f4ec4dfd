// What happened in the shop that someone may be waiting to hear about: live order updates for shoppers
// and admins, and sessions that ended (so open WebSockets of those sessions close). Services publish
// these after their write commits; the bus delivers them to every replica (db/events.ts).
import { isOrderStatusName, type OrderStatusName } from "./order-status.js";

export type ShopEvent =
  | { type: "orderPlaced"; orderId: number; userId: number }
  | { type: "orderStatusChanged"; orderId: number; userId: number; status: OrderStatusName }
  /**
   * Sessions that no longer hold: one token (tokenId, e.g. logout), or every session of a user
   * (userId), optionally but one (exceptTokenId, the session that changed the password).
   */
  | { type: "sessionsEnded"; tokenId?: string; userId?: number; exceptTokenId?: string }
  /**
   * A product, category or delivery region was written (stock and ratings included): cached anonymous
   * catalogue answers are out of date. Sent by the database itself (a trigger, see the catalogue_changed
   * migration), so no write path can forget it. `products`: the only products whose rows changed (none for
   * a write to regions or pictures); absent when anything may have changed (categories, large writes).
   */
  | { type: "catalogueChanged"; products?: number[] }
  /**
   * A picture's row was written in a way a visitor sees (its state, size, placeholder or renditions): cached
   * anonymous answers that show pictures are out of date, nothing else is (no product's words, prices or
   * stock changed). Sent by the database itself (a trigger on images, see the pictures_changed migration).
   */
  | { type: "picturesChanged" }
  /**
   * Messages were written to the outbox (or queued again): the outbox runners of every replica look for
   * due messages now rather than at their next poll. Sent by the database itself (a trigger on
   * outbox_messages, see the outbox migration) when the writing transaction commits.
   */
  | { type: "outboxMessagesAdded" }
  /**
   * A dashboard rollup was written (an order placed, moved, cancelled or refunded, a customer's account made):
   * kept dashboard answers are out of date. Sent by the database itself (triggers on the analytics_* rollups,
   * see the analytics_month_rollups migration), once per transaction at its commit.
   */
  | { type: "analyticsChanged" };

export type ShopEventListener = (event: ShopEvent) => void;

/**
 * News about delivery itself, never sent between replicas: "interrupted" when events from other processes
 * stop reaching this one (its LISTEN connection dropped or went deaf), "resumed" when they reach it again.
 * Events sent in between are lost for good: whoever keeps something built from events (a cache, a live
 * subscription) must drop it or have it read again on "resumed".
 */
export type DeliveryNews = "interrupted" | "resumed";

/** How delivery stands, for operators (metrics) and health checks. */
export interface DeliveryState {
  /** Whether events from other processes reach this one now. */
  listening: boolean;
  /** How many times delivery came back after an interruption since the process started. */
  reconnects: number;
  /** When this process last heard anything on its channel (an event or a heartbeat), in ms since the epoch. */
  lastHeardAt: number;
}

export interface EventBus {
  /**
   * Delivers the event to the listeners of every replica, this one included. Never throws: a lost
   * notification must not undo a committed order, so failures are reported to onError.
   */
  publish(event: ShopEvent): Promise<void>;
  /** Calls the listener for each event until the returned function is called. */
  listen(listener: ShopEventListener): () => void;
  /** How many listeners this process has (live subscriptions and sockets); for health checks and tests. */
  listenerCount(): number;
  /** Calls the watcher on each DeliveryNews until the returned function is called. */
  watchDelivery(watcher: (news: DeliveryNews) => void): () => void;
  deliveryState(): DeliveryState;
  close(): Promise<void>;
}

/** The most products a catalogueChanged event names (the catalogue_changed_products migration). */
const MAX_NAMED_PRODUCTS = 500;
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isOptionalText = (value: unknown) => value === undefined || (typeof value === "string" && value.length <= 64);

/** An event read back from the wire (another replica's JSON), or null when it is not one we know. */
export function readShopEvent(value: unknown): ShopEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const event = value as Record<string, unknown>;
  switch (event.type) {
    case "orderPlaced":
      return isId(event.orderId) && isId(event.userId) ? { type: "orderPlaced", orderId: event.orderId, userId: event.userId } : null;
    case "orderStatusChanged":
      return isId(event.orderId) && isId(event.userId) && isOrderStatusName(event.status)
        ? { type: "orderStatusChanged", orderId: event.orderId, userId: event.userId, status: event.status }
        : null;
    case "catalogueChanged":
      // Named products only when every one is an id: otherwise, as if anything had changed.
      return Array.isArray(event.products) && event.products.length <= MAX_NAMED_PRODUCTS && event.products.every(isId)
        ? { type: "catalogueChanged", products: event.products as number[] }
        : { type: "catalogueChanged" };
    case "outboxMessagesAdded":
      return { type: "outboxMessagesAdded" };
    case "picturesChanged":
      return { type: "picturesChanged" };
    case "analyticsChanged":
      return { type: "analyticsChanged" };
    case "sessionsEnded":
      if (!isOptionalText(event.tokenId) || !isOptionalText(event.exceptTokenId)) return null;
      if (event.userId !== undefined && !isId(event.userId)) return null;
      if (event.tokenId === undefined && event.userId === undefined) return null;
      return {
        type: "sessionsEnded",
        ...(event.tokenId !== undefined ? { tokenId: event.tokenId as string } : {}),
        ...(event.userId !== undefined ? { userId: event.userId as number } : {}),
        ...(event.exceptTokenId !== undefined ? { exceptTokenId: event.exceptTokenId as string } : {}),
      };
    default:
      return null;
  }
}

/** Listeners of one process. The buses of db/events.ts use it to hand each event to their listeners. */
export class ListenerSet {
  private readonly listeners = new Set<ShopEventListener>();

  add(listener: ShopEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(event: ShopEvent, onError: (error: unknown) => void): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  clear(): void {
    this.listeners.clear();
  }
}
