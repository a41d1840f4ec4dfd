// Live orders: screens that show orders follow them over the shop's WebSocket. A status change arrives
// as the order with its new status and payment status (paid on the provider's page: Paid; its payment
// failed: Unpaid); Apollo's cache keys orders by id, so every list and detail showing
// that order updates in place, without a reload. A new order (admins) reloads the order lists and the
// dashboard's figures.
import { useApolloClient, useSubscription } from "@apollo/client/react";
import { LiveOrderPlacedDocument, LiveOrderStatusDocument, type OrderStatus } from "../../graphql/generated/graphql";
import { reloadLists } from "../apollo/reloadLists";
import { notifyPlain } from "../notify";
import { ORDER_STATUS_TEXT } from "./orderStatus";

export const liveOrderOperations = /* GraphQL */ `
  subscription LiveOrderStatus($orderNumber: String) {
    orderStatusChanged(orderNumber: $orderNumber) {
      id
      orderNumber
      status
      paymentStatus
      updatedAt
    }
  }

  subscription LiveOrderPlaced {
    orderPlaced {
      id
      orderNumber
    }
  }
`;

/** What the shopper is told when an order moves, e.g. 'Order ORD-… is now in-transit.' ('… is now cancelled.') */
export const statusChangedMessage = (orderNumber: string, status: keyof typeof ORDER_STATUS_TEXT) =>
  `Order ${orderNumber} is now ${ORDER_STATUS_TEXT[status]}.`;

export const orderPlacedMessage = (orderNumber: string) => `New order ${orderNumber}.`;

/**
 * Moves this tab asked for itself (a shopper cancelling an order), by order number. Their live news is not
 * told again in a toast: the change's own answer already said it ('Your order has been cancelled.'), and a
 * screen reader would hear it twice. Noted before the change is sent, since the news may arrive before the
 * answer; the news of that move, once it comes, clears the note.
 */
const ownMoves = new Map<string, OrderStatus>();

/** Notes a move this tab is about to make; the function returned forgets it (when the change failed). */
export function expectOwnMove(orderNumber: string, status: OrderStatus): () => void {
  ownMoves.set(orderNumber, status);
  return () => {
    if (ownMoves.get(orderNumber) === status) ownMoves.delete(orderNumber);
  };
}

/** Whether this news is of a move this tab made itself (and forgets the note). */
function isOwnMove(orderNumber: string, status: OrderStatus): boolean {
  if (ownMoves.get(orderNumber) !== status) return false;
  ownMoves.delete(orderNumber);
  return true;
}

/**
 * Follows one order (by number), or without one all of the viewer's orders (an admin's: every order).
 * The cache puts the new status on screen; `announce` also tells it in a toast (shoppers; the admin who
 * made the change already has the confirmation).
 */
export function useLiveOrderStatus(orderNumber?: string, { announce = true }: { announce?: boolean } = {}) {
  useSubscription(LiveOrderStatusDocument, {
    variables: { orderNumber: orderNumber ?? null },
    onData: ({ data }) => {
      const order = data.data?.orderStatusChanged;
      if (order && !isOwnMove(order.orderNumber, order.status) && announce) notifyPlain(statusChangedMessage(order.orderNumber, order.status));
    },
  });
}

/** Admins: each new order reloads the order lists and the dashboard, and is announced. */
export function useNewOrders() {
  const client = useApolloClient();
  useSubscription(LiveOrderPlacedDocument, {
    onData: ({ data }) => {
      const order = data.data?.orderPlaced;
      if (!order) return;
      // The queries whose data the eviction touches are fetched again at once (those on screen).
      void client.refetchQueries({ updateCache: (cache) => reloadLists(cache, "newOrder") }).catch(() => undefined);
      notifyPlain(orderPlacedMessage(order.orderNumber));
    },
  });
}
