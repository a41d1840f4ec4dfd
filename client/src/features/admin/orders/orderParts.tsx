// What the order list, the order view and the user detail share: the status badge and an order's row; and
// what the order view shows of an order's promotions, tax, refunds and payment on the provider's page.
import { Alert, Anchor, Badge, SimpleGrid, Table, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router-dom";
import { PaymentStatusBadge } from "../../../components/PaymentStatusBadge";
import type { AdminOrderAdjustmentsFragment, AdminOrderQuery, OrderStatus, OrderSummaryFieldsFragment, PaymentStatus } from "../../../graphql/generated/graphql";
import { variantLabel } from "../../../lib/catalog/variants";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../../lib/orders/invoice";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT } from "../../../lib/orders/orderStatus";
import { REFUND_FAILED, REFUND_SUCCEEDED } from "../../../lib/orders/paymentStatus";
import { paymentProviderName } from "../../../lib/orders/onlinePayment";
import { AdminSection, Detail } from "../AdminParts";

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
 * The order list names the reference under the number, shows the payment status (when the order has it)
 * and heads its columns; a user's orders are a compact list without headings, so it says what the count counts.
 */
export function AdminOrderRow({ order, compact = false }: { order: OrderSummaryFieldsFragment & { paymentStatus?: PaymentStatus }; compact?: boolean }) {
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
      {!compact && order.paymentStatus && (
        <Table.Td>
          <PaymentStatusBadge status={order.paymentStatus} />
        </Table.Td>
      )}
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

/** A refund's state in words, and its badge's colour (light variants read at WCAG AA: app/theme.test.ts). */
const REFUND_STATE: Record<string, { text: string; color: string }> = {
  pending: { text: "Pending", color: "yellow" },
  [REFUND_SUCCEEDED]: { text: "Succeeded", color: "green" },
  [REFUND_FAILED]: { text: "Failed", color: "red" },
};

/**
 * The order's refunds, oldest first: date, amount, reason (with the items a refund by items gave back) and
 * state. A failed refund gave nothing back: it is marked Failed and says so. Nothing when there are none.
 */
export function OrderRefunds({ order }: { order: Pick<NonNullable<AdminOrderQuery["order"]>, "refunds" | "lines"> }) {
  if (order.refunds.length === 0) return null;
  const names = new Map(order.lines.map((line) => [line.id, variantLabel(line.name, line.options)]));
  return (
    <AdminSection id="order-refunds" title="Refunds">
      <Table.ScrollContainer minWidth={560}>
        <Table aria-labelledby="order-refunds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.refunds.map((refund) => {
              const state = REFUND_STATE[refund.state] ?? { text: refund.state, color: "gray" };
              const failed = refund.state === REFUND_FAILED;
              return (
                <Table.Tr key={refund.id} data-testid="order-refund" data-state={refund.state}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(refund.createdAt)}</Table.Td>
                  <Table.Td ta="right" td={failed ? "line-through" : undefined}>
                    {formatMoney(refund.amount)}
                  </Table.Td>
                  <Table.Td>
                    {refund.reason}
                    {refund.lines.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {refund.lines.map((line) => `${line.quantity} × ${names.get(line.lineId) ?? `line ${line.lineId}`}`).join(", ")}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={state.color} style={{ minWidth: "max-content" }}>
                      {state.text}
                    </Badge>
                    {failed && (
                      <Text size="xs" c="dimmed">
                        Nothing was refunded.
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </AdminSection>
  );
}

type AdminOrderPaymentView = NonNullable<NonNullable<AdminOrderQuery["order"]>["payment"]>;

/** A payment's state on the provider's page, in words. */
const PAYMENT_STATE_TEXT: Record<string, string> = { open: "Open: the shopper may pay", paid: "Paid", failed: "Failed", expired: "Expired" };

/**
 * The order's payment on the provider's page (nothing for an order paid at checkout): provider, state, the
 * provider's session and payment ids (the payment's linked to it in the provider's dashboard, in a new tab),
 * when it was paid and until when it could be; and a problem with it (a payment the shop did not count,
 * e.g. of another amount) in an alert, for the admin to settle in the dashboard.
 */
export function OrderOnlinePayment({ payment }: { payment: AdminOrderPaymentView | null }) {
  if (!payment) return null;
  const provider = paymentProviderName(payment.provider);
  return (
    <AdminSection id="order-payment" title="Payment">
      {payment.problem && (
        <Alert color="red" variant="light" title="This payment was not counted" data-testid="payment-problem">
          {payment.problem}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Detail label="Provider">{provider}</Detail>
        <Detail label="State">{PAYMENT_STATE_TEXT[payment.state] ?? payment.state}</Detail>
        <Detail label="Session id">
          <Text ff="monospace" span>
            {payment.sessionId}
          </Text>
        </Detail>
        <Detail label="Payment intent id">
          {payment.paymentIntentId === null ? (
            "None yet"
          ) : payment.dashboardUrl ? (
            <Anchor href={payment.dashboardUrl} target="_blank" rel="noopener noreferrer" ff="monospace">
              {payment.paymentIntentId}{" "}
              <VisuallyHidden>{`(in ${provider}'s dashboard, opens in a new tab)`}</VisuallyHidden>
            </Anchor>
          ) : (
            <Text ff="monospace" span>
              {payment.paymentIntentId}
            </Text>
          )}
        </Detail>
        <Detail label="Paid at">{payment.paidAt ? formatDateTime(payment.paidAt) : "Not paid"}</Detail>
        <Detail label="Expires at">{formatDateTime(payment.expiresAt)}</Detail>
      </SimpleGrid>
    </AdminSection>
  );
}
