// Live orders over GraphQL subscriptions (served on WebSocket by http/live.ts). Thin: the order service
// decides who may follow what and reads each order afresh; here events become a stream of orders.
import { Arg, Resolver, Root, Subscription } from "type-graphql";
import type { EventBus, Viewer } from "../domain/shared/index.js";
import type { OrderEvent, OrderWithLines } from "../domain/orders/index.js";
import type { GraphQLContext } from "./context.js";
import { Order, viewOrder } from "./types.js";

// A subscriber that stops reading must not make the server hold events for it without end.
const MAX_WAITING_EVENTS = 100;

/**
 * The orders named by the events that `accepts` lets through, read afresh for the viewer, in the order
 * the events arrived. Stops listening when the subscriber leaves (return()).
 */
export function orderStream(
  events: EventBus,
  viewer: Viewer | null,
  accepts: (event: OrderEvent) => boolean,
  load: (viewer: Viewer | null, event: OrderEvent) => Promise<OrderWithLines | null>,
): AsyncIterableIterator<OrderWithLines> {
  const waiting: OrderEvent[] = [];
  let wake: (() => void) | null = null;
  let done = false;
  const stopListening = events.listen((event) => {
    if (done || (event.type !== "orderPlaced" && event.type !== "orderStatusChanged") || !accepts(event)) return;
    if (waiting.length >= MAX_WAITING_EVENTS) waiting.shift();
    waiting.push(event);
    wake?.();
  });
  const finish = (): IteratorResult<OrderWithLines> => {
    done = true;
    stopListening();
    waiting.length = 0;
    wake?.();
    return { done: true, value: undefined };
  };

  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<OrderWithLines>> {
      while (!done) {
        const event = waiting.shift();
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        const order = await load(viewer, event);
        if (order && !done) return { done: false, value: order };
      }
      return { done: true, value: undefined };
    },
    async return() {
      return finish();
    },
    async throw(error?: unknown) {
      finish();
      throw error;
    },
  };
}

@Resolver()
class LiveOrderResolver {
  @Subscription(() => Order, {
    description:
      "An order's new status as soon as an admin changes it: one order (for its owner or an admin), or without orderNumber all of your own orders (an admin: every order). Someone else's or an unknown order is FORBIDDEN.",
    subscribe: async ({ args, context }) => {
      const { shop, viewer } = context as GraphQLContext;
      const accepts = await shop.orders.statusFollower(viewer, (args as { orderNumber?: string | null }).orderNumber);
      return orderStream(shop.events, viewer, accepts, (who, event) => shop.orders.forEvent(who, event));
    },
  })
  orderStatusChanged(
    @Root() order: OrderWithLines,
    @Arg("orderNumber", () => String, { nullable: true, description: "One order; leave out for all of yours." }) _orderNumber: string | null,
  ): Order {
    return viewOrder(order);
  }

  @Subscription(() => Order, {
    description: "Every new order as it is placed (admins).",
    subscribe: ({ context }) => {
      const { shop, viewer } = context as GraphQLContext;
      const accepts = shop.orders.placedFollower(viewer);
      return orderStream(shop.events, viewer, accepts, (who, event) => shop.orders.forEvent(who, event));
    },
  })
  orderPlaced(@Root() order: OrderWithLines): Order {
    return viewOrder(order);
  }
}

export const liveOrderResolvers = [LiveOrderResolver] as const;
