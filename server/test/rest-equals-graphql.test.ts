// The REST shim (/public/api, rest/views.ts) and GraphQL (graphql/types.ts) answer from the same domain
// functions: for the same records, every field of a REST product, product list and order holds the value
// the GraphQL answer holds, field by field (REST in snake_case; money as the same dollar number; a status
// as the enum's value). Each REST field is mapped below: a field REST gains without a GraphQL twin fails here.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderStatus } from "../src/graphql/types.js";
import { makeCategory, makeProduct, openRestApi, reference, type RestApi } from "./rest-support.js";
import { createTestShop, type TestShop } from "./support.js";

type Json = Record<string, unknown>;
type Fields = Record<string, (graphql: Json) => unknown>;

let t: TestShop;
let api: RestApi;
let user: Awaited<ReturnType<TestShop["signUp"]>>;
let admin: Awaited<ReturnType<TestShop["signUp"]>>;
const categoryName = "Twin Ferns";
let regionId: number;

const PRODUCT_FIELDS = "id slug name description category { name } price discountPrice quantity imageOne imageTwo rating peopleRated";
const LINE_FIELDS = "productId slug name description category price discountPrice unitPrice imageOne imageTwo quantity";
const ORDER_FIELDS = `id orderNumber reference status lines { ${LINE_FIELDS} } subtotal deliveryFee total region userEmail userPhone userAddress createdAt updatedAt`;

/** Each REST product field, read from the GraphQL product. */
const PRODUCT: Fields = {
  id: (p) => p.id,
  slug: (p) => p.slug,
  name: (p) => p.name,
  description: (p) => p.description,
  category: (p) => (p.category as Json).name,
  price: (p) => p.price,
  discount_price: (p) => p.discountPrice,
  quantity: (p) => p.quantity,
  image_one: (p) => p.imageOne,
  image_two: (p) => p.imageTwo,
  rating: (p) => p.rating,
  people_rated: (p) => p.peopleRated,
};

/** Each REST order line (cart) field, read from the GraphQL order line. */
const LINE: Fields = {
  id: (l) => l.productId,
  slug: (l) => l.slug,
  name: (l) => l.name,
  description: (l) => l.description,
  category: (l) => l.category,
  price: (l) => l.price,
  discount_price: (l) => l.discountPrice,
  unit_price: (l) => l.unitPrice,
  image_one: (l) => l.imageOne,
  image_two: (l) => l.imageTwo,
  cartQuantity: (l) => l.quantity,
};

/** Each REST order field but its lines, read from the GraphQL order. */
const ORDER: Fields = {
  id: (o) => o.id,
  order_number: (o) => o.orderNumber,
  reference: (o) => o.reference,
  // GraphQL names the status by its enum (IN_TRANSIT), REST by the enum's value (in-transit).
  status: (o) => OrderStatus[o.status as keyof typeof OrderStatus],
  subtotal_price: (o) => o.subtotal,
  delivery_fee: (o) => o.deliveryFee,
  total_price: (o) => o.total,
  region: (o) => o.region,
  user_email: (o) => o.userEmail,
  user_phone_number: (o) => o.userPhone,
  user_address: (o) => o.userAddress,
  created_at: (o) => o.createdAt,
  updated_at: (o) => o.updatedAt,
};

/** The REST record rebuilt from the GraphQL one: equal to the REST answer when no field drifted. */
function restFrom(graphql: Json, fields: Fields, rest: Json): Json {
  expect(Object.keys(rest).sort(), "every REST field has a GraphQL twin").toEqual(Object.keys(fields).sort());
  return Object.fromEntries(Object.entries(fields).map(([name, read]) => [name, read(graphql)]));
}

const productFrom = (graphql: Json, rest: Json) => restFrom(graphql, PRODUCT, rest);

function orderFrom(graphql: Json, rest: Json): Json {
  const { cart, ...fields } = rest as Json & { cart: Json[] };
  const lines = graphql.lines as Json[];
  expect(lines).toHaveLength(cart.length);
  return { ...restFrom(graphql, ORDER, fields), cart: lines.map((line, index) => restFrom(line, LINE, cart[index])) };
}

async function graphql(query: string, variables: Json = {}, token?: string): Promise<Json> {
  const response = await fetch(`${api.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Json; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  user = await t.signUp();
  admin = await t.signUp({ role: "admin" });
  const category = await makeCategory(t, categoryName);
  const other = await makeCategory(t, "Twin Tools");
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  // Distinct prices and dates, so every sort orders them one way only; odd cents, so a rounding slip shows.
  await makeProduct(t, { name: "Twin Boston Fern", categoryId: category.id, priceCents: 2449, discountPriceCents: 1999, quantity: 7, createdAt: day(1) });
  await makeProduct(t, { name: "Twin Maidenhair", categoryId: category.id, priceCents: 1801, quantity: 3, createdAt: day(2) });
  await makeProduct(t, { name: "Twin Staghorn", categoryId: category.id, priceCents: 3205, discountPriceCents: 2907, quantity: 0, createdAt: day(3) });
  await makeProduct(t, { name: "Twin Trowel", categoryId: other.id, priceCents: 1299, quantity: 9, createdAt: day(4) });
  const rated = await t.shop.prisma.product.findFirstOrThrow({ where: { name: "Twin Maidenhair" } });
  await t.shop.prisma.product.update({ where: { id: rated.id }, data: { ratingSum: 9, peopleRated: 2, imageTwo: "/uploads/maidenhair-2.png" } });
  regionId = (await t.shop.prisma.region.create({ data: { name: "Twin Lakes", feeCents: 455 } })).id;
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

describe("a product and product lists: REST's values are GraphQL's", () => {
  it("one product by slug", async () => {
    for (const name of ["Twin Boston Fern", "Twin Maidenhair", "Twin Staghorn"]) {
      const { slug } = await t.shop.prisma.product.findFirstOrThrow({ where: { name } });
      const rest = await api.get(`/products/${slug}`);
      expect(rest.status).toBe(200);
      const { product } = await graphql(`query($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`, { slug });
      expect(rest.body[0]).toStrictEqual(productFrom(product as Json, rest.body[0]));
    }
  });

  it.each([
    ["newest first", "", "sort: NEWEST"],
    ["the default order", "", ""],
    ["cheapest first", "&sort=price-lowest", "sort: PRICE_LOWEST"],
    ["dearest first", "&sort=price-highest", "sort: PRICE_HIGHEST"],
    ["best rated first", "&sort=highest-rated", "sort: HIGHEST_RATED"],
    ["in stock and discounted", "&in_stock=true&discounted=true", "inStock: true, discounted: true"],
  ])("a category's list, %s: the same products in the same order", async (_name, restQuery, graphqlArguments) => {
    const rest = await api.get(`/products?category=${encodeURIComponent(categoryName)}${restQuery}`);
    expect(rest.status).toBe(200);
    const args = [`category: "${categoryName}"`, "first: 100", graphqlArguments].filter(Boolean).join(", ");
    const { products } = await graphql(`{ products(${args}) { nodes { ${PRODUCT_FIELDS} } } }`);
    const nodes = (products as { nodes: Json[] }).nodes;
    expect(nodes.length).toBeGreaterThan(0);
    expect(rest.body.map((product: Json) => product.id)).toEqual(nodes.map((product) => product.id));
    expect(rest.body).toStrictEqual(nodes.map((product, index) => productFrom(product, rest.body[index])));
  });
});

describe("an order: REST's values are GraphQL's", () => {
  it("the order as its owner and an admin read it, its lines included", async () => {
    const products = await t.shop.prisma.product.findMany({ where: { name: { in: ["Twin Boston Fern", "Twin Maidenhair"] } }, orderBy: { id: "asc" } });
    const placed = await api.post("/order-store", {
      token: user.token,
      json: {
        cart: products.map((product, index) => ({ id: product.id, name: product.name, price: 0.01, discount_price: null, quantity: 99, cartQuantity: index + 2 })),
        subtotal_price: 0.02,
        delivery_fee: 0,
        region: regionId,
        user_id: user.id,
        reference: reference("TWINORDER"),
      },
    });
    expect(placed.status).toBe(201);
    const orderNumber = placed.body.order.order_number as string;
    await t.shop.prisma.order.update({ where: { orderNumber }, data: { status: "in_transit" } });

    const own = await api.get(`/order/${orderNumber}`, { token: user.token });
    expect(own.status).toBe(200);
    const { order } = await graphql(`query($number: String!) { order(orderNumber: $number) { ${ORDER_FIELDS} } }`, { number: orderNumber }, user.token);
    expect(own.body[0]).toStrictEqual(orderFrom(order as Json, own.body[0]));
    expect(own.body[0]).toMatchObject({ status: "in-transit", delivery_fee: 4.55 });

    const all = await api.get("/orders", { token: admin.token });
    const { orders } = await graphql(`{ orders(first: 100) { nodes { ${ORDER_FIELDS} } } }`, {}, admin.token);
    const nodes = (orders as { nodes: Json[] }).nodes;
    expect(all.body.map((row: Json) => row.id)).toEqual(nodes.map((row) => row.id));
    expect(all.body).toStrictEqual(nodes.map((row, index) => orderFrom(row, all.body[index])));
  });
});
