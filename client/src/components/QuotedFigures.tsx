// The cart and checkout screens' figures as the server quotes them (lib/cart/cartQuote.ts): while the
// quote loads, a pulsing bar in the figure's place on the figure's own line (nothing moves when the
// amount arrives); when it could not be loaded, a dash, and the summary says so with 'Try again'.
import { Button, Group, Skeleton, Text, type TextProps } from "@mantine/core";
import type { CartQuoteState } from "../lib/cart/cartQuote";
import { formatMoney } from "../lib/money";

export interface QuotedAmountProps extends TextProps {
  state: CartQuoteState["status"];
  /** The amount once the quote is ready (undefined if the quote has none for it). */
  amount: number | undefined;
  "data-testid"?: string;
}

export function QuotedAmount({ state, amount, ...textProps }: QuotedAmountProps) {
  return (
    <Text component="div" {...textProps}>
      {state === "loading" ? (
        <Skeleton display="inline-block" h="1em" w="6ch" style={{ verticalAlign: "middle" }} />
      ) : state === "ready" && amount !== undefined ? (
        formatMoney(amount)
      ) : (
        "—"
      )}
    </Text>
  );
}

/** The quote could not be loaded: a short message and 'Try again'. */
export function QuoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm" c="red" role="alert">
        We could not load the prices.
      </Text>
      <Button variant="light" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}
