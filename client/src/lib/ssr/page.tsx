// What a screen may need to know about the page it is drawn in, the same on the server and in the browser:
// the shop's address (canonical and shared links are absolute), and on the server a way to say that what
// the address names does not exist (the page is then answered with 404 and the not-found screen).
import { createContext, useContext, type ReactNode } from "react";

export interface PageInfo {
  /** The shop's origin, e.g. "https://shop.example.com" (no trailing slash). */
  origin: string;
  /** Called while rendering on the server when the product or category asked for does not exist. */
  markNotFound?: () => void;
}

const browserOrigin = () => (typeof window === "undefined" ? "" : window.location.origin);

const PageContext = createContext<PageInfo | null>(null);

export function PageInfoProvider({ value, children }: { value: PageInfo; children: ReactNode }) {
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

/** The shop's origin for absolute links: as the server rendered it, else the browser's. */
export function useShopOrigin(): string {
  return useContext(PageContext)?.origin ?? browserOrigin();
}

/**
 * Says, while rendering on the server, that the page's subject does not exist: the server answers 404 with
 * the not-found screen. In the browser the screen's own message shows, as it always did.
 */
export function useNotFound(notFound: boolean): void {
  const page = useContext(PageContext);
  if (notFound) page?.markNotFound?.();
}
