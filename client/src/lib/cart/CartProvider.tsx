// The cart for React: one store per app, read with useCart() anywhere below the provider. A shared link
// carrying a promotion code (any page of the shop, ?code=SPRING10) adds the code to the cart's codes once the
// page is the app's.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { notifyError } from "../notify";
import { useHydrated } from "../ssr/hydration";
import { emptyCart, type CartLineKey, type CartProduct, type CartState } from "./cartRules";
import { createCartStore, type CartStore } from "./cartStore";
import { codesInAddress } from "./promotionCodes";

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({ store, children }: { store?: CartStore; children: ReactNode }) {
  const [cartStore] = useState(() => store ?? createCartStore({ onRefusal: notifyError }));
  // After hydration, so the page first draws what the server drew. The address is read as the page opened:
  // a shared link is always a page load.
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    for (const code of codesInAddress(window.location.search)) cartStore.dispatch({ type: "addCode", code });
  }, [hydrated, cartStore]);
  return <CartContext.Provider value={cartStore}>{children}</CartContext.Provider>;
}

const EMPTY_CART: CartState = emptyCart();

export function useCart() {
  const store = useContext(CartContext);
  if (!store) throw new Error("useCart must be used inside <CartProvider>.");
  // The page rendered on the server shows an empty cart (it cannot see this tab's): so does hydration,
  // and the cart kept in the tab shows right after. An empty cart is the store's own state, so hydration
  // leaves nothing to redraw (React redraws at once, in one long task, when the two snapshots differ).
  const serverCart = useCallback(() => {
    const state = store.getState();
    return state.cartItems.length === 0 ? state : EMPTY_CART;
  }, [store]);
  const state = useSyncExternalStore(store.subscribe, store.getState, serverCart);
  const actions = useMemo(
    () => ({
      addToCart: (product: CartProduct, cartQuantity?: number) => store.dispatch({ type: "add", product, cartQuantity }),
      removeFromCart: (line: CartLineKey) => store.dispatch({ type: "remove", line }),
      clearCart: () => store.dispatch({ type: "clear" }),
      increaseQuantity: (line: CartLineKey) => store.dispatch({ type: "increase", line }),
      decreaseQuantity: (line: CartLineKey) => store.dispatch({ type: "decrease", line }),
      /** Keeps a promotion code with the cart (the cart screen adds it once the server has applied it). */
      addCode: (code: string) => store.dispatch({ type: "addCode", code }),
      removeCode: (code: string) => store.dispatch({ type: "removeCode", code }),
    }),
    [store],
  );
  return { ...state, ...actions };
}
