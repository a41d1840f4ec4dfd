// Orders. The list has the count, search by order number or reference (on the
// server), a status filter and a payment status filter, newest first, a page at a time; each row shows order
// number, status badge, payment status badge, total items, date and time and total price; 'No orders yet.' and 'No orders found matching
// your search.'; a failed load is silent (logged). The order
// view: order and delivery details, the lines, and 'Manage Status' with Change: the server's message and
// the order reloaded on success, 'Failed to update status.' on failure. When the order got promotions or paid
// tax, its discounts and tax show among its figures, with the promotions and the tax per rate beside them.
// 'Manage Status' offers only the moves the server allows from the order's status (lib/orders/orderStatus.ts):
// cancelled is asked once more in a dialog (it gives the stock and promotion uses back, e-mails the shopper and
// cannot be undone), and a cancelled order offers no choice: its status is final. An order awaiting payment
// (its shopper paying on the provider's page) moves by the payment's outcome: the admin may only cancel it
// ('Cancel order', the same confirmation), never choose 'Awaiting payment' (the server refuses it).
// Payment: the order's payment status (Paid, Partially refunded, Refunded) beside its status, what was refunded
// among its figures and its refunds listed (failed ones marked: they gave nothing back). 'Refund' gives back
// part or all of what was paid (RefundOrderDialog); it is offered only while something is left to refund.
// An order paid on the provider's page shows that payment (OrderOnlinePayment): its ids, linked to the
// provider's dashboard, when it was paid or until when it could be, and a problem with it.
// A staff role without orders:write (support) sees the order but no Manage Status, Cancel order or Refund.
import { PageTitle } from "../../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { CancelOrderDialog } from "../../../components/CancelOrderDialog";
import { DetailUnavailable } from "../../../components/DetailUnavailable";
import { OrderLinesTable } from "../../../components/OrderLinesTable";
import { PaymentStatusBadge } from "../../../components/PaymentStatusBadge";
import { AdminOrdersDocument, type OrderStatus, type PaymentStatus } from "../../../graphql/generated/graphql";
import { nextPageVariables, ORDERS_PAGE_SIZE, useLastAnswer } from "../../../lib/apollo/pages";
import { messages } from "../../../lib/messages";
import { formatMoney } from "../../../lib/money";
import { notifyError, notifySuccess, reportChange } from "../../../lib/notify";
import { cancelFailureMessage } from "../../../lib/orders/cancelOrder";
import { formatDateTime } from "../../../lib/orders/invoice";
import { ORDER_STATUS_TEXT, ORDER_STATUSES, staffMoves } from "../../../lib/orders/orderStatus";
import { PAYMENT_STATUSES, paymentStatusChoice, refundableLeft } from "../../../lib/orders/paymentStatus";
import { AdminList, AdminSection, AdminTable, ChangeChoice, Detail, figureColumn, useListSearch, useQuietListState } from "../AdminParts";
import { AdminOrderRow, amountOff, OrderAdjustments, OrderOnlinePayment, OrderRefunds, OrderStatusBadge } from "./orderParts";
import { RefundOrderDialog, type RefundableOrder } from "./RefundOrderDialog";
import { useUpdateOrderStatus } from "./useUpdateOrderStatus";
import { AdminOrderDocument } from "./viewOperations";
import { useLiveOrderStatus, useNewOrders } from "../../../lib/orders/liveOrders";
import { can } from "../../../lib/session/abilities";
import { useSession } from "../../../lib/session/session";

export const NO_ORDERS_YET = "No orders yet.";
export const NO_ORDERS_FOUND = "No orders found matching your search.";
/** The statuses as the selects offer them, in the spec's words. */
const statusOptions = (statuses: readonly OrderStatus[]) => statuses.map((value) => ({ value, label: ORDER_STATUS_TEXT[value] }));
/** The list's filter: every status, cancelled included. */
const STATUS_FILTER_OPTIONS = statusOptions(ORDER_STATUSES);
/** What 'Manage Status' says of a cancelled order, in place of a choice. */
export const CANCELLED_IS_FINAL = "This order is cancelled, which is final: its status cannot change.";
/** The admin's confirmation of a cancellation. */
export const cancelOrderTitle = (orderNumber: string) => `Cancel order ${orderNumber}?`;
export const CANCEL_ORDER_TEXT =
  "Its items go back into stock and any promotion code can be used again. Anything paid is refunded to the shopper's card. The shopper is e-mailed. This cannot be undone.";

/** What 'Manage Status' says of an order awaiting payment, beside its one choice: cancelling it. */
export const AWAITING_PAYMENT_MOVES = "Its shopper is paying on the payment provider's page: it becomes pending once paid. You may only cancel it.";

const STATUS_FILTER_ALL = "";
/** The payment status filter: every payment status, in words that stand alone ('Awaiting payment'). */
const PAYMENT_FILTER_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: paymentStatusChoice(value) }));
const ORDER_COLUMNS = ["Order number", "Status", "Payment", figureColumn("Total items"), "Date", figureColumn("Total price")];

export function ManageOrdersScreen() {
  // New orders join the list as they arrive; status changes (by any admin) show in place.
  useNewOrders();
  useLiveOrderStatus(undefined, { announce: false });
  const search = useListSearch();
  const [status, setStatus] = useState<OrderStatus | typeof STATUS_FILTER_ALL>(STATUS_FILTER_ALL);
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus | typeof STATUS_FILTER_ALL>(STATUS_FILTER_ALL);
  const { query } = search;
  const { data, loading, error, fetchMore } = useQuery(AdminOrdersDocument, {
    variables: { search: query || undefined, status: status || undefined, paymentStatus: paymentStatus || undefined, first: ORDERS_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const list = useQuietListState("orders", { data, loading, error }, useLastAnswer(data?.orders, { query, status, paymentStatus }), search.typing);

  const filtered = query !== "" || status !== STATUS_FILTER_ALL || paymentStatus !== STATUS_FILTER_ALL;
  return (
    <AdminList
      title="Manage orders"
      search={search}
      searchPlaceholder="Search order number or reference"
      filters={
        <>
          <NativeSelect
            label="Status"
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as OrderStatus | typeof STATUS_FILTER_ALL)}
            data={[{ value: STATUS_FILTER_ALL, label: "All statuses" }, ...STATUS_FILTER_OPTIONS]}
          />
          <NativeSelect
            label="Payment status"
            value={paymentStatus}
            onChange={(event) => setPaymentStatus(event.currentTarget.value as PaymentStatus | typeof STATUS_FILTER_ALL)}
            data={[{ value: STATUS_FILTER_ALL, label: "All" }, ...PAYMENT_FILTER_OPTIONS]}
          />
        </>
      }
      noun="orders"
      {...list}
      empty={<EmptyState title={filtered ? NO_ORDERS_FOUND : NO_ORDERS_YET} />}
      onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
    >
      {(orders) => (
        <AdminTable framed highlightOnHover nowrap minWidth={760} columns={ORDER_COLUMNS}>
          {orders.map((order) => (
            <AdminOrderRow key={order.id} order={order} />
          ))}
        </AdminTable>
      )}
    </AdminList>
  );
}

/**
 * 'Manage Status': the moves the server allows from the order's status, and Change. Cancelled is confirmed in
 * a dialog first; once cancelled, focus goes to the sentence that says the status is final (the Change button
 * it came from is gone), and the server's message is told as for any change.
 */
function ManageStatus({ order }: { order: { id: number; orderNumber: string; status: OrderStatus } }) {
  const [updateStatus, { loading }] = useUpdateOrderStatus();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const final = useRef<HTMLParagraphElement>(null);
  // Set as the cancellation is sent (the answer's status may reach the cache before the call returns).
  const focusFinal = useRef(false);
  useEffect(() => {
    if (order.status === "CANCELLED" && !confirming && focusFinal.current) {
      focusFinal.current = false;
      final.current?.focus();
    }
  }, [order.status, confirming]);

  const change = (chosen: OrderStatus) => {
    if (chosen === "CANCELLED" && order.status !== "CANCELLED") {
      setFailure(null);
      setConfirming(true);
      return;
    }
    void reportChange(updateStatus({ variables: { id: order.id, status: chosen } }), (data) => data.updateOrderStatus.message, () => notifyError(messages.orderStatusUpdateFailed));
  };
  const cancel = async () => {
    setFailure(null);
    focusFinal.current = true;
    try {
      const { data } = await updateStatus({ variables: { id: order.id, status: "CANCELLED" } });
      setConfirming(false);
      if (data) notifySuccess(data.updateOrderStatus.message);
    } catch (error) {
      focusFinal.current = false;
      setFailure(cancelFailureMessage(error, messages.orderStatusUpdateFailed));
    }
  };

  const moves = staffMoves(order.status);
  return (
    <>
      {order.status === "AWAITING_PAYMENT" ? (
        // Its own status is not a choice: cancelling is the only move, asked as any cancellation is.
        <Stack gap={4} maw={360}>
          <Text size="sm" fw={500}>
            Manage Status
          </Text>
          <Text size="sm" id="awaiting-payment-moves">
            {AWAITING_PAYMENT_MOVES}
          </Text>
          <Group>
            <Button variant="outline" color="red" aria-describedby="awaiting-payment-moves" loading={loading && !confirming} onClick={() => change("CANCELLED")}>
              Cancel order
            </Button>
          </Group>
        </Stack>
      ) : moves.length === 0 ? (
        <Stack gap={2} maw={320}>
          <Text size="sm" fw={500}>
            Manage Status
          </Text>
          <Text ref={final} tabIndex={-1} size="sm" data-testid="status-final">
            {CANCELLED_IS_FINAL}
          </Text>
        </Stack>
      ) : (
        // A new status starts the select afresh, at the order's status.
        <ChangeChoice key={order.status} label="Manage Status" current={order.status} options={statusOptions(moves)} changing={loading && !confirming} onChange={change} />
      )}
      <CancelOrderDialog
        opened={confirming}
        title={cancelOrderTitle(order.orderNumber)}
        text={CANCEL_ORDER_TEXT}
        cancelling={loading}
        failure={failure}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * 'Refund' and its dialog, while something of the order's payment is left to refund. When a refund gives back
 * the last of it the button goes, and focus moves to the payment status (which then says Refunded).
 */
function RefundAction({ order, paymentStatus }: { order: RefundableOrder; paymentStatus: RefObject<HTMLDivElement | null> }) {
  const [opened, setOpened] = useState(false);
  const left = refundableLeft(order);
  const focusStatus = useRef(false);
  useEffect(() => {
    if (!opened && left === 0 && focusStatus.current) {
      focusStatus.current = false;
      paymentStatus.current?.focus();
    }
  }, [opened, left, paymentStatus]);
  return (
    <>
      {left > 0 && (
        <Button variant="outline" onClick={() => setOpened(true)}>
          Refund
        </Button>
      )}
      <RefundOrderDialog
        opened={opened}
        order={order}
        onClose={() => setOpened(false)}
        onRefunded={() => {
          focusStatus.current = true;
          setOpened(false);
        }}
      />
    </>
  );
}

export function ViewOrderScreen() {
  const orderNumber = useParams().orderNumber ?? "";
  const mayChange = can(useSession().user, "orders:write");
  const { data, loading, error, refetch } = useQuery(AdminOrderDocument, { variables: { orderNumber }, fetchPolicy: "cache-and-network" });
  useLiveOrderStatus(orderNumber, { announce: false });

  const paymentStatus = useRef<HTMLDivElement>(null);
  // Its payment settled (paid, failed, run out, the order cancelled): the live news says the new status; the
  // order is read again for what became of its payment (its state, ids, when it was paid).
  const status = data?.order?.status;
  const wasAwaitingPayment = useRef(false);
  useEffect(() => {
    if (wasAwaitingPayment.current && status !== "AWAITING_PAYMENT") void refetch().catch(() => undefined);
    wasAwaitingPayment.current = status === "AWAITING_PAYMENT";
  }, [status, refetch]);

  const order = data?.order;
  if (!order) {
    const back = { to: "/admin/manage-order", label: "Back to the orders" };
    return <DetailUnavailable loading={loading} loadingLabel="Loading the order" title="We could not find this order." error={error} back={back} />;
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <PageTitle title={`Order ${order.orderNumber}`} />
          <Text c="dimmed">{formatDateTime(order.createdAt)}</Text>
        </Stack>
        {/* Changing the status, cancelling and refunding need the orders:write ability (support only reads). */}
        {mayChange && (
          <Group align="flex-end">
            <ManageStatus order={order} />
            <RefundAction order={order} paymentStatus={paymentStatus} />
          </Group>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AdminSection id="order-details" title="Order details">
          <SimpleGrid cols={2} spacing="sm">
            <Detail label="Reference">
              <Text ff="monospace" fw={600} span>
                {order.reference}
              </Text>
            </Detail>
            <Detail label="Status">
              <OrderStatusBadge status={order.status} />
            </Detail>
            <Detail label="Payment">
              <PaymentStatusBadge ref={paymentStatus} tabIndex={-1} status={order.paymentStatus} />
            </Detail>
            <Detail label="Subtotal">{formatMoney(order.subtotal)}</Detail>
            {order.discountTotal > 0 && <Detail label="Discount">{amountOff(order.discountTotal)}</Detail>}
            <Detail label="Delivery fee">{formatMoney(order.deliveryFee)}</Detail>
            {order.deliveryDiscount > 0 && <Detail label="Delivery discount">{amountOff(order.deliveryDiscount)}</Detail>}
            {order.taxTotal > 0 && <Detail label={order.pricesIncludeTax ? "Tax (included)" : "Tax"}>{formatMoney(order.taxTotal)}</Detail>}
            <Detail label="Total">{formatMoney(order.total)}</Detail>
            {order.refunded > 0 && <Detail label="Refunded">{formatMoney(order.refunded)}</Detail>}
          </SimpleGrid>
        </AdminSection>
        <AdminSection id="delivery-details" title="Delivery details">
          <SimpleGrid cols={2} spacing="sm">
            <Detail label="Email">{order.userEmail}</Detail>
            <Detail label="Phone">{order.userPhone}</Detail>
            <Detail label="Address">{order.userAddress}</Detail>
            <Detail label="Region">{order.region}</Detail>
          </SimpleGrid>
        </AdminSection>
      </SimpleGrid>

      <OrderAdjustments order={order} />

      <AdminSection id="order-lines" title="Items">
        <OrderLinesTable lines={order.lines} total={order.total} />
      </AdminSection>

      <OrderOnlinePayment payment={order.payment} />

      <OrderRefunds order={order} />
    </Stack>
  );
}
