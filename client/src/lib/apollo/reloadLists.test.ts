// @vitest-environment node
import { describe, expect, it } from "vitest";
import { AdminOrdersDocument, CategoryPageDocument, CategoryProductsDocument, FavouritesDocument, MyOrdersDocument } from "../../graphql/generated/graphql";
import { createShopCache } from "./client";
import { reloadLists } from "./reloadLists";

const emptyPage = (typename: string) => ({
  __typename: `${typename}Connection`,
  edges: [],
  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
  totalCount: 0,
});

/** A cache holding a category page, the wish-list, the shopper's orders and the admin order list. */
function filledCache() {
  const cache = createShopCache();
  cache.writeQuery({ query: CategoryProductsDocument, variables: { category: "Indoor Plants", sort: "DEFAULT", first: 24 }, data: { products: emptyPage("Product") } as never });
  cache.writeQuery({ query: FavouritesDocument, variables: { first: 24 }, data: { favourites: emptyPage("Product") } as never });
  cache.writeQuery({ query: MyOrdersDocument, variables: { first: 20 }, data: { myOrders: emptyPage("Order") } as never });
  cache.writeQuery({ query: AdminOrdersDocument, variables: { first: 20 }, data: { orders: emptyPage("Order") } as never });
  const held = () => ({
    products: cache.readQuery({ query: CategoryProductsDocument, variables: { category: "Indoor Plants", sort: "DEFAULT", first: 24 } }) !== null,
    favourites: cache.readQuery({ query: FavouritesDocument, variables: { first: 24 } }) !== null,
    myOrders: cache.readQuery({ query: MyOrdersDocument, variables: { first: 20 } }) !== null,
    orders: cache.readQuery({ query: AdminOrdersDocument, variables: { first: 20 } }) !== null,
  });
  return { cache, held };
}

describe("After changes (create, update, delete) the relevant lists are reloaded", () => {
  it("a catalogue change drops every product list and the wish-list, and leaves the orders", () => {
    const { cache, held } = filledCache();
    reloadLists(cache, "catalogueChange");
    expect(held()).toEqual({ products: false, favourites: false, myOrders: true, orders: true });
  });

  it("after a successful order the products are refreshed, and the order lists too", () => {
    const { cache, held } = filledCache();
    reloadLists(cache, "orderPlaced");
    expect(held()).toEqual({ products: false, favourites: false, myOrders: false, orders: false });
  });

  it("an order's new status drops the order lists (it may leave a status filter), not the products", () => {
    const { cache, held } = filledCache();
    reloadLists(cache, "orderStatus");
    expect(held()).toEqual({ products: true, favourites: true, myOrders: false, orders: false });
  });

  it("a cancelled order drops the order lists and the products too (its units went back into stock)", () => {
    const { cache, held } = filledCache();
    reloadLists(cache, "orderCancelled");
    expect(held()).toEqual({ products: false, favourites: false, myOrders: false, orders: false });
  });

  it("a favourite toggled drops the wish-list only", () => {
    const { cache, held } = filledCache();
    reloadLists(cache, "favourite");
    expect(held()).toEqual({ products: true, favourites: false, myOrders: true, orders: true });
  });
});

describe("The filters' counts reload with the products they count", () => {
  const variables = { category: "Indoor Plants", sort: "DEFAULT" as const, first: 24 };
  const counts = { __typename: "ProductFilters", total: 0, categories: [], priceRanges: [], inStock: 0, discounted: 0 };

  it.each(["catalogueChange", "orderPlaced", "newOrder"] as const)("%s drops the counts", (change) => {
    const cache = createShopCache();
    cache.writeQuery({ query: CategoryPageDocument, variables, data: { products: emptyPage("Product"), productFilters: counts } as never });
    reloadLists(cache, change);
    expect(cache.readQuery({ query: CategoryPageDocument, variables })).toBeNull();
    expect(cache.extract().ROOT_QUERY).not.toHaveProperty(['productFilters({"category":"Indoor Plants"})']);
  });
});
