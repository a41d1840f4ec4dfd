// What the order list, the order view and the user detail share: the status badge and an order's row; and
// what the order view shows of an order's promotions and tax.
import { Anchor, Badge, SimpleGrid, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import type { AdminOrderAdjustmentsFragment, OrderStatus, OrderSummaryFieldsFragment } from "../../../graphql/generated/graphql";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../../lib/orders/invoice";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT } from "../../../lib/orders/orderStatus";
import { AdminSection } from "../AdminParts";

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

/** "−$5.00": an amount taken off. */
export const amountOff = (amount: number) => `−${formatMoney(amount)}`;

/** "20%", "8.875%". */
const ratePercent = (rate: number) => `${Number(rate.toFixed(4))}%`;

/**
 * What the order got and paid besides its lines: the promotions (name, code, what each took off) and the tax
 * per rate (name, rate, the amount it was charged on, the tax). Nothing when it got no promotion and paid no tax.
 */
export function OrderAdjustments({ order }: { order: AdminOrderAdjustmentsFragment }) {
  const taxLines = order.taxLines.filter((line) => line.tax !== 0);
  if (order.promotions.length === 0 && taxLines.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {order.promotions.length > 0 && (
        <AdminSection id="order-promotions" title="Promotions">
          <Table.ScrollContainer minWidth={360}>
            <Table aria-labelledby="order-promotions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Promotion</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.promotions.map((promotion, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{promotion.name}</Table.Td>
                    <Table.Td ff={promotion.code ? "monospace" : undefined}>{promotion.code ?? "Automatic"}</Table.Td>
                    <Table.Td ta="right">{amountOff(promotion.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </AdminSection>
      )}
      {taxLines.length > 0 && (
        <AdminSection id="order-tax" title={order.pricesIncludeTax ? "Tax (included in the prices)" : "Tax"}>
          <Table.ScrollContainer minWidth={360}>
            <Table aria-labelledby="order-tax">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tax</Table.Th>
                  <Table.Th ta="right">Rate</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {taxLines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{line.name}</Table.Td>
                    <Table.Td ta="right">{ratePercent(line.rate)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.net)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.tax)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </AdminSection>
      )}
    </SimpleGrid>
  );
}
