// One cart per browser tab: the reducer's state, saved to session storage after every change, with
// subscribers (React's useSyncExternalStore) and a hook for refusals (an error notification).
import { applyCartAction, type CartAction, type CartOutcome, type CartState } from "./cartRules";
import { browserStorage } from "../ssr/hydration";
import { loadCart, removeSavedCart, saveCart } from "./cartStorage";

/** Where a cart is kept when there is no session storage (on the server): nowhere, so it starts empty. */
const noStorage: Pick<Storage, "getItem" | "setItem" | "removeItem"> = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

export interface CartStore {
  getState(): CartState;
  dispatch(action: CartAction): CartOutcome;
  subscribe(listener: () => void): () => void;
}

export interface CartStoreOptions {
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  onRefusal?: (message: string) => void;
}

export function createCartStore({ storage = browserStorage("sessionStorage") ?? noStorage, onRefusal }: CartStoreOptions = {}): CartStore {
  let state = loadCart(storage);
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const outcome = applyCartAction(state, action);
      if (outcome.refusal !== null) {
        onRefusal?.(outcome.refusal);
        return outcome;
      }
      if (action.type === "clear") removeSavedCart(storage);
      if (outcome.state !== state) {
        state = outcome.state;
        if (action.type !== "clear") saveCart(state, storage);
        listeners.forEach((listener) => listener());
      }
      return outcome;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
