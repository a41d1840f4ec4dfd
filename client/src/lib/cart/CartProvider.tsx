// The cart for React: one store per app, read with useCart() anywhere below the provider.
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { notifyError } from "../notify";
import { emptyCart, type CartLineKey, type CartProduct, type CartState } from "./cartRules";
import { createCartStore, type CartStore } from "./cartStore";

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({ store, children }: { store?: CartStore; children: ReactNode }) {
  const [cartStore] = useState(() => store ?? createCartStore({ onRefusal: notifyError }));
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
    }),
    [store],
  );
  return { ...state, ...actions };
}
