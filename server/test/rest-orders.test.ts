// REST shim: the cart check, orders and the dashboard, every answer checked against
// the published OpenAPI document by rest-support.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeProduct, openRestApi, reference, type RestApi } from "./rest-support.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: RestApi;
let admin: Awaited<ReturnType<TestShop["signUp"]>>;
let user: Awaited<ReturnType<TestShop["signUp"]>>;
let categoryId: number;
let regionId: number;

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  admin = await t.signUp({ role: "admin" });
  user = await t.signUp();
  categoryId = (await makeCategory(t, "Garden Tools")).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Lakeside", feeCents: 450 } })).id;
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

/** A cart item as the old client keeps it: every product field plus cartQuantity, with prices it made up. */
const cartItem = (product: { id: number; name: string }, cartQuantity: number) => ({
  id: product.id,
  name: product.name,
  price: 0.01,
  discount_price: null,
  quantity: 999,
  cartQuantity,
});

let counter = 0;
const nextReference = () => reference(`REF${Date.now().toString(36)}${(counter += 1)}`);

describe("POST /check-cart", () => {
  it("answers 2xx with the totals at today's database prices, whatever prices the client sent", async () => {
    const trowel = await makeProduct(t, { name: "Trowel", categoryId, priceCents: 1299, discountPriceCents: 999, quantity: 5 });
    const gloves = await makeProduct(t, { name: "Gloves", categoryId, priceCents: 550, quantity: 5 });
    const answer = await api.post("/check-cart", { token: user.token, json: { cart: [cartItem(trowel, 2), cartItem(gloves, 1)] } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Your cart is ready for checkout.", total_quantity: 3, subtotal_price: 25.48 });
  });

  it("a line that cannot be had answers 422 whose message names the product", async () => {
    const shears = await makeProduct(t, { name: "Pruning Shears", categoryId, quantity: 3 });
    const answer = await api.post("/check-cart", { token: user.token, json: { cart: [cartItem(shears, 4)] } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("Only 3 of Pruning Shears left in stock.");
    expect(answer.body.cart).toEqual(["Only 3 of Pruning Shears left in stock."]);
    const sold = await makeProduct(t, { name: "Sold Rake", categoryId, quantity: 0 });
    const out = await api.post("/check-cart", { token: user.token, json: { cart: [cartItem(sold, 1)] } });
    expect(out.body.message).toBe("Sold Rake is out of stock.");
  });

  it("an empty or missing cart is 422 with a message; a guest is 401", async () => {
    const empty = await api.post("/check-cart", { token: user.token, json: { cart: [] } });
    expect(empty).toMatchObject({ status: 422, body: { message: "Your cart is empty.", cart: ["Your cart is empty."] } });
    expect((await api.post("/check-cart", { token: user.token, json: {} })).status).toBe(422);
    expect((await api.post("/check-cart", { json: { cart: [] } })).status).toBe(401);
  });
});

describe("POST /order-store", () => {
  it("places the order for the token's user, recomputing every price and total on the server", async () => {
    const hose = await makeProduct(t, { name: "Garden Hose", categoryId, priceCents: 2500, discountPriceCents: 2000, quantity: 4 });
    const ref = nextReference();
    const answer = await api.post("/order-store", {
      token: user.token,
      json: { cart: [cartItem(hose, 2)], subtotal_price: 0.02, delivery_fee: 0, region: regionId, user_id: user.id, reference: ref },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Payment successful and order has been created");
    const order = answer.body.order;
    expect(order).toMatchObject({
      reference: ref,
      status: "pending",
      subtotal_price: 40,
      delivery_fee: 4.5,
      total_price: 44.5,
      region: "Lakeside",
      user_email: user.email,
      user_phone_number: "+1 555 0100",
      user_address: "1 Garden Lane, Springfield",
    });
    expect(order.cart).toEqual([
      {
        id: hose.id,
        slug: hose.slug,
        name: "Garden Hose",
        description: "About Garden Hose.",
        category: "Garden Tools",
        price: 25,
        discount_price: 20,
        unit_price: 20,
        image_one: "/uploads/example.png",
        image_two: null,
        cartQuantity: 2,
      },
    ]);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: hose.id } })).quantity).toBe(2);
  });

  it("a repeated reference is the same order: no second order, no stock taken twice", async () => {
    const seeds = await makeProduct(t, { name: "Seed Tray", categoryId, quantity: 10 });
    const json = { cart: [cartItem(seeds, 3)], region: regionId, reference: nextReference() };
    const first = await api.post("/order-store", { token: user.token, json });
    const second = await api.post("/order-store", { token: user.token, json });
    expect(second.status).toBe(201);
    expect(second.body.order.order_number).toBe(first.body.order.order_number);
    expect(await t.shop.prisma.order.count({ where: { reference: json.reference } })).toBe(1);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: seeds.id } })).quantity).toBe(7);
  });

  it("an Idempotency-Key header stands for the reference: the same key again is the same order; a key naming another order than the reference is 422", async () => {
    const trays = await makeProduct(t, { name: "Idempotent Tray", categoryId, quantity: 10 });
    const key = crypto.randomUUID();
    const json = { cart: [cartItem(trays, 1)], region: regionId };
    const first = await api.post("/order-store", { token: user.token, json, headers: { "idempotency-key": key } });
    const second = await api.post("/order-store", { token: user.token, json, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.order.order_number).toBe(first.body.order.order_number);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: trays.id } })).quantity).toBe(9);
    // A different cart under the same key is another order: refused, not answered with the first one.
    const changed = await api.post("/order-store", { token: user.token, json: { ...json, cart: [cartItem(trays, 2)] }, headers: { "idempotency-key": key } });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(/already used for a different cart/);
    const both = await api.post("/order-store", { token: user.token, json: { ...json, reference: nextReference() }, headers: { "idempotency-key": key } });
    expect(both.status).toBe(422);
    expect(both.body.reference).toEqual(["The Idempotency-Key and the reference name different orders: send one of them, or the same value in both."]);
  });

  it("the region may come as the region object the old client holds", async () => {
    const pot = await makeProduct(t, { name: "Clay Pot", categoryId, quantity: 10 });
    const answer = await api.post("/order-store", {
      token: user.token,
      json: { cart: [cartItem(pot, 1)], region: { id: regionId, name: "Lakeside", fee: 0 }, reference: nextReference() },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.order.delivery_fee).toBe(4.5);
  });

  it("the region may come as its name (as orders show it, any case), its id (number or text) or the whole region object", async () => {
    const pot = await makeProduct(t, { name: "Region Pot", categoryId, quantity: 10 });
    for (const region of ["Lakeside", "LAKESIDE", regionId, String(regionId), { id: regionId, name: "Lakeside", fee: 4.5 }]) {
      const answer = await api.post("/order-store", { token: user.token, json: { cart: [cartItem(pot, 1)], region, reference: nextReference() } });
      expect(answer.status, JSON.stringify(region)).toBe(201);
      expect(answer.body.order).toMatchObject({ region: "Lakeside", delivery_fee: 4.5 });
    }
    const orders = await t.shop.prisma.order.count();
    for (const region of ["Atlantis", { name: "Atlantis" }, { id: 999_999 }]) {
      const answer = await api.post("/order-store", { token: user.token, json: { cart: [cartItem(pot, 1)], region, reference: nextReference() } });
      expect(answer.status, JSON.stringify(region)).toBe(422);
      expect(answer.body.region).toEqual(["The selected region is invalid."]);
    }
    expect(await t.shop.prisma.order.count()).toBe(orders);
  });

  it("a user_id that is not the caller's is 403, and nothing is written", async () => {
    const pot = await makeProduct(t, { name: "Other Pot", categoryId, quantity: 10 });
    const orders = await t.shop.prisma.order.count();
    for (const user_id of [admin.id, "someone", 0]) {
      const answer = await api.post("/order-store", { token: user.token, json: { cart: [cartItem(pot, 1)], region: regionId, user_id, reference: nextReference() } });
      expect(answer.status, String(user_id)).toBe(403);
    }
    expect(await t.shop.prisma.order.count()).toBe(orders);
  });

  it("validation failures are 422 with a field map (and the message), and nothing is written", async () => {
    const spade = await makeProduct(t, { name: "Spade", categoryId, quantity: 1 });
    const orders = await t.shop.prisma.order.count();
    const bad = await api.post("/order-store", { token: user.token, json: { cart: [cartItem(spade, 2)], region: 999999, reference: "short" } });
    expect(bad.status).toBe(422);
    expect(bad.body.reference).toEqual(["The reference must be 16 characters from A-Z and 0-9."]);
    expect(typeof bad.body.message).toBe("string");
    const noRegion = await api.post("/order-store", { token: user.token, json: { cart: [cartItem(spade, 1)], reference: nextReference() } });
    expect(noRegion.body.region).toEqual(["Please select a delivery region"]);
    const stock = await api.post("/order-store", { token: user.token, json: { cart: [cartItem(spade, 2)], region: regionId, reference: nextReference() } });
    expect(stock.body).toMatchObject({ message: "Only 1 of Spade left in stock.", cart: ["Only 1 of Spade left in stock."] });
    const noContact = await t.signUp({ phone: null, address: null });
    const contact = await api.post("/order-store", { token: noContact.token, json: { cart: [cartItem(spade, 1)], region: regionId, reference: nextReference() } });
    expect(contact.body.contact).toEqual(["Please update your contact information."]);
    expect(await t.shop.prisma.order.count()).toBe(orders);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: spade.id } })).quantity).toBe(1);
  });

  it("another user's reference is 409; a guest is 401", async () => {
    const pot = await makeProduct(t, { name: "Third Pot", categoryId, quantity: 10 });
    const json = { cart: [cartItem(pot, 1)], region: regionId, reference: nextReference() };
    expect((await api.post("/order-store", { token: user.token, json })).status).toBe(201);
    const other = await t.signUp();
    const reused = await api.post("/order-store", { token: other.token, json });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe("This order reference has already been used.");
    expect((await api.post("/order-store", { json })).status).toBe(401);
  });
});

describe("reading orders", () => {
  let mine: { id: number; order_number: string };
  let owner: Awaited<ReturnType<TestShop["signUp"]>>;

  beforeAll(async () => {
    owner = await t.signUp();
    const pot = await makeProduct(t, { name: "Reading Pot", categoryId, quantity: 10 });
    mine = (await api.post("/order-store", { token: owner.token, json: { cart: [cartItem(pot, 1)], region: regionId, reference: nextReference() } })).body.order;
  });

  it("GET /order/{order_number} is an array whose first element is the order, for its owner and an admin", async () => {
    const answer = await api.get(`/order/${mine.order_number}`, { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].id).toBe(mine.id);
    expect((await api.get(`/order/${mine.order_number}`, { token: admin.token })).body[0].id).toBe(mine.id);
  });

  it("another user's order answers exactly like an unknown number (404 'Order not found.'), a guest 401", async () => {
    const someoneElses = await api.get(`/order/${mine.order_number}`, { token: user.token });
    const missing = await api.get(`/order/ORD-000000-XXXXXX`, { token: owner.token });
    expect(missing).toMatchObject({ status: 404, body: { error: "Order not found.", message: "Order not found." } });
    expect({ status: someoneElses.status, body: someoneElses.body }).toEqual({ status: missing.status, body: missing.body });
    expect((await api.get(`/order/${mine.order_number}`)).status).toBe(401);
  });

  it("GET /user-order/{userId}: own orders, or anyone's for an admin; another user's is 403; unknown user 404", async () => {
    const own = await api.get(`/user-order/${owner.id}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.map((order: { id: number }) => order.id)).toEqual([mine.id]);
    expect((await api.get(`/user-order/${owner.id}`, { token: admin.token })).body).toHaveLength(1);
    expect((await api.get(`/user-order/${owner.id}`, { token: user.token })).status).toBe(403);
    expect((await api.get(`/user-order/999999`, { token: admin.token })).status).toBe(404);
    expect((await api.get(`/user-order/${owner.id}`)).status).toBe(401);
  });

  it("GET /orders: every order newest first for an admin, searchable; user 403; guest 401", async () => {
    const all = await api.get("/orders", { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body[0].id).toBe(Math.max(...all.body.map((order: { id: number }) => order.id)));
    const found = await api.get(`/orders?search=${mine.order_number.toLowerCase()}`, { token: admin.token });
    expect(found.body.map((order: { id: number }) => order.id)).toEqual([mine.id]);
    expect((await api.get("/orders", { token: user.token })).status).toBe(403);
    expect((await api.get("/orders")).status).toBe(401);
  });

  it("POST /order-status-update/{id}: admin sets any status; invalid 422; unknown 404; user 403", async () => {
    const answer = await api.post(`/order-status-update/${mine.id}`, { token: admin.token, json: { status: "in-transit" } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Order status updated successfully.");
    expect(answer.body.order.status).toBe("in-transit");
    expect((await api.post(`/order-status-update/${mine.id}`, { token: admin.token, json: { status: "pending" } })).body.order.status).toBe("pending");
    const invalid = await api.post(`/order-status-update/${mine.id}`, { token: admin.token, json: { status: "lost" } });
    expect(invalid).toMatchObject({ status: 422, body: { status: ["The selected status is invalid."] } });
    expect((await api.post(`/order-status-update/999999`, { token: admin.token, json: { status: "delivered" } })).status).toBe(404);
    expect((await api.post(`/order-status-update/${mine.id}`, { token: owner.token, json: { status: "delivered" } })).status).toBe(403);
    expect((await api.post(`/order-status-update/${mine.id}`, { json: { status: "delivered" } })).status).toBe(401);
  });
});

describe("dashboard", () => {
  it("GET /get-analytics answers the analytics summary of section 3 to an admin; user 403; guest 401", async () => {
    const answer = await api.get("/get-analytics", { token: admin.token });
    expect(answer.status).toBe(200);
    const orders = await t.shop.prisma.order.findMany({ select: { totalCents: true } });
    expect(answer.body.totalOrders).toBe(orders.length);
    expect(answer.body.totalRevenue).toBe(orders.reduce((sum, order) => sum + order.totalCents, 0) / 100);
    expect(answer.body.lastThreeMonths).toHaveLength(3);
    expect((await api.get("/get-analytics", { token: user.token })).status).toBe(403);
    expect((await api.get("/get-analytics")).status).toBe(401);
  });

  it("GET /get-top-products answers { topProducts } with id, slug, name, category, image_one, purchasedQuantity", async () => {
    const answer = await api.get("/get-top-products", { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.topProducts.length).toBeGreaterThan(0);
    expect(Object.keys(answer.body.topProducts[0]).sort()).toEqual(["category", "id", "image_one", "name", "purchasedQuantity", "slug"]);
    const quantities = answer.body.topProducts.map((product: { purchasedQuantity: number }) => product.purchasedQuantity);
    expect(quantities).toEqual([...quantities].sort((a: number, b: number) => b - a));
    expect((await api.get("/get-top-products?limit=1", { token: admin.token })).body.topProducts).toHaveLength(1);
    expect((await api.get("/get-top-products?limit=x", { token: admin.token })).status).toBe(422);
    expect((await api.get("/get-top-products", { token: user.token })).status).toBe(403);
    expect((await api.get("/get-top-products")).status).toBe(401);
  });
});
