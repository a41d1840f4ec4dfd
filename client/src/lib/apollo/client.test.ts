import { gql } from "@apollo/client";
import { describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_KEY } from "../auth/tokenStorage";
import { AdminOrdersDocument, CategoryProductsDocument, type CategoryProductsQuery } from "../../graphql/generated/graphql";
import { CONNECTION_KEY_ARGS, createApolloClient, createShopCache, withAuthorization } from "./client";
import { picture } from "../../test/fixtures";

describe("Sign-in state: the access token is attached as a Bearer authorization header on every request", () => {
  it("adds the header when a token exists", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    expect(withAuthorization({ "x-other": "1" })).toEqual({ "x-other": "1", authorization: "Bearer token-1" });
  });

  it("sends no header for a guest", () => {
    expect(withAuthorization(undefined)).toEqual({});
  });

  it("the token is removed on a request-setup error", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    expect(() =>
      withAuthorization({}, () => {
        throw new Error("storage unavailable");
      }),
    ).toThrow("storage unavailable");
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("every request through the client carries the header", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-2");
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ data: { ping: "pong" } }), { headers: { "content-type": "application/json" } }));
    const client = createApolloClient({ uri: "http://shop.test/graphql", fetch: fetchSpy as unknown as typeof fetch });
    const result = await client.query({ query: gql`query Ping { ping }` });
    expect(result.data).toEqual({ ping: "pong" });
    const init = (fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer token-2");
    expect(new Headers(init.headers).get("apollo-require-preflight")).toBe("true");
  });
});

describe("Guests' queries go as automatic persisted queries with GET, so catalogue answers can be reused", () => {
  const answer = () => new Response(JSON.stringify({ data: { categories: { __typename: "CategoryConnection", nodes: [] } } }), { headers: { "content-type": "application/json" } });
  const query = gql`query Categories { categories { nodes { id } } }`;

  it("a guest's query is a GET naming the query by its sha256, with the preflight header and no query text", async () => {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => answer());
    const client = createApolloClient({ uri: "http://shop.test/graphql", fetch: fetchSpy as unknown as typeof fetch, persistedQueries: true });
    await client.query({ query });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(init.method).toBe("GET");
    const params = new URL(url).searchParams;
    expect(params.get("query")).toBeNull();
    expect(JSON.parse(params.get("extensions")!).persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Headers(init.headers).get("apollo-require-preflight")).toBe("true");
  });

  it("a signed-in shopper's query is a POST with its token, never a shared GET", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-3");
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => answer());
    const client = createApolloClient({ uri: "http://shop.test/graphql", fetch: fetchSpy as unknown as typeof fetch, persistedQueries: true });
    await client.query({ query });
    const [, init] = fetchSpy.mock.calls[0];
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body)).query).toContain("categories");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer token-3");
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  });
});

describe("Lists page by page: pages of one list merge in the cache; different filters never mix", () => {
  const card = (id: number) => ({
    __typename: "Product",
    id,
    slug: `plant-${id}`,
    name: `Plant ${id}`,
    image: picture(`p${id}`),
    price: 10,
    discountPrice: null,
    quantity: 1,
    priceRange: { __typename: "PriceRange", min: 10, max: 10 },
    variantCount: 1,
    totalQuantity: 1,
    bestDiscount: null,
    rating: 0,
    peopleRated: 0,
  });
  const page = (ids: number[], hasNextPage: boolean, totalCount: number) => ({
    __typename: "ProductConnection",
    edges: ids.map((id) => ({ __typename: "ProductEdge", cursor: `c${id}`, node: card(id) })),
    pageInfo: { __typename: "PageInfo", hasNextPage, endCursor: ids.length ? `c${ids[ids.length - 1]}` : null },
    totalCount,
  });

  /** A fake API: each category holds products 1..total (Garden Tools 100+), served `first` at a time after the cursor. */
  function fakeCatalogue() {
    const asked: Array<Record<string, unknown>> = [];
    const fetchSpy = vi.fn(async (_url: string, init: RequestInit) => {
      const { variables } = JSON.parse(String(init.body)) as { variables: { category: string; sort: string; first: number; after?: string } };
      asked.push(variables);
      const base = variables.category === "Garden Tools" ? 100 : 0;
      const all = Array.from({ length: 5 }, (_, index) => base + index + 1);
      const start = variables.after ? all.indexOf(Number(variables.after.slice(1))) + 1 : 0;
      const ids = all.slice(start, start + variables.first);
      const body = { data: { products: page(ids, start + variables.first < all.length, all.length) } };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    });
    return { asked, client: createApolloClient({ uri: "http://shop.test/graphql", fetch: fetchSpy as unknown as typeof fetch }) };
  }
  const ids = (data: CategoryProductsQuery | undefined) => data?.products.edges.map((edge) => edge.node.id);
  type Variables = { category: string; sort: "DEFAULT" | "PRICE_LOWEST"; first: number };
  /** What a screen's 'Load more' does: fetchMore on its query with the cursor. */
  async function loadMore(client: ReturnType<typeof createApolloClient>, variables: Variables, after: string | null | undefined) {
    const observable = client.watchQuery({ query: CategoryProductsDocument, variables });
    const subscription = observable.subscribe(() => {});
    await observable.fetchMore({ variables: { after } });
    subscription.unsubscribe();
  }

  it("'Load more' (after: endCursor) appends the next page to the list, with the new pageInfo and totalCount", async () => {
    const { client, asked } = fakeCatalogue();
    const variables: Variables = { category: "Indoor Plants", sort: "DEFAULT", first: 2 };
    const first = await client.query({ query: CategoryProductsDocument, variables });
    expect(ids(first.data)).toEqual([1, 2]);
    await loadMore(client, variables, first.data!.products.pageInfo.endCursor);
    const merged = client.readQuery({ query: CategoryProductsDocument, variables });
    expect(ids(merged!)).toEqual([1, 2, 3, 4]);
    expect(merged!.products.pageInfo).toMatchObject({ hasNextPage: true, endCursor: "c4" });
    expect(merged!.products.totalCount).toBe(5);
    expect(asked.map((sent) => sent.after)).toEqual([undefined, "c2"]);
  });

  it("keeps a list per filter: another category or sort is a list of its own", async () => {
    const { client } = fakeCatalogue();
    const indoor: Variables = { category: "Indoor Plants", sort: "DEFAULT", first: 2 };
    const tools: Variables = { category: "Garden Tools", sort: "DEFAULT", first: 2 };
    const indoorByPrice: Variables = { ...indoor, sort: "PRICE_LOWEST" };
    await client.query({ query: CategoryProductsDocument, variables: indoor });
    await client.query({ query: CategoryProductsDocument, variables: tools });
    await client.query({ query: CategoryProductsDocument, variables: indoorByPrice });
    await loadMore(client, tools, "c102");
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables: indoor })!)).toEqual([1, 2]);
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables: tools })!)).toEqual([101, 102, 103, 104]);
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables: indoorByPrice })!)).toEqual([1, 2]);
  });

  it("keeps a list per filter of the search and category pages: price range, in stock, discounted", () => {
    const cache = createShopCache();
    const all = { category: "Indoor Plants", sort: "DEFAULT" as const, first: 2 };
    const lists = [all, { ...all, minPrice: 0, maxPrice: 10 }, { ...all, minPrice: 10, maxPrice: 25 }, { ...all, minPrice: 10 }, { ...all, inStock: true }, { ...all, discounted: true }];
    lists.forEach((variables, index) => cache.writeQuery({ query: CategoryProductsDocument, variables, data: { products: page([index + 1], false, 1) } as never }));
    expect(lists.map((variables) => ids(cache.readQuery({ query: CategoryProductsDocument, variables }) ?? undefined))).toEqual([[1], [2], [3], [4], [5], [6]]);
  });

  it("keeps a list per page size, so a short list (the home page's 6) never shows a longer one's pages", async () => {
    const { client } = fakeCatalogue();
    const short = { category: "Indoor Plants", sort: "DEFAULT" as const, first: 1 };
    const long = { ...short, first: 3 };
    await client.query({ query: CategoryProductsDocument, variables: long });
    await client.query({ query: CategoryProductsDocument, variables: short });
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables: short })!)).toEqual([1]);
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables: long })!)).toEqual([1, 2, 3]);
  });

  it("a fresh first page replaces the list instead of repeating it", async () => {
    const { client } = fakeCatalogue();
    const variables: Variables = { category: "Indoor Plants", sort: "DEFAULT", first: 2 };
    await client.query({ query: CategoryProductsDocument, variables });
    await loadMore(client, variables, "c2");
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables })!)).toEqual([1, 2, 3, 4]);
    await client.query({ query: CategoryProductsDocument, variables, fetchPolicy: "network-only" });
    expect(ids(client.readQuery({ query: CategoryProductsDocument, variables })!)).toEqual([1, 2]);
  });

  it("keeps the admin's order list apart per payment status filter, as per status and search", () => {
    const cache = createShopCache();
    const row = (id: number, paymentStatus: "PAID" | "UNPAID") => ({
      __typename: "Order" as const,
      id,
      orderNumber: `ORD-${id}`,
      reference: `REF${id}`,
      status: "PENDING" as const,
      paymentStatus,
      totalItems: 1,
      total: 10,
      createdAt: "2026-03-01T10:00:00.000Z",
    });
    const page = (rows: ReturnType<typeof row>[]) => ({
      orders: {
        __typename: "OrderConnection" as const,
        edges: rows.map((node) => ({ __typename: "OrderEdge" as const, cursor: `c${node.id}`, node })),
        pageInfo: { __typename: "PageInfo" as const, hasNextPage: false, endCursor: null },
        totalCount: rows.length,
      },
    });
    const every = { first: 20 };
    const unpaid = { first: 20, paymentStatus: "UNPAID" as const };
    cache.writeQuery({ query: AdminOrdersDocument, variables: every, data: page([row(2, "PAID"), row(1, "UNPAID")]) });
    cache.writeQuery({ query: AdminOrdersDocument, variables: unpaid, data: page([row(1, "UNPAID")]) });
    const numbers = (variables: typeof unpaid | typeof every) => cache.readQuery({ query: AdminOrdersDocument, variables })?.orders.edges.map((edge) => edge.node.orderNumber);
    expect(numbers(every)).toEqual(["ORD-2", "ORD-1"]);
    expect(numbers(unpaid)).toEqual(["ORD-1"]);
  });

  it("pages every list field of the API, and a user's orders", () => {
    const cache = createShopCache();
    const policies = cache.policies as unknown as { getFieldPolicy: (type: string, field: string) => { merge?: unknown } | undefined };
    for (const field of Object.keys(CONNECTION_KEY_ARGS)) expect(policies.getFieldPolicy("Query", field)?.merge, field).toBeTypeOf("function");
    expect(policies.getFieldPolicy("User", "orders")?.merge).toBeTypeOf("function");
  });
});
