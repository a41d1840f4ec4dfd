// Own order detail: the order, a 'Billed to' input and Print Invoice, which opens the
// invoice in a new window that prints itself and closes after printing. An order that got promotions or was
// taxed also shows each line's share of the promotions, the promotions with what each took off, the
// discounts and tax in its totals and the tax per rate (the invoice too); an order without shows nothing more.
import { PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { AddedTaxRows, amountOff, DeliveryDiscountRow, DiscountRow, IncludedTaxRows, TaxBreakdown } from "../../components/PriceSummary";
import { RequireUser } from "../../components/RequireUser";
import { OrderDetailDocument, type OrderDetailQuery } from "../../graphql/generated/graphql";
import { variantLabel } from "../../lib/catalog/variants";
import { formatMoney } from "../../lib/money";
import { notifyError } from "../../lib/notify";
import { formatDateTime } from "../../lib/orders/invoice";
import { printInvoice } from "../../lib/orders/invoiceDocument";
import { useLiveOrderStatus } from "../../lib/orders/liveOrders";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT } from "../../lib/orders/orderStatus";
import type { SessionUser } from "../../lib/session/session";
import { pricedInvoiceHtml } from "./invoicePricing";

export function OrderDetailScreen() {
  return <RequireUser>{(user) => <OrderDetail user={user} />}</RequireUser>;
}

function OrderDetail({ user }: { user: SessionUser }) {
  const orderNumber = useParams().orderNumber ?? "";
  const { data, loading, error } = useQuery(OrderDetailDocument, { variables: { orderNumber } });
  // The status badge follows the order live, with a toast when an admin moves it.
  useLiveOrderStatus(orderNumber);
  const [billedTo, setBilledTo] = useState(user.name);

  if (loading && !data) return <LoadingView label="Loading the order" />;
  const order = data?.order;
  if (!order) {
    return <EmptyState title="We could not find this order." description={error?.message} link={{ to: "/user/order", label: "Back to my orders" }} />;
  }

  const print = () => {
    if (!printInvoice(pricedInvoiceHtml(order, billedTo.trim() || user.name))) {
      notifyError("Please allow pop-ups to print the invoice.");
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <PageTitle title={`Order ${order.orderNumber}`} />
          <Text c="dimmed">
            Reference {order.reference} · {formatDateTime(order.createdAt)}
          </Text>
        </Stack>
        <Badge size="lg" color={ORDER_STATUS_COLOR[order.status]}>
          {ORDER_STATUS_TEXT[order.status]}
        </Badge>
      </Group>

      <Paper withBorder radius="md" p="md">
        <OrderLinesTable lines={order.lines} />
        <LineDiscounts lines={order.lines} />
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              Delivery
            </Title>
            <Text>{order.userEmail}</Text>
            <Text>{order.userPhone}</Text>
            <Text>{order.userAddress}</Text>
            <Text>Region: {order.region}</Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap={4}>
            <Group justify="space-between">
              <Text>Subtotal ({order.totalItems} item(s))</Text>
              <Text>{formatMoney(order.subtotal)}</Text>
            </Group>
            <DiscountRow parts={order} withCodes />
            <Group justify="space-between">
              <Text>Delivery fee</Text>
              <Text>{formatMoney(order.deliveryFee)}</Text>
            </Group>
            <DeliveryDiscountRow parts={order} withCodes />
            <AddedTaxRows parts={order} />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{formatMoney(order.total)}</Text>
            </Group>
            <IncludedTaxRows parts={order} />
            {order.taxLines.length > 0 && <hr style={{ border: 0, borderTop: "1px solid var(--mantine-color-gray-3)", margin: "var(--mantine-spacing-xs) 0" }} />}
            <TaxBreakdown parts={order} />
          </Stack>
        </Paper>
      </SimpleGrid>

      <Group align="flex-end">
        <TextInput label="Billed to" value={billedTo} onChange={(event) => setBilledTo(event.currentTarget.value)} />
        <Button onClick={print}>Print Invoice</Button>
      </Group>
    </Stack>
  );
}

type OrderLine = NonNullable<OrderDetailQuery["order"]>["lines"][number];

/** Each line's share of the order's promotions ('Boston Fern −$2.00'), under the lines; nothing when none had one. */
function LineDiscounts({ lines }: { lines: readonly OrderLine[] }) {
  const discounted = lines.filter((line) => line.discount !== 0);
  if (discounted.length === 0) return null;
  return (
    <Stack gap={4} mt="sm">
      <Text fw={600} id="line-discounts">
        Promotion discount by line
      </Text>
      <Stack component="ul" gap={2} aria-labelledby="line-discounts" m={0} p={0} style={{ listStyle: "none" }}>
        {discounted.map((line, index) => (
          <Group component="li" key={index} justify="space-between" wrap="nowrap" gap="sm" data-testid="line-discount">
            <Text size="sm">{variantLabel(line.name, line.options)}</Text>
            <Text size="sm" c="green.9">
              {amountOff(line.discount)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
