// An order's payment status as a badge (Awaiting, Paid, Partially refunded, Refunded, Unpaid): the admin's
// order list and order view and the shopper's order page show the same words in the same colours.
import { Badge, type BadgeProps } from "@mantine/core";
import type { Ref } from "react";
import type { PaymentStatus } from "../graphql/generated/graphql";
import { PAYMENT_STATUS_COLOR, PAYMENT_STATUS_TEXT } from "../lib/orders/paymentStatus";

/** `ref` (and tabIndex -1) lets a screen move focus to the status once the control that changed it is gone. */
export function PaymentStatusBadge({ status, ref, ...props }: { status: PaymentStatus; ref?: Ref<HTMLDivElement>; tabIndex?: number } & Omit<BadgeProps, "color" | "children">) {
  // Never cut short in a narrow column.
  return (
    <Badge ref={ref} color={PAYMENT_STATUS_COLOR[status]} style={{ minWidth: "max-content" }} data-testid="payment-status" {...props}>
      {PAYMENT_STATUS_TEXT[status]}
    </Badge>
  );
}
