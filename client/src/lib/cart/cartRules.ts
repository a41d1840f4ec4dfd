// The cart's state and every rule of the cart (stock limits, quantities, totals, the promotion codes kept
// with it) as a pure reducer. A
// refused action leaves the state unchanged and names the reason, which the cart store shows as an error
// notification.
import type { ProductPictureFieldsFragment } from "../../graphql/generated/graphql";
import type { ChosenValue } from "../catalog/variants";
import { messages } from "../messages";
import type { Priced } from "../pricing";
import { withCode, withoutCode } from "./promotionCodes";

export interface CartProduct extends Priced {
  id: number;
  slug: string;
  name: string;
  imageOne: string;
  /** The main picture with its renditions (a cart saved before pictures had them keeps only imageOne). */
  image?: ProductPictureFieldsFragment | null;
  /** Units in stock (of the variant): the cart never holds more than this. */
  quantity: number;
  /**
   * The variant bought (its price and stock are the line's). A cart saved before variants has none: its
   * line names the product alone, which buys a product sold in one variant.
   */
  variantId?: number | null;
  sku?: string;
  /** The variant's option values, shown under the name ("Pot size: 24 cm"); empty for a product without options. */
  options?: ChosenValue[];
}

/** All product fields plus cartQuantity. */
export type CartItem = CartProduct & { cartQuantity: number };

/** What tells one line of the cart from another: the variant, else (a line saved before variants) the product. */
export type CartLineKey = string;

export const lineKey = (line: Pick<CartProduct, "id" | "variantId">): CartLineKey =>
  line.variantId === null || line.variantId === undefined ? `product-${line.id}` : `variant-${line.variantId}`;

/**
 * Whether a product added to the cart is this line's: the same variant; a line saved before variants (no
 * variant) is the line of its product's only variant, so adding that product again raises it.
 */
export function isSameLine(line: Pick<CartProduct, "id" | "variantId" | "options">, product: Pick<CartProduct, "id" | "variantId" | "options">): boolean {
  if (line.id !== product.id) return false;
  const [ours, theirs] = [line.variantId ?? null, product.variantId ?? null];
  if (ours !== null && theirs !== null) return ours === theirs;
  if (ours === null && theirs === null) return true;
  return (line.options?.length ?? 0) === 0 && (product.options?.length ?? 0) === 0;
}

export interface CartState {
  cartItems: CartItem[];
  totalQuantity: number;
  /**
   * The promotion codes entered (trimmed, upper case, each once, at most five), whether or not they apply
   * today: the server says which do. Kept until the order is placed or the cart is cleared.
   */
  codes: readonly string[];
}

export type CartAction =
  | { type: "add"; product: CartProduct; cartQuantity?: number }
  | { type: "remove"; line: CartLineKey }
  | { type: "clear" }
  | { type: "increase"; line: CartLineKey }
  | { type: "decrease"; line: CartLineKey }
  | { type: "addCode"; code: string }
  | { type: "removeCode"; code: string };

export interface CartOutcome {
  state: CartState;
  /** Why the action was refused (an error notification), or null when it was applied or did nothing. */
  refusal: string | null;
}

export const emptyCart = (): CartState => ({ cartItems: [], totalQuantity: 0, codes: [] });

/** The cart with these lines (its codes kept). */
const withLines = (state: CartState, cartItems: CartItem[]): CartState => ({ ...state, cartItems, totalQuantity: countItems(cartItems) });

/** The sum of the items' cartQuantity. */
export function countItems(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.cartQuantity, 0);
}

export function findItem(state: CartState, line: CartLineKey): CartItem | undefined {
  return state.cartItems.find((item) => lineKey(item) === line);
}

const applied = (state: CartState): CartOutcome => ({ state, refusal: null });
const refused = (state: CartState, refusal: string): CartOutcome => ({ state, refusal });

function add(state: CartState, product: CartProduct, amount: number): CartOutcome {
  if (product.quantity <= 0) return refused(state, messages.productOutOfStock);
  const existing = state.cartItems.find((item) => isSameLine(item, product));
  if (existing) {
    const cartQuantity = existing.cartQuantity + amount;
    if (cartQuantity > product.quantity) return refused(state, messages.cannotAddMoreThanStock);
    return applied(withLines(state, state.cartItems.map((item) => (item === existing ? { ...item, ...product, cartQuantity } : item))));
  }
  if (amount > product.quantity) return refused(state, messages.cannotAddMoreThanStock);
  return applied(withLines(state, [...state.cartItems, { ...product, cartQuantity: amount }]));
}

/** Applies one cart action and says whether it was refused. */
export function applyCartAction(state: CartState, action: CartAction): CartOutcome {
  switch (action.type) {
    case "add":
      return add(state, action.product, action.cartQuantity ?? 1);
    case "remove":
      return applied(withLines(state, state.cartItems.filter((item) => lineKey(item) !== action.line)));
    case "clear":
      // The codes go with the cart (after an order is placed, or Clear Cart).
      return applied(emptyCart());
    case "increase": {
      const item = findItem(state, action.line);
      if (!item) return applied(state);
      if (item.cartQuantity >= item.quantity) return refused(state, messages.cannotAddMoreThanStock);
      return applied({
        ...state,
        cartItems: state.cartItems.map((line) => (line === item ? { ...line, cartQuantity: line.cartQuantity + 1 } : line)),
        totalQuantity: state.totalQuantity + 1,
      });
    }
    case "decrease": {
      const item = findItem(state, action.line);
      if (!item || item.cartQuantity <= 1) return applied(state);
      return applied({
        ...state,
        cartItems: state.cartItems.map((line) => (line === item ? { ...line, cartQuantity: line.cartQuantity - 1 } : line)),
        totalQuantity: state.totalQuantity - 1,
      });
    }
    case "addCode": {
      const codes = withCode(state.codes, action.code);
      return applied(codes === state.codes ? state : { ...state, codes });
    }
    case "removeCode": {
      const codes = withoutCode(state.codes, action.code);
      return applied(codes === state.codes ? state : { ...state, codes });
    }
  }
}

/** The reducer form, for useReducer and tests: refusals leave the state as it was. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  return applyCartAction(state, action).state;
}
