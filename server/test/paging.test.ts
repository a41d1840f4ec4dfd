// Cursor pagination of every list: pages follow one another without repeating or skipping an
// item whatever the sort and however many ties, cursors are opaque and refused when edited or made for
// another list, `first` is 1..100, and totalCount is counted only when asked for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURSOR_FOREIGN, CURSOR_INVALID, encodeCursor } from "../src/domain/shared/paging.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { countQueries, createTestShop, failure, refusal, type TestShop } from "./support.js";

let t: TestShop;
let admin: { id: number; token: string; viewer: Viewer };
let shopper: { id: number; token: string; viewer: Viewer };
let region: { id: number };
const clockStart = Date.parse("2025-01-01T00:00:00Z");
let sequence = 0;

async function signUp(role: "user" | "admin" = "user", name?: string, email?: string) {
  const person = await t.signUp({ role, name, email });
  return { ...person, viewer: (await t.shop.tokens.verify(person.token))! };
}

async function addProduct(categoryId: number, fields: { age: number; priceCents?: number; discountPriceCents?: number | null; ratingSum?: number; peopleRated?: number; quantity?: number; name?: string }) {
  sequence += 1;
  const { age, ...rest } = fields;
  const product = await t.shop.prisma.product.create({
    data: {
      slug: `paging-${sequence}`,
      name: `Paging plant ${sequence}`,
      description: "Grows well.",
      categoryId,
      priceCents: 1000,
      quantity: 5,
      imageOne: "/uploads/paging.png",
      createdAt: new Date(clockStart + age * 60_000),
      ...rest,
    },
  });
  return product.id;
}

const reference = () => Array.from({ length: 16 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[Math.floor(Math.random() * 36)]).join("");
const placeOrder = (viewer: Viewer, productId: number) =>
  t.shop.orders.placeOrder(viewer, { lines: [{ productId, quantity: 1 }], region: region.id, reference: reference() });

/** Walks a connection page by page with `first`, returning every node's id in order and the pages' sizes. */
async function walk(field: string, document: string, variables: Record<string, unknown>, first: number, token?: string) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 200; pages += 1) {
    const result: { data?: Record<string, Connection> | null; errors?: unknown } = await t.gql<Record<string, Connection>>(document, { ...variables, first, after }, token);
    expect(result.errors).toBeUndefined();
    const page: Connection = result.data![field];
    expect(page.nodes.map((node) => node.id)).toEqual(page.edges.map((edge) => edge.node.id));
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
    ids.push(...page.nodes.map((node) => node.id));
    sizes.push(page.nodes.length);
    if (!page.pageInfo.hasNextPage) return { ids, sizes };
    after = page.pageInfo.endCursor;
  }
  throw new Error("the pages never ended");
}

interface Connection {
  edges: { cursor: string; node: { id: number } }[];
  nodes: { id: number }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
}
const PAGE_FIELDS = "edges { cursor node { id } } nodes { id } pageInfo { hasNextPage endCursor }";
const PRODUCTS = `query($first: Int, $after: String, $sort: ProductSort, $category: String, $inStock: Boolean) {
  products(first: $first, after: $after, sort: $sort, category: $category, inStock: $inStock) { ${PAGE_FIELDS} } }`;
const PRODUCTS_COUNTED = `query($first: Int, $after: String, $category: String, $inStock: Boolean) {
  products(first: $first, after: $after, category: $category, inStock: $inStock) { nodes { id } totalCount } }`;

beforeAll(async () => {
  t = await createTestShop();
  admin = await signUp("admin");
  shopper = await signUp();
  region = await t.shop.prisma.region.create({ data: { name: "Paging Region", feeCents: 100 } });
});

afterAll(async () => {
  await t?.close();
});

describe("products: pages follow one another in every sort, ties included", () => {
  const category = "Paging Ferns";
  beforeAll(async () => {
    const ferns = await t.shop.prisma.category.create({ data: { name: category } });
    // 23 products with many ties: 4 share each moment, prices repeat every 3, ratings every 4.
    for (let i = 0; i < 23; i += 1) {
      await addProduct(ferns.id, {
        age: Math.floor(i / 4),
        priceCents: 1000 + (i % 3) * 250,
        discountPriceCents: i % 5 === 0 ? 900 : null,
        ratingSum: (i % 4) * 3,
        peopleRated: i % 4,
        quantity: i % 6 === 0 ? 0 : 4,
      });
    }
  });

  for (const sort of ["DEFAULT", "NEWEST", "PRICE_HIGHEST", "PRICE_LOWEST", "HIGHEST_RATED"]) {
    it(`${sort}: pages of 1, 5 and 7 give the whole list once, in the order of one big page`, async () => {
      const whole = await walk("products", PRODUCTS, { sort, category }, 100);
      expect(whole.ids).toHaveLength(23);
      expect(new Set(whole.ids).size).toBe(23);
      for (const first of [1, 5, 7]) {
        const walked = await walk("products", PRODUCTS, { sort, category }, first);
        expect(walked.ids).toEqual(whole.ids);
        expect(walked.sizes.slice(0, -1).every((size) => size === first)).toBe(true);
      }
    });
  }

  it("the order of the pages is the REST shim's whole list, sort for sort", async () => {
    for (const [sort, rest] of [["DEFAULT", "default"], ["PRICE_HIGHEST", "price-highest"], ["PRICE_LOWEST", "price-lowest"], ["HIGHEST_RATED", "highest-rated"]] as const) {
      const paged = await walk("products", PRODUCTS, { sort, category }, 4);
      const listed = await t.shop.catalog.list({ category, sort: rest });
      expect(paged.ids).toEqual(listed.map((product) => product.id));
    }
  });

  it("a product added meanwhile neither repeats nor skips an item of the following pages", async () => {
    const ferns = await t.shop.prisma.category.findFirstOrThrow({ where: { name: category } });
    const before = (await walk("products", PRODUCTS, { category }, 100)).ids;
    const first = await t.gql<{ products: Connection }>(PRODUCTS, { category, first: 5 });
    const newest = await addProduct(ferns.id, { age: 1000 });
    const next = await t.gql<{ products: Connection }>(PRODUCTS, { category, first: 5, after: first.data!.products.pageInfo.endCursor });
    expect(next.data!.products.nodes.map((node) => node.id)).toEqual(before.slice(5, 10));
    await t.shop.prisma.product.delete({ where: { id: newest } });
  });

  it("first defaults to 24 and is a whole number from 1 to 100", async () => {
    for (let i = 0; i < 3; i += 1) await addProduct((await t.shop.prisma.category.findFirstOrThrow({ where: { name: category } })).id, { age: -10 - i });
    const page = await t.gql<{ products: Connection }>(`{ products(category: "${category}") { nodes { id } pageInfo { hasNextPage } } }`);
    expect(page.data!.products.nodes).toHaveLength(24);
    expect(page.data!.products.pageInfo.hasNextPage).toBe(true);
    for (const first of [0, -5, 101]) {
      expect(failure(await t.gql(PRODUCTS, { first }))).toMatchObject({
        code: "BAD_USER_INPUT",
        message: "The page size (first) must be a whole number from 1 to 100.",
      });
    }
  });

  it("an empty page has no cursor and no next page", async () => {
    const empty = await t.gql<{ products: Connection }>(PRODUCTS, { category: "No Such Category", first: 5 });
    expect(empty.data!.products).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});

describe("cursors: opaque, and refused with BAD_USER_INPUT when not made by the shop for this list", () => {
  let cursor: string;
  beforeAll(async () => {
    const category = await t.shop.prisma.category.create({ data: { name: "Cursor Palms" } });
    for (let i = 0; i < 4; i += 1) await addProduct(category.id, { age: i });
    const page = await t.gql<{ products: Connection }>(PRODUCTS, { category: "Cursor Palms", first: 2 });
    cursor = page.data!.products.pageInfo.endCursor!;
  });

  const refusedWith = async (variables: Record<string, unknown>, message: string, document = PRODUCTS, token?: string) => {
    expect(failure(await t.gql(document, variables, token))).toMatchObject({ code: "BAD_USER_INPUT", message, fields: { after: [message] } });
  };

  it("an edited or made-up cursor: 'not one this shop made'", async () => {
    const payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const edited = Buffer.from(JSON.stringify({ ...payload, k: [payload.k[0], payload.k[1] + 1] })).toString("base64url");
    for (const after of [edited, "abc", "!!!", cursor.slice(0, -3), "x".repeat(3000), Buffer.from("[1,2]").toString("base64url")]) {
      await refusedWith({ category: "Cursor Palms", after }, CURSOR_INVALID);
    }
  });

  it("a well-formed cursor whose values are not of the list's kinds is refused too, never a server error", async () => {
    const list = JSON.stringify(["products", "default", "", "", "cursor palms", null, null, null, null]);
    for (const values of [["yesterday", 1], [new Date().toISOString(), 2 ** 40], [new Date().toISOString()], [new Date().toISOString(), 1, 2]]) {
      await refusedWith({ category: "Cursor Palms", after: encodeCursor(list, values as never) }, CURSOR_INVALID);
    }
    // The same list with proper values is accepted: the check is about the values, not the list.
    const fine = await t.gql(PRODUCTS, { category: "Cursor Palms", after: encodeCursor(list, [new Date(clockStart + 2 * 60_000), 1]) });
    expect(fine.errors).toBeUndefined();
  });

  it("a cursor made for another sort, filter or list: 'belongs to another list'", async () => {
    await refusedWith({ category: "Cursor Palms", after: cursor, sort: "PRICE_LOWEST" }, CURSOR_FOREIGN);
    await refusedWith({ category: "Cursor Palms", after: cursor, inStock: true }, CURSOR_FOREIGN);
    await refusedWith({ after: cursor }, CURSOR_FOREIGN);
    await refusedWith({ after: cursor }, CURSOR_FOREIGN, `query($after: String) { categories(after: $after) { nodes { id } } }`);
    // The same filter spelled in another case is the same list.
    expect((await t.gql(PRODUCTS, { category: "CURSOR PALMS", after: cursor })).errors).toBeUndefined();
  });

  it("one user's order cursor does not open another user's orders", async () => {
    const product = await addProduct((await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Cursor Palms" } })).id, { age: 50, quantity: 100 });
    const other = await signUp();
    for (const person of [shopper, other]) for (let i = 0; i < 2; i += 1) await placeOrder(person.viewer, product);
    const mine = await t.gql<{ myOrders: Connection }>(`{ myOrders(first: 1) { ${PAGE_FIELDS} } }`, {}, shopper.token);
    const after = mine.data!.myOrders.pageInfo.endCursor;
    await refusedWith({ after }, CURSOR_FOREIGN, `query($after: String) { myOrders(after: $after) { nodes { id } } }`, other.token);
    // The owner's cursor is the same list whichever way the orders are asked for.
    const theirs = await t.gql(`query($after: String, $id: Int!) { userOrders(userId: $id, after: $after) { nodes { id } } }`, { after, id: shopper.id }, admin.token);
    expect(theirs.errors).toBeUndefined();
  });
});

// ---- totalCount -------------------------------------------------------------------------------------------


describe("totalCount: the items matching the filters over all pages, counted only when asked for", () => {
  it("counts with the same filters as the page, and costs one query only when asked for", async () => {
    const category = await t.shop.prisma.category.create({ data: { name: "Counted Cacti" } });
    for (let i = 0; i < 9; i += 1) await addProduct(category.id, { age: i, quantity: i % 3 === 0 ? 0 : 2 });
    const counted = await t.gql<{ products: { nodes: unknown[]; totalCount: number } }>(PRODUCTS_COUNTED, { category: "Counted Cacti", inStock: true, first: 2 });
    expect(counted.data!.products.totalCount).toBe(6);
    expect(counted.data!.products.nodes).toHaveLength(2);

    const withoutCount = await countQueries(() => t.gql(PRODUCTS, { category: "Counted Cacti", first: 2 }));
    const withCount = await countQueries(() => t.gql(PRODUCTS_COUNTED, { category: "Counted Cacti", first: 2 }));
    // The category's id, then the page; the count is one more query, only when asked for.
    expect(withoutCount).toBe(2);
    expect(withCount).toBe(3);
    // A first page that holds the whole list counts itself.
    const whole = await t.gql<{ products: { nodes: unknown[]; totalCount: number } }>(PRODUCTS_COUNTED, { category: "Counted Cacti", first: 9 });
    expect(whole.data!.products).toMatchObject({ totalCount: 9 });
    expect(await countQueries(() => t.gql(PRODUCTS_COUNTED, { category: "Counted Cacti", first: 9 }))).toBe(2);
  });

  it("every list has it: categories, regions, orders, users, favourites and a user's orders", async () => {
    const result = await t.gql<Record<string, { totalCount: number }>>(
      `{ categories { totalCount } regions { totalCount } orders { totalCount } users { totalCount } favourites { totalCount } myOrders { totalCount } }`,
      {},
      admin.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.categories.totalCount).toBe(await t.shop.prisma.category.count());
    expect(result.data!.regions.totalCount).toBe(await t.shop.prisma.region.count());
    expect(result.data!.orders.totalCount).toBe(await t.shop.prisma.order.count());
    expect(result.data!.users.totalCount).toBe(await t.shop.prisma.user.count());
    expect(result.data!.favourites.totalCount).toBe(0);
    expect(result.data!.myOrders.totalCount).toBe(0);
  });
});

// ---- the other lists ---------------------------------------------------------------------------------------

describe("categories and regions: pages newest first, searched by a part of the name", () => {
  it("walks the categories in pages, and searches with % and _ as plain characters", async () => {
    for (const name of ["Tally 10% Off", "Tally Pots_Small", "Tally Herbs"]) await t.shop.categories.create(admin.viewer, { name });
    const whole = await walk("categories", `query($first: Int, $after: String) { categories(first: $first, after: $after) { ${PAGE_FIELDS} } }`, {}, 100);
    const paged = await walk("categories", `query($first: Int, $after: String) { categories(first: $first, after: $after) { ${PAGE_FIELDS} } }`, {}, 2);
    expect(paged.ids).toEqual(whole.ids);
    expect(whole.ids).toEqual((await t.shop.categories.list()).map((category) => category.id));

    const SEARCH = `query($search: String) { categories(search: $search) { nodes { name } totalCount } }`;
    const named = async (search: string) => (await t.gql<{ categories: { nodes: { name: string }[]; totalCount: number } }>(SEARCH, { search })).data!.categories;
    expect((await named(" TALLY ")).nodes.map((category) => category.name)).toEqual(["Tally Herbs", "Tally Pots_Small", "Tally 10% Off"]);
    expect((await named("tally")).totalCount).toBe(3);
    expect((await named("%")).nodes.map((category) => category.name)).toEqual(["Tally 10% Off"]);
    expect((await named("s_s")).nodes.map((category) => category.name)).toEqual(["Tally Pots_Small"]);
    expect((await named("_")).nodes.map((category) => category.name)).toEqual(["Tally Pots_Small"]);
  });

  it("searches regions the same way, fee included", async () => {
    await t.shop.regions.create(admin.viewer, { name: "North_East 100%", feeCents: 200 });
    await t.shop.regions.create(admin.viewer, { name: "North West", feeCents: 300 });
    const SEARCH = `query($search: String) { regions(search: $search) { nodes { name fee } } }`;
    const named = async (search: string) => (await t.gql<{ regions: { nodes: { name: string; fee: number }[] } }>(SEARCH, { search })).data!.regions.nodes;
    expect(await named("north")).toEqual([{ name: "North West", fee: 3 }, { name: "North_East 100%", fee: 2 }]);
    expect(await named("%")).toEqual([{ name: "North_East 100%", fee: 2 }]);
    expect(await named("h_e")).toEqual([{ name: "North_East 100%", fee: 2 }]);
    expect(await named("h e")).toEqual([]);
    expect(failure(await t.gql(SEARCH, { search: "x".repeat(256) })).fields).toEqual({ search: ["The search may not be greater than 255 characters."] });
  });
});

describe("orders: pages newest first, filtered by status and searched by number or reference", () => {
  let placed: number[];
  beforeAll(async () => {
    const category = await t.shop.prisma.category.create({ data: { name: "Order Bulbs" } });
    const product = await addProduct(category.id, { age: 60, quantity: 1000 });
    const buyer = await signUp();
    placed = [];
    for (let i = 0; i < 7; i += 1) placed.push((await placeOrder(buyer.viewer, product)).id);
    await t.shop.orders.updateStatus(admin.viewer, placed[1], "in-transit");
    await t.shop.orders.updateStatus(admin.viewer, placed[4], "in-transit");
    await t.shop.orders.updateStatus(admin.viewer, placed[5], "delivered");
  });

  const ORDERS = `query($first: Int, $after: String, $status: OrderStatus, $search: String) {
    orders(first: $first, after: $after, status: $status, search: $search) { ${PAGE_FIELDS} } }`;

  it("walks every order in pages of 3, newest first", async () => {
    const paged = await walk("orders", ORDERS, {}, 3, admin.token);
    expect(paged.ids).toEqual((await t.shop.orders.listAll(admin.viewer)).map((order) => order.id));
  });

  it("filters by status, across pages", async () => {
    expect((await walk("orders", ORDERS, { status: "IN_TRANSIT" }, 1, admin.token)).ids).toEqual([placed[4], placed[1]]);
    expect((await walk("orders", ORDERS, { status: "DELIVERED" }, 1, admin.token)).ids).toEqual([placed[5]]);
    const counted = await t.gql<{ orders: { totalCount: number } }>(`{ orders(status: PENDING) { totalCount } }`, {}, admin.token);
    expect(counted.data!.orders.totalCount).toBe(await t.shop.prisma.order.count({ where: { status: "pending" } }));
  });

  it("searches by number and status together", async () => {
    const order = await t.shop.prisma.order.findUniqueOrThrow({ where: { id: placed[4] } });
    expect((await walk("orders", ORDERS, { search: order.orderNumber.toLowerCase(), status: "IN_TRANSIT" }, 5, admin.token)).ids).toEqual([placed[4]]);
    expect((await walk("orders", ORDERS, { search: order.orderNumber, status: "PENDING" }, 5, admin.token)).ids).toEqual([]);
  });

  it("a user's orders field pages too, each user's own list", async () => {
    const buyer = await t.shop.prisma.order.findUniqueOrThrow({ where: { id: placed[0] } });
    const USER = `query($id: Int!, $first: Int, $after: String) { user(id: $id) { orders(first: $first, after: $after) { ${PAGE_FIELDS} totalCount } } }`;
    const ids: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const result: { data?: { user: { orders: Connection } } | null; errors?: unknown } = await t.gql<{ user: { orders: Connection } }>(
        USER,
        { id: buyer.userId, first: 3, after },
        admin.token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.user.orders.totalCount).toBe(7);
      ids.push(...result.data!.user.orders.nodes.map((node) => node.id));
      if (!result.data!.user.orders.pageInfo.hasNextPage) break;
      after = result.data!.user.orders.pageInfo.endCursor;
    }
    expect(ids).toEqual([...placed].reverse());
  });

  it("a status the list does not know is refused by the domain too", async () => {
    expect((await refusal(t.shop.orders.pageAll(admin.viewer, { status: "lost" }))).fields).toEqual({ status: ["The selected status is invalid."] });
  });
});

describe("users: pages newest first, searched by name or email", () => {
  it("walks the users in pages and searches with % and _ as plain characters", async () => {
    await signUp("user", "Percent 100% Gardener", "percent-user@example.com");
    await signUp("user", "Under Score", "under_score@example.com");
    const USERS = `query($first: Int, $after: String, $search: String) { users(first: $first, after: $after, search: $search) { ${PAGE_FIELDS} } }`;
    const paged = await walk("users", USERS, {}, 2, admin.token);
    expect(paged.ids).toEqual((await t.shop.accounts.listUsers(admin.viewer)).map((user) => user.id));
    const found = async (search: string) => (await walk("users", USERS, { search }, 100, admin.token)).ids.length;
    expect(await found("%")).toBe(1);
    expect(await found("r_s")).toBe(1);
    expect(await found("_")).toBe(1);
    expect(await t.shop.accounts.listUsers(admin.viewer, "%")).toHaveLength(1);
    expect(await t.shop.accounts.listUsers(admin.viewer, "_")).toHaveLength(1);
  });
});

describe("favourites: pages, most recently favoured first", () => {
  it("walks the wish-list in pages of 2", async () => {
    const fan = await signUp();
    const category = await t.shop.prisma.category.create({ data: { name: "Wished Roses" } });
    const products: number[] = [];
    for (let i = 0; i < 5; i += 1) products.push(await addProduct(category.id, { age: 200 + i }));
    for (const id of [products[2], products[0], products[4], products[1], products[3]]) await t.shop.favourites.toggle(fan.viewer, id);
    const FAVOURITES = `query($first: Int, $after: String) { favourites(first: $first, after: $after) { ${PAGE_FIELDS} } }`;
    expect((await walk("favourites", FAVOURITES, {}, 2, fan.token)).ids).toEqual([products[3], products[1], products[4], products[0], products[2]]);
  });
});
