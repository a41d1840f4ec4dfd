// The cart lives in session storage under cartItems and totalQuantity, and the promotion codes entered
// under promotionCodes (only while there are some): written after every change, restored on load, and
// every key removed when the cart is cleared.
import { countItems, emptyCart, type CartItem, type CartState } from "./cartRules";
import { readCodes } from "./promotionCodes";

export const CART_ITEMS_KEY = "cartItems";
export const TOTAL_QUANTITY_KEY = "totalQuantity";
export const PROMOTION_CODES_KEY = "promotionCodes";

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

/** Restores the cart saved in this tab; anything unreadable gives an empty cart (and no codes). */
export function loadCart(storage: KeyValueStorage = sessionStorage): CartState {
  const codes = loadCodes(storage);
  try {
    const raw = storage.getItem(CART_ITEMS_KEY);
    if (raw === null) return { ...emptyCart(), codes };
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isCartItem)) return { ...emptyCart(), codes };
    const savedTotal = Number(storage.getItem(TOTAL_QUANTITY_KEY));
    const counted = countItems(parsed);
    return { cartItems: parsed, totalQuantity: Number.isInteger(savedTotal) && savedTotal === counted ? savedTotal : counted, codes };
  } catch {
    return { ...emptyCart(), codes };
  }
}

/** The promotion codes saved with the cart (a code from a shared link may come before any item). */
function loadCodes(storage: KeyValueStorage): string[] {
  try {
    const raw = storage.getItem(PROMOTION_CODES_KEY);
    return raw === null ? [] : readCodes(JSON.parse(raw));
  } catch {
    return [];
  }
}

export function saveCart(state: CartState, storage: KeyValueStorage = sessionStorage): void {
  storage.setItem(CART_ITEMS_KEY, JSON.stringify(state.cartItems));
  storage.setItem(TOTAL_QUANTITY_KEY, JSON.stringify(state.totalQuantity));
  if (state.codes.length > 0) storage.setItem(PROMOTION_CODES_KEY, JSON.stringify(state.codes));
  else storage.removeItem(PROMOTION_CODES_KEY);
}

/** Clearing the cart removes every key, the codes' too. */
export function removeSavedCart(storage: KeyValueStorage = sessionStorage): void {
  storage.removeItem(CART_ITEMS_KEY);
  storage.removeItem(TOTAL_QUANTITY_KEY);
  storage.removeItem(PROMOTION_CODES_KEY);
}
