// Orders. The list has the count, search by order number or reference (on the
// server) and a status filter, newest first, a page at a time; each row shows order number, status
// badge, total items, date and time and total price; 'No orders yet.' and 'No orders found matching
// your search.'; a failed load is silent (logged). The order
// view: order and delivery details, the lines, and 'Manage Status' with Change: the server's message and
// the order reloaded on success, 'Failed to update status.' on failure. When the order got promotions or paid
// tax, its discounts and tax show among its figures, with the promotions and the tax per rate beside them.
import { PageTitle } from "../../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { DetailUnavailable } from "../../../components/DetailUnavailable";
import { OrderLinesTable } from "../../../components/OrderLinesTable";
import { AdminOrderDocument, AdminOrdersDocument, type OrderStatus } from "../../../graphql/generated/graphql";
import { nextPageVariables, ORDERS_PAGE_SIZE, useLastAnswer } from "../../../lib/apollo/pages";
import { messages } from "../../../lib/messages";
import { formatMoney } from "../../../lib/money";
import { notifyError, reportChange } from "../../../lib/notify";
import { formatDateTime } from "../../../lib/orders/invoice";
import { ORDER_STATUS_TEXT } from "../../../lib/orders/orderStatus";
import { AdminList, AdminSection, AdminTable, ChangeChoice, Detail, figureColumn, useListSearch, useQuietListState } from "../AdminParts";
import { AdminOrderRow, amountOff, OrderAdjustments, OrderStatusBadge } from "./orderParts";
import { useUpdateOrderStatus } from "./useUpdateOrderStatus";
import { useLiveOrderStatus, useNewOrders } from "../../../lib/orders/liveOrders";

export const NO_ORDERS_YET = "No orders yet.";
export const NO_ORDERS_FOUND = "No orders found matching your search.";
const STATUSES: OrderStatus[] = ["PENDING", "IN_TRANSIT", "DELIVERED"];
/** The statuses as the selects offer them, in the spec's words. */
const STATUS_OPTIONS = STATUSES.map((value) => ({ value, label: ORDER_STATUS_TEXT[value] }));

const STATUS_FILTER_ALL = "";
const ORDER_COLUMNS = ["Order number", "Status", figureColumn("Total items"), "Date", figureColumn("Total price")];

export function ManageOrdersScreen() {
  // New orders join the list as they arrive; status changes (by any admin) show in place.
  useNewOrders();
  useLiveOrderStatus(undefined, { announce: false });
  const search = useListSearch();
  const [status, setStatus] = useState<OrderStatus | typeof STATUS_FILTER_ALL>(STATUS_FILTER_ALL);
  const { query } = search;
  const { data, loading, error, fetchMore } = useQuery(AdminOrdersDocument, {
    variables: { search: query || undefined, status: status || undefined, first: ORDERS_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const list = useQuietListState("orders", { data, loading, error }, useLastAnswer(data?.orders, { query, status }), search.typing);

  const filtered = query !== "" || status !== STATUS_FILTER_ALL;
  return (
    <AdminList
      title="Manage orders"
      search={search}
      searchPlaceholder="Search order number or reference"
      filters={
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as OrderStatus | typeof STATUS_FILTER_ALL)}
          data={[{ value: STATUS_FILTER_ALL, label: "All statuses" }, ...STATUS_OPTIONS]}
        />
      }
      noun="orders"
      {...list}
      empty={<EmptyState title={filtered ? NO_ORDERS_FOUND : NO_ORDERS_YET} />}
      onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
    >
      {(orders) => (
        <AdminTable framed highlightOnHover nowrap minWidth={640} columns={ORDER_COLUMNS}>
          {orders.map((order) => (
            <AdminOrderRow key={order.id} order={order} />
          ))}
        </AdminTable>
      )}
    </AdminList>
  );
}

function ManageStatus({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const [updateStatus, { loading }] = useUpdateOrderStatus();
  const change = (chosen: OrderStatus) =>
    reportChange(updateStatus({ variables: { id: orderId, status: chosen } }), (data) => data.updateOrderStatus.message, () => notifyError(messages.orderStatusUpdateFailed));
  return <ChangeChoice label="Manage Status" current={status} options={STATUS_OPTIONS} changing={loading} onChange={(chosen) => void change(chosen)} />;
}

export function ViewOrderScreen() {
  const orderNumber = useParams().orderNumber ?? "";
  const { data, loading, error } = useQuery(AdminOrderDocument, { variables: { orderNumber }, fetchPolicy: "cache-and-network" });
  useLiveOrderStatus(orderNumber, { announce: false });

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
        <ManageStatus key={order.status} orderId={order.id} status={order.status} />
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
            <Detail label="Subtotal">{formatMoney(order.subtotal)}</Detail>
            {order.discountTotal > 0 && <Detail label="Discount">{amountOff(order.discountTotal)}</Detail>}
            <Detail label="Delivery fee">{formatMoney(order.deliveryFee)}</Detail>
            {order.deliveryDiscount > 0 && <Detail label="Delivery discount">{amountOff(order.deliveryDiscount)}</Detail>}
            {order.taxTotal > 0 && <Detail label={order.pricesIncludeTax ? "Tax (included)" : "Tax"}>{formatMoney(order.taxTotal)}</Detail>}
            <Detail label="Total">{formatMoney(order.total)}</Detail>
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
    </Stack>
  );
}
