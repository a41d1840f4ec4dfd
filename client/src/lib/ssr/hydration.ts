// Server rendering shows what a guest sees; the browser's first render (hydration) must draw exactly that,
// so personal parts (the signed-in user, the cart kept in this tab) join only once hydration is over.
import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * False on the server and during hydration, true from then on (and at once in an app rendered only in the
 * browser): React uses the server snapshot while hydrating, then renders again with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
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
