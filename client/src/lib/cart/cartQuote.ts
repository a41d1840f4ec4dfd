// The server's figures for the cart (cartQuote): each line's price, the items total, the chosen region's
// fee and the total, by the rule checkout charges. The cart and checkout screens show these figures and
// never add up prices of their own; the server asks again whenever the cart or the region changes.
import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { CartQuoteDocument, type CartQuoteQuery, type CartQuoteQueryVariables } from "../../graphql/generated/graphql";
import type { CartItem } from "./cartRules";

export const cartQuoteOperations = /* GraphQL */ `
  query CartQuote($lines: [CartLineInput!]!, $regionId: Int) {
    cartQuote(lines: $lines, regionId: $regionId) {
      lines {
        productId
        lineTotal
      }
      totalQuantity
      itemsTotal
      deliveryFee
      total
      missingProductIds
    }
  }
`;

export type CartQuote = CartQuoteQuery["cartQuote"];

/** What the screens show of the quote: a skeleton while it loads, a retry when it failed, else the figures. */
export type CartQuoteState = { status: "loading" } | { status: "failed"; retry: () => void } | { status: "ready"; quote: CartQuote };

/** The server's wording for a product of the cart that no longer exists. */
export const noLongerAvailable = (name: string) => `${name} is no longer available.`;

/** The variables the quote is asked with: each line's product and quantity, and the region once one is chosen. */
export function cartQuoteVariables(cartItems: readonly CartItem[], regionId: number | null = null): CartQuoteQueryVariables {
  const lines = cartItems.map((item) => ({ productId: item.id, quantity: item.cartQuantity }));
  return regionId === null ? { lines } : { lines, regionId };
}

/**
 * The quote for this cart (and region: none chosen means no fee). An empty cart is never asked about
 * (the server refuses it); such a cart stays "loading", and the screens show their empty state instead.
 * Opening the screen asks the server (showing a quote kept from before meanwhile, if any); while the
 * screen stays open, each distinct cart and region is asked about once: going back to one already quoted
 * (plus, then minus) shows its answer without asking again.
 */
export function useCartQuote(cartItems: readonly CartItem[], regionId: number | null = null): CartQuoteState {
  const variables = useMemo(() => cartQuoteVariables(cartItems, regionId), [cartItems, regionId]);
  const { data, error, loading, refetch } = useQuery(CartQuoteDocument, {
    variables,
    skip: cartItems.length === 0,
    fetchPolicy: "cache-and-network",
    nextFetchPolicy: () => "cache-first",
  });
  if (data) return { status: "ready", quote: data.cartQuote };
  if (error && !loading) return { status: "failed", retry: () => void refetch().catch(() => undefined) };
  return { status: "loading" };
}

/** A line's price as the quote gives it; undefined when the quote has no such line. */
export function quotedLineTotal(quote: CartQuote, productId: number): number | undefined {
  return quote.lines.find((line) => line.productId === productId)?.lineTotal;
}

/** Whether the server says this product of the cart no longer exists. */
export const isMissing = (quote: CartQuote, productId: number) => quote.missingProductIds.includes(productId);
