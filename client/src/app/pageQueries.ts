// The one query each storefront page asks for its content, worked out from the page's address the way its
// screen works it out (the category and search pages share their builders with their screens through
// lib/catalog/productListQueries.ts, so the screens stay lazy chunks). The server asks it before rendering,
// so the page renders once, with its data: otherwise Apollo's prerender draws the whole page a first time
// only to discover the query (its loading view), then again with the answer, and that first pass was half
// of a server render's time. An address whose query differs from the screen's still renders right, in two
// passes: the screen asks what it misses.
import type { DocumentNode } from "graphql";
import type { Params } from "react-router-dom";
import { CategoryPageDocument, HomePageDocument, ProductDetailDocument, SearchPageDocument } from "../graphql/generated/graphql";
import { categoryPageVariables, searchPageVariables } from "../lib/catalog/productListQueries";

export interface PageQuery {
  query: DocumentNode;
  variables: Record<string, unknown>;
}

const PAGE_QUERIES: Record<string, (params: Params, search: URLSearchParams) => PageQuery | null> = {
  "/": () => ({ query: HomePageDocument, variables: {} }),
  "/categories/:categoryName": (params, search) => ({ query: CategoryPageDocument, variables: categoryPageVariables(params.categoryName ?? "", search) }),
  "/search": (_params, search) => {
    const variables = searchPageVariables(search);
    // An empty search asks nothing (the screen skips its query).
    return variables.search === "" ? null : { query: SearchPageDocument, variables };
  },
  "/products/:slug": (params) => ({ query: ProductDetailDocument, variables: { slug: params.slug ?? "" } }),
};

/** The query of the page the router matched (its deepest route), if it has one. */
export function pageQueryFor(matches: ReadonlyArray<{ route: { path?: string }; params: Params }>, url: URL): PageQuery | null {
  const leaf = matches.at(-1);
  const queryOf = leaf?.route.path === undefined ? undefined : PAGE_QUERIES[leaf.route.path];
  return queryOf ? queryOf(leaf!.params, url.searchParams) : null;
}
