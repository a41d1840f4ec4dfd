// What a screen may need to know about the page it is drawn in, the same on the server and in the browser:
// the shop's address (canonical and shared links are absolute), and on the server a way to say that what
// the address names does not exist (the page is then answered with 404 and the not-found screen).
import { createContext, useContext, type ReactNode } from "react";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router-dom";

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
 * Says that the page's subject does not exist. While rendering on the server (`notFound`: nothing to show),
 * the server answers 404 with the route's not-found screen. In the browser (`unknown`: the API said
 * NOT_FOUND, e.g. a link followed to a product removed since), the same screen, thrown to the route's
 * error boundary; any other failure leaves the screen to say what went wrong.
 */
export function useNotFound({ notFound, unknown }: { notFound: boolean; unknown: boolean }): void {
  const page = useContext(PageContext);
  if (page?.markNotFound) {
    if (notFound) page.markNotFound();
  } else if (unknown) {
    throw new ErrorResponse(404, "Not Found", "");
  }
}
