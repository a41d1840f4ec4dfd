// The address the server draws a page for, and keeps it under: its path and only the parameters the
// storefront's screens read (the search text, the sort, the filters, the product page's chosen variant),
// in the order they came. Anything else
// a link carries (utm_source, fbclid, gclid, a random ?x= to force a render) changes nothing on the page, so
// the page is drawn once and kept for all of them: links shared with tracking tags find the kept page, and
// nobody can make the server draw the same page again and again by varying a parameter nothing reads.
// A screen that starts reading another parameter must name it in lib/ssr/pageParams.ts (storefront.test.ts renders the pages
// with and without such extras and expects the same HTML).
import { PAGE_PARAMS } from "../lib/ssr/pageParams";

/**
 * `/products/fern?utm_source=news` -> `/products/fern`; `url` is a path with its query, as a request names it.
 * The path and the parameters kept are left as they were written (an address with nothing to leave out is
 * itself); the fragment, never sent by browsers, is dropped.
 */
export function pageAddress(url: string): string {
  const withoutFragment = url.split("#", 1)[0];
  const queryStart = withoutFragment.indexOf("?");
  if (queryStart < 0) return withoutFragment;
  const kept = withoutFragment
    .slice(queryStart + 1)
    .split("&")
    .filter((part) => PAGE_PARAMS.has(nameOf(part)));
  const path = withoutFragment.slice(0, queryStart);
  return kept.length > 0 ? `${path}?${kept.join("&")}` : path;
}

/** A query part's name as the screens read it (URLSearchParams: "+" is a space, %-escapes decoded). */
const nameOf = (part: string): string => new URLSearchParams(part).keys().next().value ?? "";
