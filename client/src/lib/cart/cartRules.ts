// The cart's state and every rule of the cart (stock limits, quantities, totals) as a pure reducer. A
// refused action leaves the state unchanged and names the reason, which the cart store shows as an error
// notification.
import type { ProductPictureFieldsFragment } from "../../graphql/generated/graphql";
import { messages } from "../messages";
import type { Priced } from "../pricing";

export interface CartProduct extends Priced {
  id: number;
  slug: string;
  name: string;
  imageOne: string;
  /** The main picture with its renditions (a cart saved before pictures had them keeps only imageOne). */
  image?: ProductPictureFieldsFragment | null;
  /** Units in stock: the cart never holds more than this. */
  quantity: number;
}

/** All product fields plus cartQuantity. */
export type CartItem = CartProduct & { cartQuantity: number };

export interface CartState {
  cartItems: CartItem[];
  totalQuantity: number;
}

export type CartAction =
  | { type: "add"; product: CartProduct; cartQuantity?: number }
  | { type: "remove"; id: number }
  | { type: "clear" }
  | { type: "increase"; id: number }
  | { type: "decrease"; id: number };

export interface CartOutcome {
  state: CartState;
  /** Why the action was refused (an error notification), or null when it was applied or did nothing. */
  refusal: string | null;
}

export const emptyCart = (): CartState => ({ cartItems: [], totalQuantity: 0 });

/** The sum of the items' cartQuantity. */
export function countItems(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.cartQuantity, 0);
}

export function findItem(state: CartState, id: number): CartItem | undefined {
  return state.cartItems.find((item) => item.id === id);
}

const applied = (state: CartState): CartOutcome => ({ state, refusal: null });
const refused = (state: CartState, refusal: string): CartOutcome => ({ state, refusal });

function add(state: CartState, product: CartProduct, amount: number): CartOutcome {
  if (product.quantity <= 0) return refused(state, messages.productOutOfStock);
  const existing = findItem(state, product.id);
  if (existing) {
    const cartQuantity = existing.cartQuantity + amount;
    if (cartQuantity > product.quantity) return refused(state, messages.cannotAddMoreThanStock);
    const cartItems = state.cartItems.map((item) => (item.id === product.id ? { ...item, ...product, cartQuantity } : item));
    return applied({ cartItems, totalQuantity: countItems(cartItems) });
  }
  if (amount > product.quantity) return refused(state, messages.cannotAddMoreThanStock);
  const cartItems = [...state.cartItems, { ...product, cartQuantity: amount }];
  return applied({ cartItems, totalQuantity: countItems(cartItems) });
}

/** Applies one cart action and says whether it was refused. */
export function applyCartAction(state: CartState, action: CartAction): CartOutcome {
  switch (action.type) {
    case "add":
      return add(state, action.product, action.cartQuantity ?? 1);
    case "remove": {
      const cartItems = state.cartItems.filter((item) => item.id !== action.id);
      return applied({ cartItems, totalQuantity: countItems(cartItems) });
    }
    case "clear":
      return applied(emptyCart());
    case "increase": {
      const item = findItem(state, action.id);
      if (!item) return applied(state);
      if (item.cartQuantity >= item.quantity) return refused(state, messages.cannotAddMoreThanStock);
      return applied({
        cartItems: state.cartItems.map((line) => (line.id === action.id ? { ...line, cartQuantity: line.cartQuantity + 1 } : line)),
        totalQuantity: state.totalQuantity + 1,
      });
    }
    case "decrease": {
      const item = findItem(state, action.id);
      if (!item || item.cartQuantity <= 1) return applied(state);
      return applied({
        cartItems: state.cartItems.map((line) => (line.id === action.id ? { ...line, cartQuantity: line.cartQuantity - 1 } : line)),
        totalQuantity: state.totalQuantity - 1,
      });
    }
  }
}

/** The reducer form, for useReducer and tests: refusals leave the state as it was. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  return applyCartAction(state, action).state;
}
