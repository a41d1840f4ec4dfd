// The cart: its lines with minus, plus and 'Remove item', Clear Cart,
// the 'cart Summary' and 'Proceed to checkout', which checks the cart with the server first. Each line's
// price and the Subtotal are the server's (cartQuote); Total quantity is the cart's own count (totalQuantity).
// With promotions or tax, the summary adds what they change (PriceSummary) and the promotion codes
// (PromotionCodes); without them it is as it always was.
import { PageTitle } from "../../components/PageTitle";
import { useApolloClient } from "@apollo/client/react";
import { ActionIcon, Anchor, Button, Card, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { ChosenOptions } from "../../components/ChosenOptions";
import { EmptyState } from "../../components/EmptyState";
import { ProductPicture } from "../../components/ProductPicture";
import { AddedTaxRows, changesTotal, DeliveryDiscountRow, DiscountRow, IncludedTaxRows, SummaryRow } from "../../components/PriceSummary";
import { QuotedAmount, QuoteUnavailable } from "../../components/QuotedFigures";
import { CheckCartDocument } from "../../graphql/generated/graphql";
import { serverMessage } from "../../lib/apollo/errors";
import { useCart } from "../../lib/cart/CartProvider";
import { cartLineInput, choiceToMake, isMissing, noLongerAvailable, quotedLineTotal, useCartQuote, type CartQuote, type CartQuoteState } from "../../lib/cart/cartQuote";
import { lineKey, type CartItem } from "../../lib/cart/cartRules";
import { variantLabel } from "../../lib/catalog/variants";
import { messages } from "../../lib/messages";
import { formatMoney } from "../../lib/money";
import { notifyError } from "../../lib/notify";
import { useSession } from "../../lib/session/session";
import { useHydrated } from "../../lib/ssr/hydration";

export const CART_NEEDS_SCRIPTS = "The cart and checkout need JavaScript: please turn it on in your browser to shop.";
import { PromotionCodes } from "./PromotionCodes";

export function CartScreen() {
  const { cartItems, totalQuantity, codes, clearCart } = useCart();
  const quote = useCartQuote(cartItems, null, codes);
  // The server's page cannot know the cart (it is kept in this browser): its frame, saying so, until the
  // app reads it. Its text is longer than the empty cart's, so what the phone paints first stays the page's
  // largest text (Lighthouse's LCP) whatever the cart turns out to be.
  // The swap moves nothing already on screen (no layout shift, as Lighthouse's CLS counts it): the heading is
  // the same element in every state, and the frame's message is another element than the empty cart's (its
  // own key), so it is replaced, not moved: one element given the other's text would slide sideways, as an
  // empty state's text is centred in a box as wide as the text. Below it nothing shows to move: the page's
  // main part is at least a screen high (ShopLayout).
  if (!useHydrated()) {
    return (
      <Stack gap="lg">
        <PageTitle title="Cart" />
        <EmptyState key="frame" title="Your cart is kept in this browser." description="It opens here as soon as the page is ready." />
        <noscript>
          <Text ta="center">{CART_NEEDS_SCRIPTS}</Text>
        </noscript>
      </Stack>
    );
  }
  if (cartItems.length === 0) {
    return (
      <Stack gap="lg">
        <PageTitle title="Cart" />
        <EmptyState
          key="empty"
          title="Your cart is empty!"
          description="Find something green to take home."
          link={{ to: "/", label: "Back to the store" }}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle title="Cart" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {cartItems.map((item) => (
              <CartLine key={lineKey(item)} item={item} quote={quote} />
            ))}
            <Group>
              <Button variant="outline" color="red" onClick={() => clearCart()}>
                Clear Cart
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CartSummary totalQuantity={totalQuantity} quote={quote} items={cartItems} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CartLine({ item, quote }: { item: CartItem; quote: CartQuoteState }) {
  const { increaseQuantity, decreaseQuantity, removeFromCart } = useCart();
  const key = lineKey(item);
  // Two lines may buy two variants of one product: each is named with its option values.
  const label = variantLabel(item.name, item.options);
  return (
    <Card withBorder padding="sm" component="article" aria-label={label}>
      <Group wrap="nowrap" align="center" gap="md">
        {/* The name links beside the picture: the picture itself is decoration for screen readers. */}
        <ProductPicture image={item.image} src={item.imageOne} alt="" sizes="80px" w={80} h={80} miw={80} radius="var(--mantine-radius-sm)" />
        <Stack gap={4} style={{ flex: 1 }}>
          <Anchor component={Link} to={productLink(item)} fw={600} c="inherit">
            {item.name}
          </Anchor>
          <ChosenOptions options={item.options} />
          {quote.status === "ready" && choiceToMake(quote.quote, item) ? (
            // Saved before the product came in several variants: its page offers the choice.
            <Text fw={600} c="red.9" data-testid="line-choice">
              {choiceToMake(quote.quote, item)}{" "}
              <Anchor component={Link} to={productLink(item)}>
                Choose on the product page
              </Anchor>
            </Text>
          ) : quote.status === "ready" && isMissing(quote.quote, item) ? (
            <Text fw={600} c="red" data-testid="line-unavailable">
              {noLongerAvailable(label)}
            </Text>
          ) : (
            <QuotedAmount
              fw={700}
              data-testid="line-price"
              state={quote.status}
              amount={quote.status === "ready" ? quotedLineTotal(quote.quote, item) : undefined}
            />
          )}
          <Group gap="xs">
            <ActionIcon variant="default" aria-label={`Decrease quantity of ${label}`} onClick={() => decreaseQuantity(key)}>
              −
            </ActionIcon>
            <Text w={28} ta="center" data-testid="line-quantity" aria-label={`Quantity of ${label}`}>
              {item.cartQuantity}
            </Text>
            <ActionIcon variant="default" aria-label={`Increase quantity of ${label}`} onClick={() => increaseQuantity(key)}>
              +
            </ActionIcon>
          </Group>
        </Stack>
        <Button variant="subtle" color="red" onClick={() => removeFromCart(key)}>
          Remove item
        </Button>
      </Group>
    </Card>
  );
}

/**
 * What promotions and tax change in the cart's figures (the cart has no region yet, so no delivery or tax by
 * region): the discount with each promotion under it, tax added on top, the total they make, the tax the prices hold.
 */
function QuotedChanges({ quote }: { quote: CartQuote }) {
  return (
    <>
      <DiscountRow parts={quote} />
      <DeliveryDiscountRow parts={quote} />
      <AddedTaxRows parts={quote} />
      {changesTotal(quote) && <SummaryRow label="Total" amount={formatMoney(quote.total)} fw={700} testId="cart-total" />}
      <IncludedTaxRows parts={quote} />
    </>
  );
}

/** The product's page, showing the line's variant when it names one. */
const productLink = (item: CartItem) => `/products/${item.slug}${item.sku && (item.options?.length ?? 0) > 0 ? `?variant=${encodeURIComponent(item.sku)}` : ""}`;

function CartSummary({ totalQuantity, quote, items }: { totalQuantity: number; quote: CartQuoteState; items: CartItem[] }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [checking, setChecking] = useState(false);

  const proceed = async () => {
    setChecking(true);
    try {
      await client.query({
        query: CheckCartDocument,
        variables: { lines: items.map(cartLineInput) },
        fetchPolicy: "network-only",
      });
      navigate("/checkout");
    } catch (error) {
      if (user) {
        notifyError(serverMessage(error));
      } else {
        notifyError(messages.loginBeforeCheckout);
        navigate("/login");
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="cart-summary" aria-busy={quote.status === "loading"}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="cart-summary">
          cart Summary
        </Title>
        <Group justify="space-between">
          <Text>Total quantity</Text>
          <Text fw={600} data-testid="total-quantity">
            {totalQuantity}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <QuotedAmount fw={700} data-testid="subtotal" state={quote.status} amount={quote.status === "ready" ? quote.quote.itemsTotal : undefined} />
        </Group>
        {quote.status === "ready" && <QuotedChanges quote={quote.quote} />}
        <PromotionCodes quote={quote} />
        {/* Proceed still works: checking the cart there asks the server again. */}
        {quote.status === "failed" && <QuoteUnavailable onRetry={quote.retry} />}
        <Button size="md" loading={checking} onClick={() => void proceed()}>
          Proceed to checkout
        </Button>
      </Stack>
    </Paper>
  );
}
