// Own order detail: the order, a 'Billed to' input and Print Invoice, which opens the
// invoice in a new window that prints itself and closes after printing. An order that got promotions or was
// taxed also shows each line's share of the promotions, the promotions with what each took off, the
// discounts and tax in its totals and the tax per rate (the invoice too); an order without shows nothing more.
// While the order is pending its shopper may cancel it ('Cancel order', confirmed in a dialog); later the button
// is gone (the server would refuse: the order is on its way).
// Once money was given back (refunded > 0) the summary says how much was refunded and the payment status
// (Partially refunded, Refunded), and the refunds that went through are listed (date, amount, reason); a
// refund that failed gave nothing back and is not the shopper's concern. An order without refunds shows nothing more.
// Paying on the provider's page (Stripe): an order awaiting payment says until when its items are held, with
// 'Pay now' (its payment page, again) beside 'Cancel order'. The provider sends the shopper back here:
// ?payment=return asks the server once to confirm the payment (confirmPayment) and says its answer in a
// status region, the order live meanwhile (paid later: the page follows); ?payment=cancelled says the order is
// not paid yet. An order cancelled because its payment did not complete says that nothing was charged.
import { PageTitle } from "../../components/PageTitle";
import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { CancelOrderDialog } from "../../components/CancelOrderDialog";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { PaymentStatusBadge } from "../../components/PaymentStatusBadge";
import { AddedTaxRows, amountOff, DeliveryDiscountRow, DiscountRow, IncludedTaxRows, TaxBreakdown } from "../../components/PriceSummary";
import { RequireUser } from "../../components/RequireUser";
import { CancelMyOrderDocument, ConfirmPaymentDocument, OrderDetailDocument, type OrderDetailQuery, type OrderStatus } from "../../graphql/generated/graphql";
import { errorCode, serverMessage } from "../../lib/apollo/errors";
import { reloadListsAfter } from "../../lib/apollo/reloadLists";
import { variantLabel } from "../../lib/catalog/variants";
import { formatMoney } from "../../lib/money";
import { notifyError, notifySuccess } from "../../lib/notify";
import { cancelFailureMessage } from "../../lib/orders/cancelOrder";
import { formatDateTime } from "../../lib/orders/invoice";
import { printInvoice } from "../../lib/orders/invoiceDocument";
import { expectOwnMove, useLiveOrderStatus } from "../../lib/orders/liveOrders";
import { PAYMENT_RETURNED, PAYMENT_TURNED_BACK, paymentFailureMessage, usePayForOrder } from "../../lib/orders/onlinePayment";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT, shopperMayCancel } from "../../lib/orders/orderStatus";
import { REFUND_SUCCEEDED } from "../../lib/orders/paymentStatus";
import type { SessionUser } from "../../lib/session/session";
import { pricedInvoiceHtml } from "./invoicePricing";

export function OrderDetailScreen() {
  return <RequireUser>{(user) => <OrderDetail user={user} />}</RequireUser>;
}

function OrderDetail({ user }: { user: SessionUser }) {
  const orderNumber = useParams().orderNumber ?? "";
  const { data, loading, error, refetch } = useQuery(OrderDetailDocument, { variables: { orderNumber } });
  // The status badge follows the order live, with a toast when an admin moves it.
  useLiveOrderStatus(orderNumber);
  const [billedTo, setBilledTo] = useState(user.name);
  // Back from the provider's payment page: paid (return) or turned back (cancelled).
  const returnedFrom = useSearchParams()[0].get("payment");

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
        <OrderStatusAndCancel
          order={order}
          onRefused={() => void refetch().catch(() => undefined)}
          payNow={order.status === "AWAITING_PAYMENT" && <PayNow orderId={order.id} onRefused={() => void refetch().catch(() => undefined)} />}
        />
      </Group>

      {returnedFrom === PAYMENT_RETURNED && <PaymentConfirmation order={order} />}
      <PaymentNotice order={order} turnedBack={returnedFrom === PAYMENT_TURNED_BACK} />

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
            <RefundSummary order={order} />
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
type ShopperOrder = NonNullable<OrderDetailQuery["order"]>;

/** Said of an order whose payment failed or ran out of time. */
export const CANCELLED_UNPAID = "This order was cancelled because its payment was not completed. Nothing was charged.";

/** Until when an order awaiting payment holds its items: 'Your items are held until Mar 4, 2026, 3:04 PM.' */
export const heldUntilText = (expiresAt: string) => `Your items are held until ${formatDateTime(expiresAt)}.`;
export const NOT_PAID_YET = "You have not paid yet.";

/**
 * What the order's payment asks of the shopper, under its heading: while it awaits payment, until when its
 * items are held (back from the provider's page without paying, first that it is not paid yet); once cancelled
 * because the payment did not complete, that nothing was charged. Nothing for any other order.
 */
function PaymentNotice({ order, turnedBack }: { order: Pick<ShopperOrder, "status" | "paymentStatus" | "payment">; turnedBack: boolean }) {
  let notice: string;
  if (order.status === "AWAITING_PAYMENT") {
    const held = order.payment ? heldUntilText(order.payment.expiresAt) : "Pay now to confirm this order.";
    notice = turnedBack ? `${NOT_PAID_YET} ${held}` : held;
  } else if (order.status === "CANCELLED" && order.paymentStatus === "UNPAID") {
    notice = CANCELLED_UNPAID;
  } else {
    return null;
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="payment-notice">
      <Text>{notice}</Text>
    </Paper>
  );
}

/**
 * 'Pay now': the order's payment page (payForOrder), and the shopper sent there; busy until the page has gone.
 * A refusal is told (the server's words: already paid, cancelled, time run out) and the order is read again,
 * since it has moved on; a provider out of reach is told, and the button is there to try again.
 */
function PayNow({ orderId, onRefused }: { orderId: number; onRefused: () => void }) {
  const { pay, paying } = usePayForOrder();
  const payNow = async () => {
    try {
      await pay(orderId);
    } catch (error) {
      notifyError(paymentFailureMessage(error));
      if (errorCode(error) === "BAD_USER_INPUT") onRefused();
    }
  };
  return (
    <Button loading={paying} onClick={() => void payNow()}>
      Pay now
    </Button>
  );
}

/**
 * Back from the provider's page after paying: asks the server once to confirm the payment and says its answer
 * ('Payment received: your order is confirmed.', or that the provider has not told yet: the order is followed
 * live, and the page shows it paid when it is) in a status region, which is there from the start so that
 * screen readers hear what it says. The answer's order puts its status on screen. Its words stand while the
 * order is as it answered: once the order has moved on (paid, its payment failed) they no longer say it, and
 * the live news does.
 */
function PaymentConfirmation({ order }: { order: Pick<ShopperOrder, "id" | "orderNumber" | "status"> }) {
  const [confirmPayment] = useMutation(ConfirmPaymentDocument);
  const [answer, setAnswer] = useState<{ message: string; status: OrderStatus | null } | null>(null);
  const asked = useRef(false);
  const { id, orderNumber, status } = order;
  // An order already cancelled, on its way or delivered has nothing to confirm.
  const confirmable = status === "AWAITING_PAYMENT" || status === "PENDING";
  useEffect(() => {
    if (asked.current || !confirmable) return;
    asked.current = true;
    // The move this asks for is said by its answer: its live news is not told again.
    const forget = status === "AWAITING_PAYMENT" ? expectOwnMove(orderNumber, "PENDING") : () => undefined;
    confirmPayment({ variables: { id } }).then(
      ({ data }) => {
        const confirmed = data?.confirmPayment;
        if (confirmed?.order.status !== "PENDING") forget();
        if (confirmed) setAnswer({ message: confirmed.message, status: confirmed.order.status });
      },
      (error: unknown) => {
        forget();
        setAnswer({ message: serverMessage(error), status: null });
      },
    );
  }, [confirmable, confirmPayment, id, orderNumber, status]);

  let said: ReactNode = null;
  if (confirmable && !answer) said = "Checking your payment…";
  else if (answer && (answer.status === null || answer.status === status)) said = answer.message;
  return (
    <Box role="status" data-testid="payment-confirmation">
      {said && (
        <Paper withBorder radius="md" p="md">
          <Text>{said}</Text>
        </Paper>
      )}
    </Box>
  );
}

/**
 * Once something was refunded: 'Refunded $X', the payment status, and the refunds that went through (date,
 * amount, reason), oldest first. Nothing at all while nothing was refunded.
 */
function RefundSummary({ order }: { order: Pick<ShopperOrder, "refunded" | "paymentStatus" | "refunds"> }) {
  if (order.refunded <= 0) return null;
  const refunds = order.refunds.filter((refund) => refund.state === REFUND_SUCCEEDED);
  return (
    <>
      <hr style={{ border: 0, borderTop: "1px solid var(--mantine-color-gray-3)", margin: "var(--mantine-spacing-xs) 0" }} />
      <Group justify="space-between" data-testid="refunded">
        <Text>Refunded</Text>
        <Text>{formatMoney(order.refunded)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>Payment</Text>
        <PaymentStatusBadge status={order.paymentStatus} />
      </Group>
      {refunds.length > 0 && (
        <Stack gap={2} mt="xs">
          <Text fw={600} id="order-refunds">
            Refunds
          </Text>
          <Stack component="ul" gap={4} aria-labelledby="order-refunds" m={0} p={0} style={{ listStyle: "none" }}>
            {refunds.map((refund) => (
              <Stack component="li" key={refund.id} gap={0} data-testid="order-refund">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm">{formatDateTime(refund.createdAt)}</Text>
                  <Text size="sm">{formatMoney(refund.amount)}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {refund.reason}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Stack>
      )}
    </>
  );
}

export const CANCEL_THIS_ORDER = "Cancel this order?";
export const CANCEL_THIS_ORDER_TEXT = "Anything you paid for it is refunded to your card.";

/**
 * The order's status, 'Pay now' while it awaits payment (`payNow`), and while it awaits payment or is pending,
 * 'Cancel order' with its confirmation. The answer's status
 * reaches the cache, so the badge says cancelled and the button goes; focus then moves to the badge (the button
 * it came from is gone) and the server's message is told. A refusal is said in the dialog, and the order is
 * read again (it has moved on: the button goes).
 */
function OrderStatusAndCancel({
  order,
  onRefused,
  payNow,
}: {
  order: { id: number; orderNumber: string; status: OrderStatus };
  onRefused: () => void;
  payNow?: ReactNode;
}) {
  const [cancelMyOrder, { loading }] = useMutation(CancelMyOrderDocument, { update: reloadListsAfter("orderCancelled") });
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const mayCancel = shopperMayCancel(order.status);
  // Once the dialog has closed and the button is gone, focus goes to the status.
  const focusStatus = useRef(false);
  useEffect(() => {
    if (!confirming && !mayCancel && focusStatus.current) {
      focusStatus.current = false;
      status.current?.focus();
    }
  }, [confirming, mayCancel]);

  const cancel = async () => {
    setFailure(null);
    focusStatus.current = true;
    // The live news of this move is not told again: the answer's message says it.
    const forget = expectOwnMove(order.orderNumber, "CANCELLED");
    try {
      const { data } = await cancelMyOrder({ variables: { id: order.id } });
      setConfirming(false);
      if (data) notifySuccess(data.cancelMyOrder.message);
    } catch (error) {
      forget();
      setFailure(cancelFailureMessage(error));
      onRefused();
    }
  };
  const close = () => {
    // 'Keep order' with the button still there: the dialog gives focus back to it.
    focusStatus.current = !mayCancel;
    setConfirming(false);
  };

  return (
    <Group gap="sm">
      <Badge ref={status} tabIndex={-1} size="lg" color={ORDER_STATUS_COLOR[order.status]} data-testid="order-status">
        {ORDER_STATUS_TEXT[order.status]}
      </Badge>
      {payNow}
      {mayCancel && (
        <Button
          variant="outline"
          color="red"
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
        >
          Cancel order
        </Button>
      )}
      <CancelOrderDialog
        opened={confirming}
        title={CANCEL_THIS_ORDER}
        text={CANCEL_THIS_ORDER_TEXT}
        cancelling={loading}
        failure={failure}
        onConfirm={() => void cancel()}
        onClose={close}
      />
    </Group>
  );
}

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
