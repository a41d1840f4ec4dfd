// The screens npm run bench:catalogue measures: for each, the GraphQL request one view of it makes (the
// client's own generated documents, so the benchmark asks exactly what the screens ask) and the page a
// browser opens.
import { print } from "graphql";
import {
  AdminOrdersDocument,
  AdminProductsDocument,
  AdminUsersDocument,
  CategoryPageDocument,
  CategoryProductsDocument,
  HomePageDocument,
  ProductDetailDocument,
  SearchPageDocument,
} from "../../client/src/graphql/generated/graphql.js";

export const HOME = print(HomePageDocument);
// A page view asks for the first page and the filters' counts at once; 'Load more' for the products only.
export const CATEGORY_PAGE = print(CategoryPageDocument);
export const CATEGORY_MORE = print(CategoryProductsDocument);
export const SEARCH_PAGE = print(SearchPageDocument);
export const PRODUCT = print(ProductDetailDocument);
export const ADMIN_PRODUCTS = print(AdminProductsDocument);
export const ADMIN_ORDERS = print(AdminOrdersDocument);
export const ADMIN_USERS = print(AdminUsersDocument);

export interface Screen {
  name: string;
  /** Storefront screens have the 60 KB budget; admin screens are measured but not budgeted. */
  storefront: boolean;
  admin: boolean;
  query: string;
  variables: Record<string, unknown>;
  /** The browser's address for it, when it has one of its own (null: the second page is a scroll away). */
  route: string | null;
  /** What shows that the content is there: a product card or a table row. */
  shown: string;
}

export interface ScreenInputs {
  category: string;
  search: string;
  typo: string;
  slug: string;
  /** The endCursor of the category's first page. */
  secondPage: string | null;
}

// A product card is an <article> (its implicit role); say both so an explicit role="article" counts too.
const CARD_SHOWN = "article, [role=article]";
const ROW_SHOWN = "table tbody tr";

export function screens(inputs: ScreenInputs): Screen[] {
  const storefront = { storefront: true, admin: false, shown: CARD_SHOWN };
  const admin = { storefront: false, admin: true, shown: ROW_SHOWN };
  return [
    { ...storefront, name: "home", query: HOME, variables: {}, route: "/" },
    {
      ...storefront,
      name: "category",
      query: CATEGORY_PAGE,
      variables: { category: inputs.category, sort: "DEFAULT", first: 24 },
      route: `/categories/${encodeURIComponent(inputs.category)}`,
    },
    {
      ...storefront,
      name: "category, page 2",
      query: CATEGORY_MORE,
      variables: { category: inputs.category, sort: "DEFAULT", first: 24, after: inputs.secondPage },
      route: null,
    },
    { ...storefront, name: `search '${inputs.search}'`, query: SEARCH_PAGE, variables: { search: inputs.search, sort: "DEFAULT", first: 24 }, route: `/search?q=${encodeURIComponent(inputs.search)}` },
    { ...storefront, name: `search '${inputs.typo}' (typo)`, query: SEARCH_PAGE, variables: { search: inputs.typo, sort: "DEFAULT", first: 24 }, route: `/search?q=${encodeURIComponent(inputs.typo)}` },
    { ...storefront, name: "product", query: PRODUCT, variables: { slug: inputs.slug }, route: `/products/${encodeURIComponent(inputs.slug)}`, shown: "h1" },
    { ...admin, name: "admin products", query: ADMIN_PRODUCTS, variables: { first: 20 }, route: "/admin/manage-product", shown: CARD_SHOWN },
    { ...admin, name: "admin orders", query: ADMIN_ORDERS, variables: { first: 20 }, route: "/admin/manage-order" },
    { ...admin, name: "admin users", query: ADMIN_USERS, variables: { first: 20 }, route: "/admin/manage-users" },
  ];
}
