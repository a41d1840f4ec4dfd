// Cancelling an order (orders/status.ts), on both databases: the shop cancels one pending or in transit,
// its shopper one pending; the order's units go back to its variants' stock and its promotions' uses back,
// exactly once however many clicks arrive at once; the shopper is e-mailed, webhooks hear
// order.status_changed and order.cancelled, and the dashboard no longer counts it as a sale.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference, TOO_LATE_TO_CANCEL } from "../src/domain/orders/index.js";
import { openRestApi } from "./rest-support.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let admin: string;
let regionId: number;
let fern: { id: number };
let basil: { id: number };

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.signUp({ role: "admin" })).token;
  const category = await t.shop.prisma.category.create({ data: { name: "Ferns" } });
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  const make = (slug: string, priceCents: number) =>
    t.shop.prisma.product.create({ data: { slug, name: slug, description: "A plant.", categoryId: category.id, priceCents, quantity: 10, imageOne: `/uploads/${slug}.jpg` } });
  fern = await make("fern", 2_000);
  basil = await make("basil", 400);
  await t.shop.prisma.webhookEndpoint.create({ data: { url: "http://127.0.0.1:9/hook", events: ["order.status_changed", "order.cancelled"], secret: "whsec_Y2FuY2Vs" } });
});

afterAll(async () => {
  await t?.close();
});

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id orderNumber total } } }`;
async function place(token: string, lines: { productId: number; quantity: number }[], codes: string[] = []) {
  const placed = await t.gql<{ placeOrder: { order: { id: number; orderNumber: string; total: number } } }>(PLACE, { input: { lines, regionId, reference: newReference(), codes } }, token);
  expect(placed.errors).toBeUndefined();
  return placed.data!.placeOrder.order;
}
const stockOf = async (productId: number) => (await t.shop.prisma.productVariant.findFirstOrThrow({ where: { productId } })).quantity;
const CANCEL = `mutation($id: Int!) { cancelMyOrder(id: $id) { message order { status } } }`;
const SET_STATUS = `mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { order { status } } }`;

describe("cancelling an order", () => {
  it("the shopper cancels a pending order: its stock and the code's use come back, the shopper is e-mailed, webhooks hear it", async () => {
    const promotion = await t.shop.prisma.promotion.create({ data: { name: "Two off", kind: "amount_off", amountCents: 200, usageLimit: 1 } });
    await t.shop.prisma.promotionCode.create({ data: { promotionId: promotion.id, code: "TWOOFF" } });
    const shopper = await t.signUp();
    const order = await place(shopper.token, [{ productId: fern.id, quantity: 3 }, { productId: basil.id, quantity: 2 }], ["TWOOFF"]);
    expect(await stockOf(fern.id)).toBe(7);
    expect((await t.shop.prisma.promotion.findUniqueOrThrow({ where: { id: promotion.id } })).uses).toBe(1);

    const cancelled = await t.gql<{ cancelMyOrder: { message: string; order: { status: string } } }>(CANCEL, { id: order.id }, shopper.token);
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelMyOrder).toEqual({ message: "Your order has been cancelled.", order: { status: "CANCELLED" } });
    expect(await stockOf(fern.id)).toBe(10);
    expect(await stockOf(basil.id)).toBe(10);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: fern.id } })).quantity).toBe(10);
    expect((await t.shop.prisma.promotion.findUniqueOrThrow({ where: { id: promotion.id } })).uses).toBe(0);
    // The code, limited to one use, can be used again.
    await place(shopper.token, [{ productId: basil.id, quantity: 1 }], ["TWOOFF"]);

    const email = await t.shop.prisma.outboxMessage.findFirst({ where: { channel: "email", type: "order-status", userId: shopper.id }, orderBy: { createdAt: "desc" } });
    expect(email?.payload).toMatchObject({ orderNumber: order.orderNumber, status: "cancelled" });
    const hooks = await t.shop.prisma.outboxMessage.findMany({ where: { channel: "webhook" }, orderBy: { createdAt: "asc" } });
    const types = hooks.map((hook) => (hook.payload as { event: { type: string; data: { previousStatus: string } } }).event);
    expect(types.map((event) => [event.type, event.data.previousStatus])).toEqual([
      ["order.status_changed", "pending"],
      ["order.cancelled", "pending"],
    ]);
  });

  it("twenty cancel clicks at once give the stock back exactly once, and all answer the cancelled order", async () => {
    const shopper = await t.signUp();
    const before = await stockOf(fern.id);
    const order = await place(shopper.token, [{ productId: fern.id, quantity: 4 }]);
    expect(await stockOf(fern.id)).toBe(before - 4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.gql<{ cancelMyOrder: { order: { status: string } } }>(CANCEL, { id: order.id }, shopper.token)));
    for (const answer of answers) expect(answer.data?.cancelMyOrder.order.status).toBe("CANCELLED");
    expect(await stockOf(fern.id)).toBe(before);
    expect(await t.shop.prisma.outboxMessage.count({ where: { channel: "email", type: "order-status", userId: shopper.id } })).toBe(1);
  });

  it("a shopper cannot cancel an order on its way, nor anyone else's; a guest must sign in", async () => {
    const shopper = await t.signUp();
    const other = await t.signUp();
    const order = await place(shopper.token, [{ productId: basil.id, quantity: 1 }]);
    expect(failure(await t.gql(CANCEL, { id: order.id }, other.token))).toMatchObject({ code: "NOT_FOUND" });
    expect(failure(await t.gql(CANCEL, { id: order.id }))).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await t.gql(SET_STATUS, { id: order.id, status: "IN_TRANSIT" }, admin)).errors).toBeUndefined();
    const late = failure(await t.gql(CANCEL, { id: order.id }, shopper.token));
    expect(late).toMatchObject({ code: "BAD_USER_INPUT", message: TOO_LATE_TO_CANCEL });
    expect((await t.shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("in_transit");
  });

  it("the shop cancels an order in transit but not a delivered one, and a cancelled order stays cancelled", async () => {
    const shopper = await t.signUp();
    const before = await stockOf(basil.id);
    const shipped = await place(shopper.token, [{ productId: basil.id, quantity: 2 }]);
    await t.gql(SET_STATUS, { id: shipped.id, status: "IN_TRANSIT" }, admin);
    const cancelled = await t.gql<{ updateOrderStatus: { order: { status: string } } }>(SET_STATUS, { id: shipped.id, status: "CANCELLED" }, admin);
    expect(cancelled.data?.updateOrderStatus.order.status).toBe("CANCELLED");
    expect(await stockOf(basil.id)).toBe(before);
    expect(failure(await t.gql(SET_STATUS, { id: shipped.id, status: "PENDING" }, admin))).toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringContaining("An order that is cancelled cannot become pending.") });

    const delivered = await place(shopper.token, [{ productId: basil.id, quantity: 1 }]);
    await t.gql(SET_STATUS, { id: delivered.id, status: "DELIVERED" }, admin);
    expect(failure(await t.gql(SET_STATUS, { id: delivered.id, status: "CANCELLED" }, admin))).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(await stockOf(basil.id)).toBe(before - 1);
  });

  it("the REST shim: an admin cancels with status 'cancelled', the order reads 'cancelled', and it stays so (422 at status)", async () => {
    const api = await openRestApi(t);
    try {
      const shopper = await t.signUp();
      const before = await stockOf(fern.id);
      const order = await place(shopper.token, [{ productId: fern.id, quantity: 2 }]);
      const cancelled = await api.post(`/order-status-update/${order.id}`, { token: admin, json: { status: "cancelled" } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.order.status).toBe("cancelled");
      expect(await stockOf(fern.id)).toBe(before);
      const back = await api.post(`/order-status-update/${order.id}`, { token: admin, json: { status: "pending" } });
      expect(back).toMatchObject({ status: 422, body: { status: ["An order that is cancelled cannot become pending."] } });
    } finally {
      await api.close();
    }
  });

  it("the dashboard counts a cancelled order nowhere: not in orders, revenue or the products bought", async () => {
    const ANALYTICS = `{ analytics { totalOrders totalRevenue } topProducts(limit: 5) { id purchasedQuantity } }`;
    type Figures = { analytics: { totalOrders: number; totalRevenue: number }; topProducts: { id: number; purchasedQuantity: number }[] };
    const before = (await t.gql<Figures>(ANALYTICS, {}, admin)).data!;
    const shopper = await t.signUp();
    const order = await place(shopper.token, [{ productId: fern.id, quantity: 1 }]);
    const during = (await t.gql<Figures>(ANALYTICS, {}, admin)).data!;
    expect(during.analytics.totalOrders).toBe(before.analytics.totalOrders + 1);
    expect(during.analytics.totalRevenue).toBeCloseTo(before.analytics.totalRevenue + order.total, 2);
    await t.gql(CANCEL, { id: order.id }, shopper.token);
    const after = (await t.gql<Figures>(ANALYTICS, {}, admin)).data!;
    expect(after.analytics).toEqual(before.analytics);
    expect(after.topProducts).toEqual(before.topProducts);
  });
});
