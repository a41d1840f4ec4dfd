// The order room's service, as the adapters hold it: the order pipeline from the cart check (cart.ts) and
// checkout (checkout.ts, priced by pricing.ts) to status changes (status.ts), history (history.ts) and
// live following (follow.ts). Each method hands over to the module that owns the rule.
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Deferred, EventBus, OrderStatusName, Viewer } from "../shared/index.js";
import { checkCart, quoteCart, type CartCheckResult, type CartLineInput, type CartQuote, type ProductLineRule } from "./cart.js";
import { placeOrder, type PlaceOrderInput } from "./checkout.js";
import { forEvent, placedFollower, statusFollower, type OrderEvent } from "./follow.js";
import { OrderHistory } from "./history.js";
import type { OrderWithLines } from "./records.js";
import { changeStatus } from "./status.js";

export class OrderService extends OrderHistory {
  constructor(
    prisma: PrismaClient,
    private readonly events: EventBus,
  ) {
    super(prisma);
  }

  /** Checks a cart against today's stock and prices before checkout (signed-in shoppers). */
  checkCart(viewer: Viewer | null, lines: Deferred<CartLineInput[]>, rule?: ProductLineRule): Promise<CartCheckResult> {
    return checkCart(this.prisma, viewer, lines, rule);
  }

  /** The server's figures for a cart and a delivery region, for anyone. */
  quoteCart(lines: unknown, regionId?: unknown): Promise<CartQuote> {
    return quoteCart(this.prisma, lines, regionId);
  }

  placeOrder(viewer: Viewer | null, given: Deferred<PlaceOrderInput>): Promise<OrderWithLines> {
    return placeOrder(this.prisma, this.events, viewer, given);
  }

  /** Sets an order's status (admin), as the status table allows. */
  updateStatus(viewer: Viewer | null, orderId: unknown, given: Deferred<OrderStatusName>): Promise<OrderWithLines> {
    return changeStatus(this.prisma, this.events, viewer, orderId, given);
  }

  statusFollower(viewer: Viewer | null, orderNumber?: string | null): Promise<(event: OrderEvent) => boolean> {
    return statusFollower(this.prisma, viewer, orderNumber);
  }

  placedFollower(viewer: Viewer | null): (event: OrderEvent) => boolean {
    return placedFollower(viewer);
  }

  forEvent(viewer: Viewer | null, event: OrderEvent): Promise<OrderWithLines | null> {
    return forEvent(this.prisma, viewer, event);
  }
}
