// The cart lives in session storage under cartItems and totalQuantity: written after
// every change, restored on load, and both keys removed when the cart is cleared.
import { countItems, emptyCart, type CartItem, type CartState } from "./cartRules";

export const CART_ITEMS_KEY = "cartItems";
export const TOTAL_QUANTITY_KEY = "totalQuantity";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === "number" &&
    typeof item.name === "string" &&
    typeof item.quantity === "number" &&
    typeof item.cartQuantity === "number" &&
    item.cartQuantity >= 1 &&
    // A line saved before variants has neither (it names the product alone).
    (item.variantId === undefined || item.variantId === null || typeof item.variantId === "number") &&
    (item.options === undefined || (Array.isArray(item.options) && item.options.every(isOptionValue)))
  );
}

function isOptionValue(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>).name === "string" && typeof (value as Record<string, unknown>).value === "string";
}

/** Restores the cart saved in this tab; anything unreadable gives an empty cart. */
export function loadCart(storage: KeyValueStorage = sessionStorage): CartState {
  try {
    const raw = storage.getItem(CART_ITEMS_KEY);
    if (raw === null) return emptyCart();
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isCartItem)) return emptyCart();
    const savedTotal = Number(storage.getItem(TOTAL_QUANTITY_KEY));
    const counted = countItems(parsed);
    return { cartItems: parsed, totalQuantity: Number.isInteger(savedTotal) && savedTotal === counted ? savedTotal : counted };
  } catch {
    return emptyCart();
  }
}

export function saveCart(state: CartState, storage: KeyValueStorage = sessionStorage): void {
  storage.setItem(CART_ITEMS_KEY, JSON.stringify(state.cartItems));
  storage.setItem(TOTAL_QUANTITY_KEY, JSON.stringify(state.totalQuantity));
}

/** Clearing the cart removes both keys. */
export function removeSavedCart(storage: KeyValueStorage = sessionStorage): void {
  storage.removeItem(CART_ITEMS_KEY);
  storage.removeItem(TOTAL_QUANTITY_KEY);
}
