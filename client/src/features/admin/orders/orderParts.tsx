// What the order list, the order view and the user detail share: the status badge and an order's row.
import { Anchor, Badge, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import type { OrderStatus, OrderSummaryFieldsFragment } from "../../../graphql/generated/graphql";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../../lib/orders/invoice";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT } from "../../../lib/orders/orderStatus";

/** The admin order view: /admin/view-order/{order_number}. */
export const adminOrderPath = (orderNumber: string) => `/admin/view-order/${encodeURIComponent(orderNumber)}`;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  // Never cut short in a narrow table column.
  return (
    <Badge color={ORDER_STATUS_COLOR[status]} style={{ minWidth: "max-content" }}>
      {ORDER_STATUS_TEXT[status]}
    </Badge>
  );
}

/**
 * An order as the admin's lists show it: number (linking to the order), status, items, date, total.
 * The order list names the reference under the number and heads its columns; a user's orders are a
 * compact list without headings, so it says what the count counts.
 */
export function AdminOrderRow({ order, compact = false }: { order: OrderSummaryFieldsFragment; compact?: boolean }) {
  return (
    <Table.Tr aria-label={`Order ${order.orderNumber}`}>
      <Table.Td>
        <Anchor component={Link} to={adminOrderPath(order.orderNumber)} fw={compact ? 600 : 700}>
          {order.orderNumber}
        </Anchor>
        {!compact && (
          <Text size="xs" c="dimmed" ff="monospace">
            {order.reference}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td ta="right">{compact ? `${order.totalItems} item(s)` : order.totalItems}</Table.Td>
      <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
      <Table.Td ta="right" fw={700}>
        {formatMoney(order.total)}
      </Table.Td>
    </Table.Tr>
  );
}
