// The server's figures for the cart (cartQuote): each line's price, the items total, the chosen region's
// fee and the total, by the rule checkout charges. The cart and checkout screens show these figures and
// never add up prices of their own; the server asks again whenever the cart or the region changes.
import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { CartQuoteDocument, type CartLineInput, type CartQuoteQuery, type CartQuoteQueryVariables } from "../../graphql/generated/graphql";
import type { CartItem, CartProduct } from "./cartRules";

export const cartQuoteOperations = /* GraphQL */ `
  query CartQuote($lines: [CartLineInput!]!, $regionId: Int) {
    cartQuote(lines: $lines, regionId: $regionId) {
      lines {
        productId
        variantId
        lineTotal
      }
      totalQuantity
      itemsTotal
      deliveryFee
      total
      missingProductIds
      choicesToMake {
        productId
        message
      }
    }
  }
`;

export type CartQuote = CartQuoteQuery["cartQuote"];

/** What the screens show of the quote: a skeleton while it loads, a retry when it failed, else the figures. */
export type CartQuoteState = { status: "loading" } | { status: "failed"; retry: () => void } | { status: "ready"; quote: CartQuote };

/** The server's wording for a product of the cart that no longer exists. */
export const noLongerAvailable = (name: string) => `${name} is no longer available.`;

/**
 * A cart line as the server reads it (cartQuote, checkCart, placeOrder): the product and the variant bought,
 * and how many; a line saved before variants names the product alone (enough for a product sold in one variant).
 */
export function cartLineInput(item: CartItem): CartLineInput {
  return item.variantId === null || item.variantId === undefined
    ? { productId: item.id, quantity: item.cartQuantity }
    : { productId: item.id, variantId: item.variantId, quantity: item.cartQuantity };
}

/** The variables the quote is asked with: each line's product, variant and quantity, and the region once one is chosen. */
export function cartQuoteVariables(cartItems: readonly CartItem[], regionId: number | null = null): CartQuoteQueryVariables {
  const lines = cartItems.map(cartLineInput);
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

type LineOfCart = Pick<CartProduct, "id" | "variantId">;

/** The quote's line for this line of the cart: the same variant (a line saved before variants: the same product). */
const quotedLine = (quote: CartQuote, item: LineOfCart) =>
  item.variantId === null || item.variantId === undefined
    ? quote.lines.find((line) => line.productId === item.id)
    : quote.lines.find((line) => line.variantId === item.variantId);

/** A line's price as the quote gives it; undefined when the quote has no such line. */
export function quotedLineTotal(quote: CartQuote, item: LineOfCart): number | undefined {
  return quotedLine(quote, item)?.lineTotal;
}

/**
 * What the shopper must choose for a line saved before its product was sold in several variants ("Please
 * choose a Pot size for Monstera Deliciosa."), as the server words it; undefined for every other line.
 */
export const choiceToMake = (quote: CartQuote, item: LineOfCart): string | undefined =>
  item.variantId === null || item.variantId === undefined ? quote.choicesToMake.find((choice) => choice.productId === item.id)?.message : undefined;

/**
 * Whether the server says this line of the cart can no longer be bought: a line naming its variant, when the
 * quote leaves that variant out (it, or its product, is no longer on sale; another variant of the product
 * may still be); a line saved before variants, when the server names its product as no longer existing.
 */
export const isMissing = (quote: CartQuote, item: LineOfCart) =>
  item.variantId === null || item.variantId === undefined ? quote.missingProductIds.includes(item.id) : quotedLine(quote, item) === undefined;
