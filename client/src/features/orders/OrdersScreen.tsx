// Own orders: 'No orders yet.' when empty; otherwise each order's number, status,
// total items, date and time and total price, linking to its detail, newest first, a page at a time
// ('Load more'). A failed load is silent (logged).
import { PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { LoadMore } from "../../components/LoadMore";
import { RequireUser } from "../../components/RequireUser";
import { MyOrdersDocument } from "../../graphql/generated/graphql";
import { nextPageVariables, nodesOf, ORDERS_PAGE_SIZE } from "../../lib/apollo/pages";
import { formatMoney } from "../../lib/money";
import { formatDateTime } from "../../lib/orders/invoice";
import { useLiveOrderStatus } from "../../lib/orders/liveOrders";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT } from "../../lib/orders/orderStatus";

export function OrdersScreen() {
  return <RequireUser>{() => <MyOrders />}</RequireUser>;
}

function MyOrders() {
  // An admin moving one of these orders changes its badge here at once, with a toast.
  useLiveOrderStatus();
  const { data, loading, error, fetchMore } = useQuery(MyOrdersDocument, {
    variables: { first: ORDERS_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  useEffect(() => {
    if (error) console.error("Could not load the orders", error);
  }, [error]);
  const page = data?.myOrders;
  const orders = page ? nodesOf(page) : [];
  return (
    <Stack gap="lg">
      <PageTitle title="My orders" />
      {loading && !data ? (
        <LoadingView label="Loading your orders" />
      ) : !page || orders.length === 0 ? (
        <EmptyState title="No orders yet." />
      ) : (
        <Stack gap="sm">
          {orders.map((order) => (
            <Card key={order.id} withBorder padding="md" component="article" aria-label={`Order ${order.orderNumber}`}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Anchor component={Link} to={`/user/order/${encodeURIComponent(order.orderNumber)}`} fw={700}>
                    {order.orderNumber}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(order.createdAt)}
                  </Text>
                </Stack>
                <Badge color={ORDER_STATUS_COLOR[order.status]}>{ORDER_STATUS_TEXT[order.status]}</Badge>
                <Text size="sm">{order.totalItems} item(s)</Text>
                <Text fw={700}>{formatMoney(order.total)}</Text>
              </Group>
            </Card>
          ))}
          <LoadMore page={page} noun="orders" onLoadMore={() => fetchMore({ variables: nextPageVariables(page) })} />
        </Stack>
      )}
    </Stack>
  );
}
