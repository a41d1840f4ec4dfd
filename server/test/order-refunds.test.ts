// Refunds (orders/refunds.ts), on both databases: an amount or units of lines, never more than was paid even
// under parallel refunds, a line refunded in parts adds up to what was paid for it, a cancelled order's
// payment refunded whole, a provider that refuses leaves nothing refunded; each refund e-mails the shopper,
// reports order.refunded and lowers the dashboard's revenue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference, OrderService } from "../src/domain/orders/index.js";
import { simulatedPayments, type PaymentProvider } from "../src/domain/payments/index.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let admin: string;
let regionId: number;
let fern: { id: number };
let pen: { id: number };

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.signUp({ role: "admin" })).token;
  const ferns = await t.shop.prisma.category.create({ data: { name: "Ferns" } });
  const pens = await t.shop.prisma.category.create({ data: { name: "Plant labels" } });
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  const make = (slug: string, categoryId: number, priceCents: number) =>
    t.shop.prisma.product.create({ data: { slug, name: slug, description: "A thing.", categoryId, priceCents, quantity: 1_000, imageOne: `/uploads/${slug}.jpg` } });
  fern = await make("fern", ferns.id, 2_000);
  pen = await make("pen", pens.id, 333);
  // $1 off every order of labels: a line whose paid amount does not divide by its units.
  await t.shop.prisma.promotion.create({ data: { name: "Label dollar", kind: "amount_off", amountCents: 100, automatic: true, combinable: true, categoryIds: [pens.id] } });
  await t.shop.prisma.webhookEndpoint.create({ data: { url: "http://127.0.0.1:9/hook", events: ["order.refunded"], secret: "whsec_cmVmdW5k" } });
});

afterAll(async () => {
  await t?.close();
});

const ORDER_FIELDS = "id total refunded paymentStatus status lines { id quantity } refunds { amount reason state lines { lineId quantity amount } }";
type Refunded = { id: number; total: number; refunded: number; paymentStatus: string; status: string; lines: { id: number; quantity: number }[]; refunds: { amount: number; reason: string; state: string; lines: { lineId: number; quantity: number; amount: number }[] }[] };
async function place(lines: { productId: number; quantity: number }[]) {
  const shopper = await t.signUp();
  const placed = await t.gql<{ placeOrder: { order: Refunded } }>(`mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { ${ORDER_FIELDS} } } }`, { input: { lines, regionId, reference: newReference() } }, shopper.token);
  expect(placed.errors).toBeUndefined();
  return { shopper, order: placed.data!.placeOrder.order };
}
const REFUND = `mutation($id: Int!, $input: RefundInput!) { refundOrder(id: $id, input: $input) { message order { ${ORDER_FIELDS} } } }`;
const refund = (id: number, input: Record<string, unknown>) => t.gql<{ refundOrder: { message: string; order: Refunded } }>(REFUND, { id, input }, admin);

describe("refunds", () => {
  it("an amount: the order is partly refunded, the shopper e-mailed, webhooks told, the dashboard's revenue lowered", async () => {
    const before = (await t.gql<{ analytics: { totalRevenue: number } }>("{ analytics { totalRevenue } }", {}, admin)).data!.analytics.totalRevenue;
    const { shopper, order } = await place([{ productId: fern.id, quantity: 2 }]);
    expect(order).toMatchObject({ total: 45, refunded: 0, paymentStatus: "PAID", refunds: [] });
    const answer = await refund(order.id, { amount: 12.5, reason: "A frond arrived broken" });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.refundOrder.message).toBe("Refund issued successfully.");
    expect(answer.data!.refundOrder.order).toMatchObject({ refunded: 12.5, paymentStatus: "PARTIALLY_REFUNDED", refunds: [{ amount: 12.5, reason: "A frond arrived broken", state: "succeeded", lines: [] }] });
    const email = await t.shop.prisma.outboxMessage.findFirstOrThrow({ where: { channel: "email", type: "order-refund", userId: shopper.id } });
    expect(email.payload).toMatchObject({ amountCents: 1_250, reason: "A frond arrived broken" });
    const hook = await t.shop.prisma.outboxMessage.findFirstOrThrow({ where: { channel: "webhook", type: "order.refunded" }, orderBy: { createdAt: "desc" } });
    expect((hook.payload as { event: { data: { refund: { amountCents: number } } } }).event.data.refund.amountCents).toBe(1_250);
    const after = (await t.gql<{ analytics: { totalRevenue: number } }>("{ analytics { totalRevenue } }", {}, admin)).data!.analytics.totalRevenue;
    expect(after).toBeCloseTo(before + 45 - 12.5, 2);

    const rest = await refund(order.id, { amount: 32.5, reason: "Goodwill" });
    expect(rest.data!.refundOrder.order).toMatchObject({ refunded: 45, paymentStatus: "REFUNDED" });
    expect(failure(await refund(order.id, { amount: 0.01, reason: "Again" }))).toMatchObject({ code: "BAD_USER_INPUT", fields: { amount: ["This order has already been refunded in full."] } });
  });

  it("never more than was paid: one refund past it is refused, and 200 parallel refunds of $0.20 on a $25 order give back exactly $25", async () => {
    const { order } = await place([{ productId: fern.id, quantity: 1 }]);
    expect(order.total).toBe(25);
    expect(failure(await refund(order.id, { amount: 25.01, reason: "Too much" }))).toMatchObject({ code: "BAD_USER_INPUT", fields: { amount: ["At most $25.00 can still be refunded on this order."] } });
    const answers = await Promise.all(Array.from({ length: 200 }, () => refund(order.id, { amount: 0.2, reason: "Parallel" })));
    expect(answers.filter((answer) => !answer.errors).length).toBe(125);
    for (const refused of answers.filter((answer) => answer.errors)) expect(failure(refused)).toMatchObject({ code: "BAD_USER_INPUT" });
    const stored = await t.shop.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: true } });
    expect(stored.refundedCents).toBe(2_500);
    expect(stored.refunds.filter((row) => row.state === "succeeded")).toHaveLength(125);
    // 200 refunds queue on one order's lock, one after another: on PGlite (one connection) that took 24-30 s on a
    // loaded 2-core machine. The rule is the exact total, not the speed.
  }, 120_000);

  it("units of a line: each part in proportion, the last units take what is left, so the parts add up to what was paid", async () => {
    const { order } = await place([{ productId: pen.id, quantity: 3 }]);
    // 3 x $3.33 = $9.99 less the $1 promotion: $8.99 paid for the line, plus $5 delivery.
    expect(order.total).toBe(13.99);
    const lineId = order.lines[0].id;
    const first = await refund(order.id, { lines: [{ lineId, quantity: 1 }], reason: "One bent" });
    expect(first.data!.refundOrder.order.refunds[0].lines).toEqual([{ lineId, quantity: 1, amount: 3 }]);
    const rest = await refund(order.id, { lines: [{ lineId, quantity: 2 }], reason: "All bent" });
    expect(rest.data!.refundOrder.order.refunds[1]).toMatchObject({ amount: 5.99, lines: [{ lineId, quantity: 2, amount: 5.99 }] });
    expect(rest.data!.refundOrder.order.refunded).toBe(8.99);
    expect(failure(await refund(order.id, { lines: [{ lineId, quantity: 1 }], reason: "More" }))).toMatchObject({ fields: { lines: ["pen has already been refunded."] } });
    expect(failure(await refund(order.id, { lines: [{ lineId: 999_999, quantity: 1 }], reason: "Not ours" }))).toMatchObject({ fields: { lines: ["Line 999999 is not one of this order's."] } });
  });

  it("asks clearly: a reason, an amount or lines but not both, and only admins", async () => {
    const { shopper, order } = await place([{ productId: fern.id, quantity: 1 }]);
    expect(failure(await refund(order.id, { reason: "Nothing" }))).toMatchObject({ fields: { amount: ["Give either an amount or the lines to refund."] } });
    expect(failure(await refund(order.id, { amount: 1, lines: [{ lineId: order.lines[0].id, quantity: 1 }], reason: "Both" }))).toMatchObject({ fields: { amount: ["Give either an amount or the lines to refund."] } });
    expect(failure(await refund(order.id, { amount: 1, reason: "" }))).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(failure(await t.gql(REFUND, { id: order.id, input: { amount: 1, reason: "Mine" } }, shopper.token))).toMatchObject({ code: "FORBIDDEN" });
    expect(failure(await refund(999_999, { amount: 1, reason: "Gone" }))).toMatchObject({ code: "NOT_FOUND" });
    expect((await t.shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedCents).toBe(0);
  });

  it("a cancelled order's payment is refunded whole, once", async () => {
    const { shopper, order } = await place([{ productId: fern.id, quantity: 1 }]);
    const cancelled = await t.gql<{ cancelMyOrder: { order: Refunded } }>(`mutation($id: Int!) { cancelMyOrder(id: $id) { order { ${ORDER_FIELDS} } } }`, { id: order.id }, shopper.token);
    expect(cancelled.data!.cancelMyOrder.order).toMatchObject({ status: "CANCELLED", refunded: 25, paymentStatus: "REFUNDED", refunds: [{ amount: 25, reason: "Order cancelled", state: "succeeded" }] });
    await t.gql(`mutation($id: Int!) { cancelMyOrder(id: $id) { message } }`, { id: order.id }, shopper.token);
    expect(await t.shop.prisma.orderRefund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("a provider that refuses: nothing is refunded, the refund is kept as failed, and it can be asked again", async () => {
    const { order } = await place([{ productId: fern.id, quantity: 1 }]);
    const refusing: PaymentProvider = { ...simulatedPayments, name: "refusing", refund: async () => Promise.reject(new Error("Card account closed.")) };
    const orders = new OrderService(t.shop.prisma, t.db.events, undefined, t.db.readRows, refusing);
    const viewer = await t.shop.tokens.verify(admin);
    await expect(orders.refund(viewer, order.id, { amount: 500, reason: "Try" })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("Card account closed.") });
    const stored = await t.shop.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: true } });
    expect(stored.refundedCents).toBe(0);
    expect(stored.refunds.map((row) => [row.state, row.failure, row.provider])).toEqual([["failed", "Card account closed.", "refusing"]]);
    expect((await refund(order.id, { amount: 25, reason: "Again" })).data!.refundOrder.order).toMatchObject({ refunded: 25, paymentStatus: "REFUNDED" });
  });
});
