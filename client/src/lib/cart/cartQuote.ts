// The server's figures for the cart (cartQuote): each line's price, the items total, the chosen region's
// fee, the promotions the cart gets (its codes and the automatic ones), the tax and the total, by the rule
// checkout charges. The cart and checkout screens show these figures and never add up prices of their own;
// the server asks again whenever the cart, its codes or the region changes.
import type { ApolloClient } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { CartQuoteDocument, type CartLineInput, type CartQuoteFieldsFragment, type CartQuoteQueryVariables } from "../../graphql/generated/graphql";
import type { CartItem, CartProduct } from "./cartRules";

export const cartQuoteOperations = /* GraphQL */ `
  fragment CartQuoteFields on CartQuote {
    lines {
      productId
      variantId
      lineTotal
    }
    totalQuantity
    itemsTotal
    deliveryFee
    discountTotal
    deliveryDiscount
    pricesIncludeTax
    taxLines {
      name
      tax
    }
    promotions {
      name
      amount
      itemsAmount
      deliveryAmount
    }
    codes {
      code
      applied
      message
    }
    total
    missingProductIds
    choicesToMake {
      productId
      message
    }
  }

  query CartQuote($lines: [CartLineInput!]!, $regionId: Int, $codes: [String!]) {
    cartQuote(lines: $lines, regionId: $regionId, codes: $codes) {
      ...CartQuoteFields
    }
  }
`;

export type CartQuote = CartQuoteFieldsFragment;

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

/**
 * The variables the quote is asked with: each line's product, variant and quantity, the region once one is
 * chosen, and the promotion codes while there are some.
 */
export function cartQuoteVariables(cartItems: readonly CartItem[], regionId: number | null = null, codes: readonly string[] = []): CartQuoteQueryVariables {
  const lines = cartItems.map(cartLineInput);
  return { lines, ...(regionId === null ? {} : { regionId }), ...(codes.length === 0 ? {} : { codes: [...codes] }) };
}

/**
 * The quote for this cart (and region: none chosen means no fee and no tax; and codes). An empty cart is never
 * asked about (the server refuses it); such a cart stays "loading", and the screens show their empty state
 * instead. Opening the screen asks the server (showing a quote kept from before meanwhile, if any); while the
 * screen stays open, each distinct cart, region and list of codes is asked about once: going back to one
 * already quoted (plus, then minus) shows its answer without asking again.
 */
export function useCartQuote(cartItems: readonly CartItem[], regionId: number | null = null, codes: readonly string[] = []): CartQuoteState {
  const variables = useMemo(() => cartQuoteVariables(cartItems, regionId, codes), [cartItems, regionId, codes]);
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

/**
 * Keeps a quote the server gave for this cart, region and codes (applyCode answers with the cart's quote with
 * the new code): the screens then show it at once, without asking for it again.
 */
export function keepQuote(client: ApolloClient, cartItems: readonly CartItem[], regionId: number | null, codes: readonly string[], quote: CartQuote): void {
  client.writeQuery({ query: CartQuoteDocument, variables: cartQuoteVariables(cartItems, regionId, codes), data: { cartQuote: quote } });
}

/** What the quote says of each code of the cart: applied, or why not (undefined while it has not said). */
export const codeOutcome = (quote: CartQuote, code: string) => quote.codes.find((entry) => entry.code === code);

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
