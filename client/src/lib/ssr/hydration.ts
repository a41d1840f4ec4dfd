// Server rendering shows what a guest sees; the browser's first render (hydration) must draw exactly that,
// so personal parts (the signed-in user, the cart kept in this tab) join only once hydration is over.
import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

/** True unless a HydrationGate above says otherwise: an app rendered only in the browser is hydrated at once. */
const HydratedContext = createContext(true);

/**
 * Around a page rendered on the server and the browser's hydration of it: below it, useHydrated() is false
 * on the server and while hydrating, and turns true once hydration is over, in a transition.
 * A transition is rendered in slices between which the browser answers taps; React's other ways (an
 * external store whose server snapshot differs, a state set in a layout effect) re-render synchronously
 * right after hydration, in one long task together with every effect the hydration left to run.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  // The page is the app's now: the starter taps again what was tapped before (client/build/scripts-after-content.ts).
  useEffect(() => {
    if (hydrated) document.dispatchEvent(new Event("verdant:hydrated"));
  }, [hydrated]);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

/**
 * False on the server and during hydration, true from then on (and at once in an app rendered only in the
 * browser): hydration draws what the server drew, then what depends on the browser joins.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** The browser's storage when there is one (none on the server). */
export function browserStorage(kind: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window[kind];
  } catch {
    // Storage can be refused (privacy settings): the shop then behaves as with an empty one.
    return undefined;
  }
}
