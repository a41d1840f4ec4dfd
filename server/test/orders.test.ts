// Cart check, checkout and orders.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "../src/generated/prisma/client.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { OrderService } from "../src/domain/orders/service.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { prismaReader, type RowReader } from "../src/domain/shared/index.js";
import { RequestLoaders } from "../src/graphql/context.js";
import { cartCheckPayload, orderPayload } from "../src/rest/payloads.js";
import { oldClientInput, createTestShop, failure, refusal, type TestShop } from "./support.js";

// Lets one test force a colliding order number; every other call draws a real random one.
const forcedOrderNumbers = vi.hoisted(() => [] as string[]);
vi.mock("../src/domain/orders/order-numbers.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/domain/orders/order-numbers.js")>();
  return { ...real, newOrderNumber: (placedAt?: Date) => forcedOrderNumbers.shift() ?? real.newOrderNumber(placedAt) };
});

let t: TestShop;
let categoryId: number;
type Person = { id: number; token: string; viewer: Viewer };
let shopper: Person;
let otherShopper: Person;
let admin: Person;

async function person(options: Parameters<TestShop["signUp"]>[0] = {}): Promise<Person> {
  const user = await t.signUp(options);
  return { id: user.id, token: user.token, viewer: (await t.shop.tokens.verify(user.token))! };
}

beforeAll(async () => {
  t = await createTestShop();
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } })).id;
  shopper = await person();
  otherShopper = await person();
  admin = await person({ role: "admin" });
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function makeProduct(options: { name?: string; priceCents?: number; discountPriceCents?: number | null; quantity?: number } = {}) {
  counter += 1;
  return t.shop.prisma.product.create({
    data: {
      slug: `plant-${counter}`,
      name: options.name ?? `Plant ${counter}`,
      description: `A lovely plant, number ${counter}.`,
      categoryId,
      priceCents: options.priceCents ?? 2500,
      discountPriceCents: options.discountPriceCents ?? null,
      quantity: options.quantity ?? 10,
      imageOne: `/uploads/plant-${counter}-a.jpg`,
      imageTwo: `/uploads/plant-${counter}-b.jpg`,
    },
  });
}

async function makeRegion(feeCents = 500) {
  counter += 1;
  return t.shop.prisma.region.create({ data: { name: `Region ${counter}`, feeCents } });
}

const stockOf = async (productId: number) => (await t.shop.prisma.product.findUniqueOrThrow({ where: { id: productId } })).quantity;
const orderCount = () => t.shop.prisma.order.count();

/** What the database holds for these products and in orders, to prove a refused order wrote nothing. */
async function snapshot(productIds: number[]) {
  return { orders: await orderCount(), lines: await t.shop.prisma.orderLine.count(), stock: await Promise.all(productIds.map(stockOf)) };
}

/** An order service whose Prisma operations are counted, to pin "a constant number of queries". */
function countingOrders() {
  const counted = { operations: 0 };
  const prisma = t.shop.prisma.$extends({
    query: {
      $allOperations({ args, query }) {
        counted.operations += 1;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { orders: new OrderService(prisma, t.shop.events), counted };
}

const CHECK_CART = `query($lines: [CartLineInput!]!) { checkCart(lines: $lines) { message totalQuantity subtotal } }`;
const ORDER_FIELDS = `id orderNumber reference status totalItems subtotal deliveryFee total region userEmail userPhone userAddress
  createdAt updatedAt lines { productId slug name description category price discountPrice unitPrice quantity lineTotal imageOne imageTwo }`;
const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { message order { ${ORDER_FIELDS} } } }`;
const MY_ORDERS = `{ myOrders(first: 100) { nodes { id orderNumber } } }`;
const ORDER = `query($orderNumber: String!) { order(orderNumber: $orderNumber) { id orderNumber status total } }`;
const ORDERS = `query($search: String, $status: OrderStatus) { orders(first: 100, search: $search, status: $status) { nodes { id orderNumber reference status } totalCount } }`;
type OrdersPage = { nodes: { id: number; status: string }[]; totalCount: number };
const USER_ORDERS = `query($userId: Int!) { userOrders(userId: $userId, first: 100) { nodes { id orderNumber } } }`;
const UPDATE_STATUS = `mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { message order { id status } } }`;

/** Places an order through the domain for `who` and returns it. */
async function placeFor(who: Person, lines: { productId: number; quantity: number }[], regionId: number, reference = newReference()) {
  return t.shop.orders.placeOrder(who.viewer, { lines, region: regionId, reference });
}

describe("cart check (POST /check-cart, 'Proceed to checkout' in the cart)", () => {
  it("a guest is sent to log in: checking a cart needs a signed-in user", async () => {
    const product = await makeProduct();
    const result = await t.gql(CHECK_CART, { lines: [{ productId: product.id, quantity: 1 }] });
    expect(failure(result).code).toBe("UNAUTHENTICATED");
  });

  it("a cart within stock is ready for checkout, with totals at the database's prices", async () => {
    const fern = await makeProduct({ priceCents: 1250 });
    const palm = await makeProduct({ priceCents: 4000, discountPriceCents: 3000 });
    const result = await t.gql<{ checkCart: { message: string; totalQuantity: number; subtotal: number } }>(
      CHECK_CART,
      { lines: [{ productId: fern.id, quantity: 2 }, { productId: palm.id, quantity: 1 }] },
      shopper.token,
    );
    expect(result.errors).toBeUndefined();
    // Unit price is the discount price when it is not null, else price: 2 x 12.50 + 1 x 30.00.
    expect(result.data!.checkCart).toEqual({ message: "Your cart is ready for checkout.", totalQuantity: 3, subtotal: 55 });
  });

  it("the old client's cart items are accepted, and the prices and names they carry are ignored", async () => {
    const monstera = await makeProduct({ name: "Monstera Deliciosa", priceCents: 3999, quantity: 5 });
    const checked = await t.shop.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: [
      { ...monstera, name: "Free Plant", price: 0.01, discount_price: 0, priceCents: 1, cartQuantity: 2 },
    ] }));
    expect(checked).toEqual({ message: "Your cart is ready for checkout.", totalQuantity: 2, subtotalCents: 7998 });
  });

  it("an empty cart is refused: 'Your cart is empty.'", async () => {
    const result = await t.gql(CHECK_CART, { lines: [] }, shopper.token);
    expect(failure(result)).toMatchObject({ code: "BAD_USER_INPUT", message: "Your cart is empty.", fields: { cart: ["Your cart is empty."] } });
  });

  it("the cart may never hold more of a product than its quantity: the message names the product", async () => {
    const monstera = await makeProduct({ name: "Monstera Deliciosa", quantity: 3 });
    const result = await t.gql(CHECK_CART, { lines: [{ productId: monstera.id, quantity: 4 }] }, shopper.token);
    expect(failure(result)).toMatchObject({
      code: "BAD_USER_INPUT",
      message: "Only 3 of Monstera Deliciosa left in stock.",
      fields: { cart: ["Only 3 of Monstera Deliciosa left in stock."] },
    });
  });

  it("a product with quantity 0 cannot be bought: '<name> is out of stock.'", async () => {
    const cactus = await makeProduct({ name: "Golden Barrel Cactus", quantity: 0 });
    const error = await refusal(t.shop.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: [{ id: cactus.id, cartQuantity: 1 }] })));
    expect(error.fields).toEqual({ cart: ["Golden Barrel Cactus is out of stock."] });
  });

  it("the same product twice in the cart counts once, with its quantities added up", async () => {
    const pothos = await makeProduct({ name: "Golden Pothos", priceCents: 1000, quantity: 3 });
    const twice = [
      { productId: pothos.id, quantity: 2 },
      { productId: pothos.id, quantity: 2 },
    ];
    const error = await refusal(t.shop.orders.checkCart(shopper.viewer, twice));
    expect(error.fields).toEqual({ cart: ["Only 3 of Golden Pothos left in stock."] });

    await t.shop.prisma.product.update({ where: { id: pothos.id }, data: { quantity: 4 } });
    expect(await t.shop.orders.checkCart(shopper.viewer, twice)).toMatchObject({ totalQuantity: 4, subtotalCents: 4000 });
  });

  it("a product that no longer exists is named when the cart item carries its name, else 'A product in your cart is no longer available.'", async () => {
    const gone = await makeProduct({ name: "Bird of Paradise" });
    await t.shop.prisma.product.delete({ where: { id: gone.id } });
    const named = await refusal(t.shop.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: [{ ...gone, cartQuantity: 1 }] })));
    expect(named.fields).toEqual({ cart: ["Bird of Paradise is no longer available."] });

    const result = await t.gql(CHECK_CART, { lines: [{ productId: gone.id, quantity: 1 }] }, shopper.token);
    expect(failure(result).fields).toEqual({ cart: ["A product in your cart is no longer available."] });
  });

  it("every problem in the cart is reported at once", async () => {
    const short = await makeProduct({ name: "Snake Plant", quantity: 1 });
    const empty = await makeProduct({ name: "Fiddle Leaf Fig", quantity: 0 });
    const error = await refusal(
      t.shop.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: [
        { id: short.id, cartQuantity: 2 },
        { id: empty.id, cartQuantity: 1 },
        { id: 2_000_000_000, cartQuantity: 1 },
      ] })),
    );
    expect(error.fields).toEqual({
      cart: ["Only 1 of Snake Plant left in stock.", "Fiddle Leaf Fig is out of stock.", "A product in your cart is no longer available."],
    });
  });

  it("bad input: a missing cart, a cart that is not a list, too many items, bad ids and bad quantities", async () => {
    const fern = await makeProduct({ name: "Boston Fern", quantity: 50 });
    const fieldsFor = async (cart: unknown) => (await refusal(t.shop.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: cart })))).fields;

    expect(await fieldsFor(undefined)).toEqual({ cart: ["The cart field is required."] });
    expect(await fieldsFor("fern")).toEqual({ cart: ["The cart must be a list of products."] });
    expect(await fieldsFor({ id: fern.id, cartQuantity: 1 })).toEqual({ cart: ["The cart must be a list of products."] });
    expect(await fieldsFor(Array.from({ length: 101 }, () => ({ id: fern.id, cartQuantity: 1 })))).toEqual({
      cart: ["The cart may not have more than 100 items."],
    });
    for (const id of ["fern", -1, 0, 1.5, null, { id: 1 }, "9".repeat(20)]) {
      expect(await fieldsFor([{ id, cartQuantity: 1 }])).toEqual({ cart: ["A product in your cart is no longer available."] });
    }
    expect(await fieldsFor([42, "x", null])).toEqual({ cart: ["A product in your cart is no longer available."] });
    for (const cartQuantity of [0, -2, 1.5, "two", null, undefined, true, Number.NaN, 2 ** 60]) {
      expect(await fieldsFor([{ id: fern.id, cartQuantity }])).toEqual({
        cart: ["The quantity of Boston Fern must be a whole number of at least 1."],
      });
    }
    // A REST body may carry numbers as text.
    expect(await t.shop.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: [{ id: String(fern.id), cartQuantity: "2" }] }))).toMatchObject({ totalQuantity: 2 });
    // GraphQL checks the argument types before the domain sees them.
    const typed = await t.gql(CHECK_CART, { lines: [{ productId: "abc", quantity: 1 }] }, shopper.token);
    expect(typed.errors?.[0].message).toMatch(/Int/);
  });

  it("the cart check reads the products in one query whatever the cart's size", async () => {
    const products = await Promise.all(Array.from({ length: 12 }, () => makeProduct()));
    const one = countingOrders();
    await one.orders.checkCart(shopper.viewer, oldClientInput(cartCheckPayload, { cart: [{ id: products[0].id, cartQuantity: 1 }] }));
    const many = countingOrders();
    await many.orders.checkCart(
      shopper.viewer,
      oldClientInput(cartCheckPayload, { cart: products.map((product) => ({ id: product.id, cartQuantity: 1 })) }),
    );
    expect(one.counted.operations).toBe(1);
    expect(many.counted.operations).toBe(1);
  });
});

describe("placing an order (POST /order-store, 'Proceed to checkout' on the checkout screen)", () => {
  it("a guest cannot place an order", async () => {
    const product = await makeProduct();
    const region = await makeRegion();
    const before = await snapshot([product.id]);
    const result = await t.gql(PLACE_ORDER, { input: { lines: [{ productId: product.id, quantity: 1 }], regionId: region.id, reference: newReference() } });
    expect(failure(result).code).toBe("UNAUTHENTICATED");
    expect(await snapshot([product.id])).toEqual(before);
  });

  it("'Payment successful and order has been created': totals, snapshots and status are set by the server", async () => {
    const monstera = await makeProduct({ name: "Monstera Deliciosa", priceCents: 3999, quantity: 5 });
    const palm = await makeProduct({ name: "Parlour Palm", priceCents: 2000, discountPriceCents: 1500, quantity: 4 });
    const region = await makeRegion(750);
    const reference = newReference();
    const result = await t.gql<{ placeOrder: { message: string; order: Record<string, unknown> & { lines: Record<string, unknown>[] } } }>(
      PLACE_ORDER,
      {
        input: {
          lines: [
            { productId: monstera.id, quantity: 2 },
            { productId: palm.id, quantity: 3 },
          ],
          regionId: region.id,
          reference,
        },
      },
      shopper.token,
    );
    expect(result.errors).toBeUndefined();
    const { message, order } = result.data!.placeOrder;
    expect(message).toBe("Payment successful and order has been created");
    const user = await t.shop.prisma.user.findUniqueOrThrow({ where: { id: shopper.id } });
    expect(order).toMatchObject({
      reference,
      status: "PENDING",
      totalItems: 5,
      // Items total: 2 x 39.99 + 3 x 15.00 (the discount price); total adds the region's fee.
      subtotal: 124.98,
      deliveryFee: 7.5,
      total: 132.48,
      region: region.name,
      userEmail: user.email,
      userPhone: user.phone,
      userAddress: user.address,
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{6}-[0-9A-Z]{6}$/);
    expect(order.lines).toEqual([
      {
        productId: monstera.id,
        slug: monstera.slug,
        name: "Monstera Deliciosa",
        description: monstera.description,
        category: "Indoor Plants",
        price: 39.99,
        discountPrice: null,
        unitPrice: 39.99,
        quantity: 2,
        lineTotal: 79.98,
        imageOne: monstera.imageOne,
        imageTwo: monstera.imageTwo,
      },
      {
        productId: palm.id,
        slug: palm.slug,
        name: "Parlour Palm",
        description: palm.description,
        category: "Indoor Plants",
        price: 20,
        discountPrice: 15,
        unitPrice: 15,
        quantity: 3,
        lineTotal: 45,
        imageOne: palm.imageOne,
        imageTwo: palm.imageTwo,
      },
    ]);
    expect([await stockOf(monstera.id), await stockOf(palm.id)]).toEqual([3, 1]);
    const stored = await t.shop.prisma.order.findUniqueOrThrow({ where: { reference } });
    expect(stored).toMatchObject({ userId: shopper.id, regionId: region.id, status: "pending", subtotalCents: 12498, deliveryFeeCents: 750, totalCents: 13248 });
  });

  it("an order is always the viewer's own: naming another buyer is FORBIDDEN, whichever API asks, and nothing is written", async () => {
    const fern = await makeProduct({ quantity: 10 });
    const region = await makeRegion(500);
    const before = await snapshot([fern.id]);
    for (const userId of [otherShopper.id, 0, "someone"]) {
      const error = await refusal(
        t.shop.orders.placeOrder(shopper.viewer, { lines: [{ productId: fern.id, quantity: 1 }], region: region.id, reference: newReference(), userId: userId as never }),
      );
      expect(error).toMatchObject({ code: "FORBIDDEN", message: "You can only place orders for yourself." });
    }
    expect(await snapshot([fern.id])).toEqual(before);
    const own = await t.shop.orders.placeOrder(shopper.viewer, { lines: [{ productId: fern.id, quantity: 1 }], region: region.id, reference: newReference(), userId: shopper.id });
    expect(own.userId).toBe(shopper.id);
  });

  it("totals sent by the client (subtotal_price, delivery_fee, user_id, prices in the cart items) are ignored", async () => {
    const fern = await makeProduct({ name: "Boston Fern", priceCents: 1800, quantity: 10 });
    const region = await makeRegion(500);
    const order = await t.shop.orders.placeOrder(shopper.viewer, oldClientInput(orderPayload, {
      cart: [{ ...fern, price: 0.01, discount_price: 0.01, priceCents: 1, discountPriceCents: 1, cartQuantity: 2 }],
      subtotal_price: 0.02,
      delivery_fee: 0,
      total_price: 0.02,
      user_id: shopper.id,
      region: region.id,
      reference: newReference(),
    }));
    expect(order).toMatchObject({ userId: shopper.id, subtotalCents: 3600, deliveryFeeCents: 500, totalCents: 4100, status: "pending" });
    expect(order.lines).toMatchObject([{ productId: fern.id, priceCents: 1800, discountPriceCents: null, unitPriceCents: 1800, quantity: 2 }]);
    expect(await stockOf(fern.id)).toBe(8);
  });

  it("an order keeps what was bought: later edits to the product, the region or the account do not rewrite it", async () => {
    const fig = await makeProduct({ name: "Fiddle Leaf Fig", priceCents: 6000, quantity: 3 });
    const region = await makeRegion(900);
    const placed = await placeFor(shopper, [{ productId: fig.id, quantity: 1 }], region.id);
    await t.shop.prisma.product.update({ where: { id: fig.id }, data: { name: "Fig Tree", priceCents: 9000, description: "New text." } });
    await t.shop.prisma.region.update({ where: { id: region.id }, data: { name: "Renamed Region", feeCents: 100 } });
    const before = await t.shop.prisma.user.findUniqueOrThrow({ where: { id: shopper.id } });
    await t.shop.prisma.user.update({ where: { id: shopper.id }, data: { phone: "+1 555 9999" } });
    try {
      const read = await t.shop.orders.byNumber(shopper.viewer, placed.orderNumber);
      expect(read).toMatchObject({ regionName: region.name, deliveryFeeCents: 900, totalCents: 6900, userPhone: before.phone });
      expect(read.lines[0]).toMatchObject({ name: "Fiddle Leaf Fig", priceCents: 6000, description: fig.description, categoryName: "Indoor Plants" });
    } finally {
      await t.shop.prisma.user.update({ where: { id: shopper.id }, data: { phone: before.phone } });
    }
  });

  it("a user without phone or address is refused: 'Please update your contact information.' and nothing is written", async () => {
    const product = await makeProduct({ quantity: 5 });
    const region = await makeRegion();
    for (const contact of [{ phone: null, address: null }, { phone: "+1 555 0100", address: null }, { phone: null, address: "2 Fern Road" }]) {
      const newcomer = await person(contact);
      const before = await snapshot([product.id]);
      const result = await t.gql(
        PLACE_ORDER,
        { input: { lines: [{ productId: product.id, quantity: 1 }], regionId: region.id, reference: newReference() } },
        newcomer.token,
      );
      expect(failure(result)).toMatchObject({
        code: "BAD_USER_INPUT",
        message: "Please update your contact information.",
        fields: { contact: ["Please update your contact information."] },
      });
      expect(await snapshot([product.id])).toEqual(before);
    }
  });

  it("a region must be selected: 'Please select a delivery region', and nothing is written", async () => {
    const product = await makeProduct({ quantity: 5 });
    const before = await snapshot([product.id]);
    for (const region of [undefined, null, ""]) {
      const error = await refusal(
        t.shop.orders.placeOrder(shopper.viewer, oldClientInput(orderPayload, { cart: [{ id: product.id, cartQuantity: 1 }], region, reference: newReference() })),
      );
      expect(error.fields).toEqual({ region: ["Please select a delivery region"] });
    }
    expect(await snapshot([product.id])).toEqual(before);
  });

  it("an unknown region is refused: 'The selected region is invalid.', and nothing is written", async () => {
    const product = await makeProduct({ quantity: 5 });
    const before = await snapshot([product.id]);
    for (const region of [2_000_000_000, "north", -3, 1.5, { id: 1 }]) {
      const error = await refusal(
        t.shop.orders.placeOrder(shopper.viewer, { lines: [{ productId: product.id, quantity: 1 }], region: region as never, reference: newReference() }),
      );
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.fields).toEqual({ region: ["The selected region is invalid."] });
    }
    const result = await t.gql(
      PLACE_ORDER,
      { input: { lines: [{ productId: product.id, quantity: 1 }], regionId: 2_000_000_000, reference: newReference() } },
      shopper.token,
    );
    expect(failure(result).message).toBe("The selected region is invalid.");
    expect(await snapshot([product.id])).toEqual(before);
  });

  it("the reference must be 16 characters from A-Z and 0-9, and a bad one writes nothing", async () => {
    const product = await makeProduct({ quantity: 5 });
    const region = await makeRegion();
    const before = await snapshot([product.id]);
    for (const reference of ["abcdefghijklmnop", "ABCDEFGHIJKLMNO", "ABCDEFGHIJKLMNOPQ", "ABCDEFGH-JKLMNOP", " ABCDEFGHIJKLMNOP", 1234567890123456, ["A"]]) {
      const error = await refusal(
        t.shop.orders.placeOrder(shopper.viewer, oldClientInput(orderPayload, { cart: [{ id: product.id, cartQuantity: 1 }], region: region.id, reference })),
      );
      expect(error.fields).toEqual({ reference: ["The reference must be 16 characters from A-Z and 0-9."] });
    }
    const missing = await refusal(t.shop.orders.placeOrder(shopper.viewer, oldClientInput(orderPayload, { cart: [{ id: product.id, cartQuantity: 1 }], region: region.id })));
    expect(missing.fields).toEqual({ reference: ["The reference field is required."] });
    expect(await snapshot([product.id])).toEqual(before);
  });

  it("an empty cart or an unknown product is refused and nothing is written", async () => {
    const product = await makeProduct({ quantity: 5 });
    const region = await makeRegion();
    const before = await snapshot([product.id]);
    const empty = await t.gql(PLACE_ORDER, { input: { lines: [], regionId: region.id, reference: newReference() } }, shopper.token);
    expect(failure(empty)).toMatchObject({ code: "BAD_USER_INPUT", message: "Your cart is empty." });
    const unknown = await refusal(
      t.shop.orders.placeOrder(shopper.viewer, oldClientInput(orderPayload, {
        cart: [
          { id: product.id, cartQuantity: 1 },
          { id: 2_000_000_000, name: "Ghost Orchid", cartQuantity: 1 },
        ],
        region: region.id,
        reference: newReference(),
      })),
    );
    expect(unknown.fields).toEqual({ cart: ["Ghost Orchid is no longer available."] });
    expect(await snapshot([product.id])).toEqual(before);
  });

  it("every problem with the order is reported at once, under its payload name", async () => {
    const noContact = await person({ phone: null, address: null });
    const error = await refusal(t.shop.orders.placeOrder(noContact.viewer, oldClientInput(orderPayload, { cart: [], region: "", reference: "short" })));
    expect(error.fields).toEqual({
      cart: ["Your cart is empty."],
      region: ["Please select a delivery region"],
      reference: ["The reference must be 16 characters from A-Z and 0-9."],
    });
    const nothing = await refusal(t.shop.orders.placeOrder(shopper.viewer, oldClientInput(orderPayload, "not an object")));
    expect(Object.keys(nothing.fields!).sort()).toEqual(["cart", "reference", "region"]);
  });

  it("ordering more than is in stock is refused, naming the product, and nothing is written", async () => {
    const monstera = await makeProduct({ name: "Monstera Deliciosa", quantity: 3 });
    const other = await makeProduct({ quantity: 5 });
    const region = await makeRegion();
    const before = await snapshot([monstera.id, other.id]);
    const result = await t.gql(
      PLACE_ORDER,
      {
        input: {
          lines: [
            { productId: other.id, quantity: 1 },
            { productId: monstera.id, quantity: 4 },
          ],
          regionId: region.id,
          reference: newReference(),
        },
      },
      shopper.token,
    );
    expect(failure(result)).toMatchObject({ code: "BAD_USER_INPUT", message: "Only 3 of Monstera Deliciosa left in stock." });
    expect(await snapshot([monstera.id, other.id])).toEqual(before);
  });

  it("stock sold out while checking out rolls the whole order back: the lines already taken are given back", async () => {
    const first = await makeProduct({ name: "Calathea", quantity: 5 });
    const last = await makeProduct({ name: "String of Pearls", quantity: 1 });
    const region = await makeRegion();
    // Someone else buys the last unit after this order's checks passed and before its transaction runs.
    let armed = true;
    // The cart (its variants) is read through the shop's reader before the order's transaction starts.
    const readRows: RowReader = async (query) => {
      const found = await prismaReader(t.shop.prisma)(query);
      if (armed && query.text.includes("FROM product_variants")) {
        armed = false;
        await t.shop.prisma.product.update({ where: { id: last.id }, data: { quantity: 0 } });
      }
      return found as never;
    };
    const orders = new OrderService(t.shop.prisma, t.shop.events, undefined, readRows);
    const before = await snapshot([first.id]);
    const error = await refusal(
      orders.placeOrder(shopper.viewer, {
        lines: [
          { productId: first.id, quantity: 2 },
          { productId: last.id, quantity: 1 },
        ],
        region: region.id,
        reference: newReference(),
      }),
    );
    expect(error.fields).toEqual({ cart: ["String of Pearls is out of stock."] });
    expect(await snapshot([first.id])).toEqual(before);
  });

  it("the same reference from the same user returns the order already placed: one order, stock taken once", async () => {
    const product = await makeProduct({ quantity: 10 });
    const region = await makeRegion();
    const reference = newReference();
    const input = { input: { lines: [{ productId: product.id, quantity: 2 }], regionId: region.id, reference } };
    const first = await t.gql<{ placeOrder: { order: { id: number } } }>(PLACE_ORDER, input, shopper.token);
    const again = await t.gql<{ placeOrder: { message: string; order: { id: number } } }>(PLACE_ORDER, input, shopper.token);
    expect(again.errors).toBeUndefined();
    expect(again.data!.placeOrder.order.id).toBe(first.data!.placeOrder.order.id);
    expect(again.data!.placeOrder.message).toBe("Payment successful and order has been created");
    expect(await t.shop.prisma.order.count({ where: { reference } })).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("identical requests racing with one reference give one order and take the stock once", async () => {
    const product = await makeProduct({ quantity: 10 });
    const region = await makeRegion();
    const reference = newReference();
    const placed = await Promise.all(
      Array.from({ length: 5 }, () => placeFor(shopper, [{ productId: product.id, quantity: 2 }], region.id, reference)),
    );
    expect(new Set(placed.map((order) => order.id)).size).toBe(1);
    expect(await t.shop.prisma.order.count({ where: { reference } })).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("the same reference from another user is refused: 'This order reference has already been used.'", async () => {
    const product = await makeProduct({ quantity: 10 });
    const region = await makeRegion();
    const reference = newReference();
    await placeFor(shopper, [{ productId: product.id, quantity: 1 }], region.id, reference);
    const before = await snapshot([product.id]);
    const result = await t.gql(
      PLACE_ORDER,
      { input: { lines: [{ productId: product.id, quantity: 1 }], regionId: region.id, reference } },
      otherShopper.token,
    );
    expect(failure(result)).toMatchObject({ code: "CONFLICT", message: "This order reference has already been used." });
    expect(await snapshot([product.id])).toEqual(before);
  });

  it("an order number already taken is drawn again; the stock of the failed attempt is given back", async () => {
    const product = await makeProduct({ quantity: 10 });
    const region = await makeRegion();
    forcedOrderNumbers.push("ORD-261122-SAME01");
    const first = await placeFor(shopper, [{ productId: product.id, quantity: 1 }], region.id);
    expect(first.orderNumber).toBe("ORD-261122-SAME01");
    forcedOrderNumbers.push("ORD-261122-SAME01", "ORD-261122-SAME01");
    const second = await placeFor(shopper, [{ productId: product.id, quantity: 3 }], region.id);
    expect(second.orderNumber).not.toBe("ORD-261122-SAME01");
    expect(forcedOrderNumbers).toEqual([]);
    expect(await stockOf(product.id)).toBe(6);
  });
});

describe("reading orders (/user/order, /user/order/{order_number}, admin orders)", () => {
  let region: { id: number };
  let mine: { id: number; orderNumber: string; reference: string }[];
  let theirs: { id: number; orderNumber: string; reference: string };
  let shopperForReads: Person;

  beforeAll(async () => {
    region = await makeRegion();
    const product = await makeProduct({ quantity: 100 });
    const reader = await person();
    shopperForReads = reader;
    mine = [];
    for (let i = 0; i < 3; i += 1) mine.push(await placeFor(reader, [{ productId: product.id, quantity: 1 }], region.id));
    theirs = await placeFor(otherShopper, [{ productId: product.id, quantity: 1 }], region.id);
  });

  it("a user sees their own orders, newest first, and no one else's", async () => {
    const result = await t.gql<{ myOrders: { nodes: { id: number }[] } }>(MY_ORDERS, {}, shopperForReads.token);
    expect(result.data!.myOrders.nodes.map((order) => order.id)).toEqual(mine.map((order) => order.id).reverse());
  });

  it("'No orders yet.': a user who never ordered gets an empty list", async () => {
    const newcomer = await person();
    const result = await t.gql<{ myOrders: { nodes: unknown[] } }>(MY_ORDERS, {}, newcomer.token);
    expect(result.data!.myOrders.nodes).toEqual([]);
  });

  it("a user reads their own order by its number; another user's order is NOT_FOUND like a missing one; an admin reads any", async () => {
    const own = await t.gql<{ order: { id: number } }>(ORDER, { orderNumber: mine[0].orderNumber }, shopperForReads.token);
    expect(own.data!.order.id).toBe(mine[0].id);
    const others = await t.gql(ORDER, { orderNumber: theirs.orderNumber }, shopperForReads.token);
    const missing = await t.gql(ORDER, { orderNumber: "ORD-000000-NOPE00" }, shopperForReads.token);
    expect(failure(others)).toEqual(failure(missing));
    expect(failure(others)).toMatchObject({ code: "NOT_FOUND", message: "Order not found." });
    const asAdmin = await t.gql<{ order: { id: number } }>(ORDER, { orderNumber: theirs.orderNumber }, admin.token);
    expect(asAdmin.data!.order.id).toBe(theirs.id);
  });

  it("an unknown order number: 'Order not found.'", async () => {
    const result = await t.gql(ORDER, { orderNumber: "ORD-000000-NOPE00" }, admin.token);
    expect(failure(result)).toMatchObject({ code: "NOT_FOUND", message: "Order not found." });
    for (const orderNumber of [42, null, "x".repeat(1000)]) {
      expect((await refusal(t.shop.orders.byNumber(admin.viewer, orderNumber))).code).toBe("NOT_FOUND");
    }
  });

  it("an admin lists every order newest first and searches by order number or reference, in any case", async () => {
    const all = await t.gql<{ orders: OrdersPage }>(ORDERS, {}, admin.token);
    const ids = all.data!.orders.nodes.map((order) => order.id);
    expect(all.data!.orders.totalCount).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining([...mine, theirs].map((order) => order.id)));

    const byNumber = await t.gql<{ orders: OrdersPage }>(ORDERS, { search: theirs.orderNumber.slice(4).toLowerCase() }, admin.token);
    expect(byNumber.data!.orders.nodes.map((order) => order.id)).toEqual([theirs.id]);
    expect(byNumber.data!.orders.totalCount).toBe(1);
    const byReference = await t.gql<{ orders: OrdersPage }>(ORDERS, { search: ` ${mine[1].reference.toLowerCase()} ` }, admin.token);
    expect(byReference.data!.orders.nodes.map((order) => order.id)).toEqual([mine[1].id]);

    // 'No orders found matching your search.': LIKE wildcards match nothing rather than everything.
    for (const search of ["%", "_", "%%", "O_D", "NO SUCH ORDER"]) {
      expect((await t.gql<{ orders: OrdersPage }>(ORDERS, { search }, admin.token)).data!.orders).toMatchObject({ nodes: [], totalCount: 0 });
      expect(await t.shop.orders.listAll(admin.viewer, search)).toEqual([]);
    }
    // The REST shim's whole list searches by the same rule.
    expect((await t.shop.orders.listAll(admin.viewer, mine[1].reference.toLowerCase())).map((order) => order.id)).toEqual([mine[1].id]);
    const blank = await t.gql<{ orders: OrdersPage }>(ORDERS, { search: "   " }, admin.token);
    expect(blank.data!.orders.nodes.length).toBe(ids.length);
    expect((await refusal(t.shop.orders.listAll(admin.viewer, "A".repeat(101)))).fields).toEqual({
      search: ["The search may not be greater than 100 characters."],
    });
    expect((await refusal(t.shop.orders.listAll(admin.viewer, 42))).fields).toEqual({ search: ["The search must be text."] });
  });

  it("a user's orders (/user-order/{userId}): the user themself or an admin; another user is FORBIDDEN", async () => {
    const own = await t.gql<{ userOrders: { nodes: { id: number }[] } }>(USER_ORDERS, { userId: shopperForReads.id }, shopperForReads.token);
    expect(own.data!.userOrders.nodes.map((order) => order.id)).toEqual(mine.map((order) => order.id).reverse());
    const asAdmin = await t.gql<{ userOrders: { nodes: { id: number }[] } }>(USER_ORDERS, { userId: shopperForReads.id }, admin.token);
    expect(asAdmin.data!.userOrders).toEqual(own.data!.userOrders);
    expect(failure(await t.gql(USER_ORDERS, { userId: shopperForReads.id }, otherShopper.token)).code).toBe("FORBIDDEN");
    expect(failure(await t.gql(USER_ORDERS, { userId: 2_000_000_000 }, admin.token))).toMatchObject({ code: "NOT_FOUND", message: "User not found." });
    expect((await refusal(t.shop.orders.listForUser(admin.viewer, "abc"))).code).toBe("NOT_FOUND");
  });

  it("a user's orders field: the user themself or an admin, loaded for a whole list of users in one query", async () => {
    const me = await t.gql<{ me: { orders: { nodes: { id: number }[] } } }>(`{ me { orders { nodes { id } } } }`, {}, shopperForReads.token);
    expect(me.errors).toBeUndefined();
    expect(me.data!.me.orders.nodes.map((order) => order.id)).toEqual(mine.map((order) => order.id).reverse());

    type UsersWithOrders = { users: { nodes: { id: number; orders: { nodes: { id: number }[]; totalCount: number } }[] } };
    const batches = vi.spyOn(t.shop.orders, "pagesForUsers");
    try {
      const users = await t.gql<UsersWithOrders>(`{ users(first: 100) { nodes { id orders { nodes { id } totalCount } } } }`, {}, admin.token);
      expect(users.errors).toBeUndefined();
      const byUser = new Map(users.data!.users.nodes.map((user) => [user.id, user.orders]));
      expect(byUser.get(shopperForReads.id)!.nodes.map((order) => order.id)).toEqual(mine.map((order) => order.id).reverse());
      expect(byUser.get(shopperForReads.id)!.totalCount).toBe(mine.length);
      expect(byUser.get(otherShopper.id)!.nodes.map((order) => order.id)).toContain(theirs.id);
      expect(users.data!.users.nodes.length).toBeGreaterThan(3);
      expect(batches).toHaveBeenCalledTimes(1);
    } finally {
      batches.mockRestore();
    }
    expect((await refusal(t.shop.orders.pagesForUsers(shopperForReads.viewer, [shopperForReads.id, otherShopper.id]))).code).toBe("FORBIDDEN");
  });

  it("a user's orders for a batch of users: one the viewer may not see fails alone, the others load", async () => {
    const loader = new RequestLoaders(t.shop, shopperForReads.viewer).userOrders({ first: null, after: null });
    const [own, others] = await Promise.allSettled([loader.load(shopperForReads.id), loader.load(otherShopper.id)]);
    expect(own.status === "fulfilled" && own.value.edges.map((edge) => edge.node.id)).toEqual(mine.map((order) => order.id).reverse());
    expect(others).toMatchObject({ status: "rejected", reason: { code: "FORBIDDEN" } });
  });

  it("order lists cost a constant number of queries whatever their length", async () => {
    const few = countingOrders();
    await few.orders.listMine(otherShopper.viewer);
    const many = countingOrders();
    const all = await many.orders.listAll(admin.viewer);
    expect(all.length).toBeGreaterThan(4);
    expect(all.every((order) => order.lines.length > 0)).toBe(true);
    expect(few.counted.operations).toBe(1);
    expect(many.counted.operations).toBe(1);
  });
});

describe("order status (Manage Status, /order-status-update/{id})", () => {
  it("an admin may set pending, in-transit and delivered in any order: 'Order status updated successfully.'", async () => {
    const product = await makeProduct();
    const region = await makeRegion();
    const order = await placeFor(shopper, [{ productId: product.id, quantity: 1 }], region.id);
    expect(order.status).toBe("pending");
    for (const status of ["DELIVERED", "PENDING", "IN_TRANSIT", "DELIVERED", "IN_TRANSIT"]) {
      const result = await t.gql<{ updateOrderStatus: { message: string; order: { id: number; status: string } } }>(
        UPDATE_STATUS,
        { id: order.id, status },
        admin.token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.updateOrderStatus).toEqual({ message: "Order status updated successfully.", order: { id: order.id, status } });
    }
    // The domain speaks the spec's words: in-transit, as stored in the database.
    expect((await t.shop.orders.byNumber(shopper.viewer, order.orderNumber)).status).toBe("in-transit");
    const [{ status: stored }] = await t.shop.prisma.$queryRaw<{ status: string }[]>`SELECT status::text FROM orders WHERE id = ${order.id}`;
    expect(stored).toBe("in-transit");
    expect((await t.shop.orders.updateStatus(admin.viewer, order.id, "pending")).status).toBe("pending");
  });

  it("a status other than pending, in-transit or delivered: 'The selected status is invalid.'", async () => {
    const product = await makeProduct();
    const region = await makeRegion();
    const order = await placeFor(shopper, [{ productId: product.id, quantity: 1 }], region.id);
    for (const status of ["shipped", "in_transit", "IN_TRANSIT", "Pending", 1, true, ["pending"]]) {
      expect((await refusal(t.shop.orders.updateStatus(admin.viewer, order.id, status as never))).fields).toEqual({
        status: ["The selected status is invalid."],
      });
    }
    expect((await refusal(t.shop.orders.updateStatus(admin.viewer, order.id, undefined as never))).fields).toEqual({
      status: ["The status field is required."],
    });
    expect((await t.shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
  });

  it("an unknown order id: 'Order not found.'", async () => {
    const result = await t.gql(UPDATE_STATUS, { id: 2_000_000_000, status: "DELIVERED" }, admin.token);
    expect(failure(result)).toMatchObject({ code: "NOT_FOUND", message: "Order not found." });
    expect((await refusal(t.shop.orders.updateStatus(admin.viewer, "abc", "delivered"))).code).toBe("NOT_FOUND");
  });
});

describe("who may do what", () => {
  it("guests, users and admins: every order operation", async () => {
    const product = await makeProduct({ quantity: 100 });
    const region = await makeRegion();
    const order = await placeFor(shopper, [{ productId: product.id, quantity: 1 }], region.id);
    const line = [{ productId: product.id, quantity: 1 }];
    const operations: { name: string; query: string; variables: () => Record<string, unknown>; guest: string; user: string; admin: string }[] = [
      { name: "checkCart", query: CHECK_CART, variables: () => ({ lines: line }), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
      {
        name: "placeOrder",
        query: PLACE_ORDER,
        variables: () => ({ input: { lines: line, regionId: region.id, reference: newReference() } }),
        guest: "UNAUTHENTICATED",
        user: "ok",
        admin: "ok",
      },
      { name: "myOrders", query: MY_ORDERS, variables: () => ({}), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
      { name: "order (own)", query: ORDER, variables: () => ({ orderNumber: order.orderNumber }), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
      { name: "orders", query: ORDERS, variables: () => ({}), guest: "UNAUTHENTICATED", user: "FORBIDDEN", admin: "ok" },
      { name: "userOrders (own)", query: USER_ORDERS, variables: () => ({ userId: shopper.id }), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
      {
        name: "userOrders (someone else's)",
        query: USER_ORDERS,
        variables: () => ({ userId: otherShopper.id }),
        guest: "UNAUTHENTICATED",
        user: "FORBIDDEN",
        admin: "ok",
      },
      {
        name: "updateOrderStatus",
        query: UPDATE_STATUS,
        variables: () => ({ id: order.id, status: "DELIVERED" }),
        guest: "UNAUTHENTICATED",
        user: "FORBIDDEN",
        admin: "ok",
      },
    ];
    for (const operation of operations) {
      for (const [who, token] of [
        ["guest", undefined],
        ["user", shopper.token],
        ["admin", admin.token],
      ] as const) {
        const result = await t.gql(operation.query, operation.variables(), token);
        const outcome = result.errors ? failure(result).code : "ok";
        expect(`${operation.name} as ${who}: ${outcome}`).toBe(`${operation.name} as ${who}: ${operation[who]}`);
      }
    }
  });
});
