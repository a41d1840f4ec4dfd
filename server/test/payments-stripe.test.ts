// Payments on Stripe's page (domain/orders/payments.ts, payments/stripe-payments.ts), through the official
// SDK against a local fake of Stripe's API (fake-stripe.ts), on both databases. An order placed while Stripe
// is configured awaits payment holding its stock; Stripe's signed events move it (paid: pending, placed for
// the shop; failed or expired: cancelled, stock back), each acted on once; a forged event changes nothing; a
// payment for another amount is not counted; the sweeper settles payments whose news never came and releases
// holds whose time ran out, once, whoever runs it; refunds go through Stripe and never pass what was paid.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newReference, PAYS_ONLINE } from "../src/domain/orders/index.js";
import { stripePayments } from "../src/payments/stripe-payments.js";
import { startFakeStripe, type FakeStripe } from "./fake-stripe.js";
import { openRestApi } from "./rest-support.js";
import { createTestShop, failure, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let fake: FakeStripe;
let server: { url: string; close(): Promise<void> };
let admin: string;
let regionId: number;
let categoryId: number;
const HOLD_MINUTES = 30;
const MINUTE = 60_000;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestShop({
    payments: {
      provider: stripePayments({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url }),
      settings: { holdMinutes: HOLD_MINUTES, reconcileAfterSeconds: 300, shopUrl: () => "http://shop.test" },
    },
  });
  server = await serveTestShop(t);
  fake.webhookUrl = `${server.url}/payments/stripe/webhook`;
  admin = (await t.signUp({ role: "admin" })).token;
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Ferns" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  await t.shop.prisma.webhookEndpoint.create({
    data: { url: "http://127.0.0.1:9/hook", events: ["order.placed", "order.paid", "order.status_changed", "order.cancelled"], secret: "whsec_cGF5bWVudHM=" },
  });
});

afterAll(async () => {
  await server?.close();
  await t?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.down = false;
});

let products = 0;
async function product(quantity = 10, priceCents = 2_000) {
  products += 1;
  const slug = `fern-${products}`;
  return t.shop.prisma.product.create({ data: { slug, name: `Fern ${products}`, description: "A plant.", categoryId, priceCents, quantity, imageOne: `/uploads/${slug}.jpg` } });
}
const stockOf = async (productId: number) => (await t.shop.prisma.productVariant.findFirstOrThrow({ where: { productId } })).quantity;

interface Placed {
  id: number;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  total: number;
  payment: { state: string; url: string | null; sessionId: string; paymentIntentId: string | null; expiresAt: string; problem: string | null } | null;
}
const ORDER = `id orderNumber status paymentStatus total payment { state url sessionId paymentIntentId expiresAt problem }`;

async function place(token: string, productId: number, quantity = 1) {
  const placed = await t.gql<{ placeOrder: { message: string; order: Placed } }>(`mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { message order { ${ORDER} } } }`, {
    input: { lines: [{ productId, quantity }], regionId, reference: newReference() },
  }, token);
  return placed;
}
async function placed(token: string, productId: number, quantity = 1): Promise<Placed> {
  const answer = await place(token, productId, quantity);
  expect(answer.errors).toBeUndefined();
  return answer.data!.placeOrder.order;
}
const orderRow = (id: number) => t.shop.prisma.order.findUniqueOrThrow({ where: { id }, include: { payment: true } });
/** The webhooks and e-mails an order owes, in name order (the outbox keeps no order among one change's messages). */
const outboxOf = async (orderNumber: string) =>
  (await t.shop.prisma.outboxMessage.findMany())
    .filter((message) => JSON.stringify(message.payload).includes(orderNumber))
    .map((message) => (message.channel === "webhook" ? (message.payload as { event: { type: string } }).event.type : `${message.channel}:${message.type}`))
    .sort();

describe("paying on Stripe's page", () => {
  it("an order awaits payment holding its stock and opens a Checkout Session for its exact total; paid, it becomes pending and is placed for the shop", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    const answer = await place(shopper.token, fern.id, 2);
    expect(answer.errors).toBeUndefined();
    const order = answer.data!.placeOrder.order;
    expect(answer.data!.placeOrder.message).toBe("Your order is placed: complete the payment to confirm it.");
    expect(order).toMatchObject({ status: "AWAITING_PAYMENT", paymentStatus: "AWAITING", total: 45, payment: { state: "open", paymentIntentId: null } });
    expect(order.payment!.url).toBe(`${fake.url}/pay/${order.payment!.sessionId}`);
    expect(await stockOf(fern.id)).toBe(8);

    const session = fake.sessions.get(order.payment!.sessionId)!;
    expect(session).toMatchObject({
      amount_total: 4_500,
      currency: "usd",
      metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
      success_url: `http://shop.test/user/order/${order.orderNumber}?payment=return`,
      cancel_url: `http://shop.test/user/order/${order.orderNumber}?payment=cancelled`,
    });
    const placedAt = (await orderRow(order.id)).createdAt.getTime();
    expect(session.expires_at).toBe(Math.floor((placedAt + HOLD_MINUTES * MINUTE) / 1000));
    // Not placed for the shop yet: no webhook, no confirmation e-mail, not a sale.
    expect(await outboxOf(order.orderNumber)).toEqual([]);

    expect(await fake.pay(session.id)).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: "pending", paymentState: "paid", payment: { state: "paid", paymentIntentId: session.payment_intent } });
    expect(await outboxOf(order.orderNumber)).toEqual(["email:order-confirmation", "order.paid", "order.placed"]);
    expect(await stockOf(fern.id)).toBe(8);
  });

  it("a duplicated or replayed event changes nothing: twenty copies at once and one later make one payment", async () => {
    const fern = await product();
    const order = await placed((await t.signUp()).token, fern.id);
    const session = fake.sessions.get(order.payment!.sessionId)!;
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: "pi_replayed" });
    const { id, body } = fake.eventFor("checkout.session.completed", session);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => fake.deliver(body)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await fake.deliver(body)).toBe(200);
    expect(await outboxOf(order.orderNumber)).toEqual(["email:order-confirmation", "order.paid", "order.placed"]);
    expect(await t.shop.prisma.paymentEvent.findMany({ where: { id }, select: { outcome: true } })).toEqual([{ outcome: "paid" }]);
    // Another event about the same payment (Stripe may send one twice under two ids) finds it paid.
    expect(await fake.deliver(fake.eventFor("checkout.session.completed", session).body)).toBe(200);
    expect(await outboxOf(order.orderNumber)).toHaveLength(3);
  });

  it("a forged or altered event is answered 400 and changes nothing", async () => {
    const fern = await product();
    const order = await placed((await t.signUp()).token, fern.id);
    const session = { ...fake.sessions.get(order.payment!.sessionId)!, status: "complete" as const, payment_status: "paid" as const, payment_intent: "pi_forged" };
    const { body } = fake.eventFor("checkout.session.completed", session);
    expect(await fake.deliver(body, "t=1,v1=0000")).toBe(400);
    const signedOther = fake.eventFor("checkout.session.expired", session).body;
    const { Stripe } = await import("stripe");
    const header = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload: signedOther, secret: fake.webhookSecret });
    expect(await fake.deliver(body, header)).toBe(400);
    const wrongSecret = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload: body, secret: "whsec_someone_else" });
    expect(await fake.deliver(body, wrongSecret)).toBe(400);
    const unsigned = await fetch(fake.webhookUrl!, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: "The event's signature does not match: nothing was changed." });
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", paymentState: "awaiting" });
    expect(await t.shop.prisma.paymentEvent.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("a payment of another amount is not counted: the order keeps waiting and the admin sees why", async () => {
    const fern = await product();
    const order = await placed((await t.signUp()).token, fern.id);
    expect(await fake.pay(order.payment!.sessionId, { amountTotal: 100 })).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "awaiting_payment", paymentState: "awaiting", payment: { state: "open" } });
    expect(row.payment!.problem).toContain("reports 100 usd paid; the order's total is 2500 usd");
    const seen = await t.gql<{ order: Placed }>(`query($n: String!) { order(orderNumber: $n) { ${ORDER} } }`, { n: order.orderNumber }, admin);
    expect(seen.data!.order.payment!.problem).toContain("the order's total is 2500");
  });

  it("a failed payment or a session that expires at Stripe cancels the order: its stock back, nothing to refund, the shopper told nothing was charged", async () => {
    const fern = await product(5);
    const shopper = await t.signUp();
    const failing = await placed(shopper.token, fern.id, 2);
    const expiring = await placed(shopper.token, fern.id, 3);
    expect(await stockOf(fern.id)).toBe(0);
    const failed = fake.sessions.get(failing.payment!.sessionId)!;
    Object.assign(failed, { status: "complete", payment_status: "unpaid" });
    expect(await fake.deliver(fake.eventFor("checkout.session.async_payment_failed", failed).body)).toBe(200);
    expect(await fake.expire(expiring.payment!.sessionId)).toBe(200);
    for (const order of [failing, expiring]) {
      expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentState: "unpaid", refundedCents: 0 });
      expect(await outboxOf(order.orderNumber)).toEqual(["email:order-status", "order.cancelled", "order.status_changed"]);
    }
    expect((await orderRow(failing.id)).payment!.state).toBe("failed");
    expect((await orderRow(expiring.id)).payment!.state).toBe("expired");
    expect(await stockOf(fern.id)).toBe(5);
    expect(await t.shop.prisma.orderRefund.count({ where: { orderId: { in: [failing.id, expiring.id] } } })).toBe(0);
  });

  it("the last unit held by one shopper cannot be bought by another; once the hold ends it can", async () => {
    const last = await product(1);
    const first = await placed((await t.signUp()).token, last.id);
    const second = await t.signUp();
    const refused = await place(second.token, last.id);
    expect(failure(refused)).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(refused.errors![0].message).toMatch(/only 0|out of stock|not available/i);
    expect(await fake.expire(first.payment!.sessionId)).toBe(200);
    expect((await placed(second.token, last.id)).status).toBe("AWAITING_PAYMENT");
  });
});

describe("the payment sweeper", () => {
  it("releases every order whose hold ran out, exactly once however many processes sweep at once, and stops its page at Stripe first", async () => {
    const fern = await product(40);
    const shopper = await t.signUp();
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await placed(shopper.token, fern.id, 2));
    expect(await stockOf(fern.id)).toBe(0);
    const later = new Date(Date.now() + (HOLD_MINUTES + 1) * MINUTE);
    // Every order still awaiting payment in this file's shop is released: these twenty and any left by the tests
    // above, but the one whose payment did not match (left for the admin: money was taken, of another amount).
    const awaiting = await t.shop.prisma.order.count({ where: { status: "awaiting_payment", NOT: { payment: { problem: { not: null } } } } });
    expect(awaiting).toBeGreaterThanOrEqual(20);
    const rounds = await Promise.all([t.shop.orders.sweepPayments(later), t.shop.orders.sweepPayments(later), t.shop.orders.sweepPayments(later)]);
    expect(rounds.reduce((sum, round) => sum + round.released, 0)).toBe(awaiting);
    expect(await stockOf(fern.id)).toBe(40);
    for (const order of orders) expect(fake.sessions.get(order.payment!.sessionId)!.status).toBe("expired");
    expect(await t.shop.prisma.order.count({ where: { id: { in: orders.map((order) => order.id) }, status: "cancelled", paymentState: "unpaid" } })).toBe(20);
    expect((await t.shop.orders.sweepPayments(later)).released).toBe(0);
    expect(await stockOf(fern.id)).toBe(40);
  });

  it("settles a payment taken while the shop never heard of it (its event lost), and one paid in the last second of its hold", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    const lost = await placed(shopper.token, fern.id);
    const lastSecond = await placed(shopper.token, fern.id);
    await fake.pay(lost.payment!.sessionId, { deliver: false });
    await fake.pay(lastSecond.payment!.sessionId, { deliver: false });
    // Not yet: the payment has waited less than PAYMENT_RECONCILE_SECONDS.
    expect((await t.shop.orders.sweepPayments(new Date())).paid).toBe(0);
    const counts = await t.shop.orders.sweepPayments(new Date(Date.now() + (HOLD_MINUTES + 1) * MINUTE));
    expect(counts.paid).toBe(2);
    for (const order of [lost, lastSecond]) expect(await orderRow(order.id)).toMatchObject({ status: "pending", paymentState: "paid" });
  });

  it("an order whose page was never recorded (the shop stopped between the order and Stripe's answer) gets the same page back, then settles", async () => {
    const fern = await product();
    const order = await placed((await t.signUp()).token, fern.id);
    const sessionId = order.payment!.sessionId;
    await t.shop.prisma.orderPayment.delete({ where: { orderId: order.id } });
    await fake.pay(sessionId, { deliver: false });
    const counts = await t.shop.orders.sweepPayments(new Date(Date.now() + 6 * MINUTE));
    expect(counts.paid).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", payment: { sessionId } });
    expect(fake.sessions.size).toBeGreaterThan(0);
  });
});

describe("cancelling and refunding with Stripe", () => {
  const CANCEL = `mutation($id: Int!) { cancelMyOrder(id: $id) { message order { status paymentStatus } } }`;

  it("twenty parallel cancel clicks on an order awaiting payment: its page stopped at Stripe, its stock back once, nothing refunded", async () => {
    const fern = await product(10);
    const shopper = await t.signUp();
    const order = await placed(shopper.token, fern.id, 4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.gql(CANCEL, { id: order.id }, shopper.token)));
    expect(answers.filter((answer) => answer.errors).map((answer) => answer.errors![0].message)).toEqual([]);
    expect(await stockOf(fern.id)).toBe(10);
    expect(fake.sessions.get(order.payment!.sessionId)!.status).toBe("expired");
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentState: "unpaid", refundedCents: 0 });
    expect(fake.refunds.filter((refund) => refund.payment_intent === order.payment!.paymentIntentId)).toEqual([]);
  });

  it("a payment that lands while the order is being cancelled is settled first, and the cancel refunds it in full through Stripe", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    const order = await placed(shopper.token, fern.id);
    await fake.pay(order.payment!.sessionId, { deliver: false });
    const cancelled = await t.gql<{ cancelMyOrder: { order: { status: string; paymentStatus: string } } }>(CANCEL, { id: order.id }, shopper.token);
    expect(cancelled.data!.cancelMyOrder.order).toEqual({ status: "CANCELLED", paymentStatus: "REFUNDED" });
    const paymentIntent = fake.sessions.get(order.payment!.sessionId)!.payment_intent;
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntent).map((refund) => refund.amount)).toEqual([2_500]);
  });

  it("a payment that arrives for an order already cancelled is refunded at once", async () => {
    const fern = await product();
    const order = await placed((await t.signUp()).token, fern.id);
    const session = fake.sessions.get(order.payment!.sessionId)!;
    await t.gql(`mutation($id: Int!) { updateOrderStatus(id: $id, status: CANCELLED) { message } }`, { id: order.id }, admin);
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: "pi_late" });
    fake.sessions.set(session.id, session);
    // The refund needs a paid session at the fake: it is now one.
    expect(await fake.deliver(fake.eventFor("checkout.session.completed", session).body)).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentState: "paid", refundedCents: 2_500 });
    expect(fake.refunds.filter((refund) => refund.payment_intent === "pi_late").map((refund) => refund.amount)).toEqual([2_500]);
  });

  it("refunds go through Stripe, in full and in part; never more than was paid; an unpaid order has nothing to refund", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    const order = await placed(shopper.token, fern.id, 2);
    await fake.pay(order.payment!.sessionId);
    const paymentIntent = fake.sessions.get(order.payment!.sessionId)!.payment_intent!;
    const REFUND = `mutation($id: Int!, $input: RefundInput!) { refundOrder(id: $id, input: $input) { order { refunded paymentStatus } } }`;
    const part = await t.gql<{ refundOrder: { order: { refunded: number; paymentStatus: string } } }>(REFUND, { id: order.id, input: { amount: 10, reason: "Bent leaf" } }, admin);
    expect(part.data!.refundOrder.order).toEqual({ refunded: 10, paymentStatus: "PARTIALLY_REFUNDED" });
    const over = await t.gql(REFUND, { id: order.id, input: { amount: 40, reason: "Too much" } }, admin);
    expect(over.errors![0].message).toBe("At most $35.00 can still be refunded on this order.");
    const rest = await t.gql<{ refundOrder: { order: { refunded: number; paymentStatus: string } } }>(REFUND, { id: order.id, input: { amount: 35, reason: "The rest" } }, admin);
    expect(rest.data!.refundOrder.order).toEqual({ refunded: 45, paymentStatus: "REFUNDED" });
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentIntent).map((refund) => refund.amount)).toEqual([1_000, 3_500]);

    const unpaid = await placed(shopper.token, fern.id);
    const refused = await t.gql(REFUND, { id: unpaid.id, input: { amount: 1, reason: "Nothing" } }, admin);
    expect(refused.errors![0].message).toBe("This order has not been paid: there is nothing to refund.");
  });
});

describe("the shopper's way back, and older clients", () => {
  it("payForOrder gives the open page to its owner only; confirmPayment asks Stripe on the shopper's return", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    const order = await placed(shopper.token, fern.id);
    const PAY = `mutation($id: Int!) { payForOrder(id: $id) { url state } }`;
    const CONFIRM = `mutation($id: Int!) { confirmPayment(id: $id) { message order { status paymentStatus } } }`;
    expect((await t.gql<{ payForOrder: { url: string } }>(PAY, { id: order.id }, shopper.token)).data!.payForOrder).toEqual({ url: order.payment!.url, state: "open" });
    expect(failure(await t.gql(PAY, { id: order.id }, (await t.signUp()).token))).toMatchObject({ code: "NOT_FOUND" });
    expect((await t.gql<{ confirmPayment: { message: string } }>(CONFIRM, { id: order.id }, shopper.token)).data!.confirmPayment.message).toBe(
      "We have not heard from the payment provider yet: this page updates as soon as we do.",
    );
    await fake.pay(order.payment!.sessionId, { deliver: false });
    expect((await t.gql(CONFIRM, { id: order.id }, shopper.token)).data!.confirmPayment).toEqual({
      message: "Payment received: your order is confirmed.",
      order: { status: "PENDING", paymentStatus: "PAID" },
    });
    const again = await t.gql(PAY, { id: order.id }, shopper.token);
    expect(again.errors![0].message).toBe("This order is already paid.");
  });

  it("Stripe down at checkout: the order is kept awaiting payment without a page, and payForOrder opens it once Stripe answers", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    fake.down = true;
    const order = await placed(shopper.token, fern.id);
    expect(order).toMatchObject({ status: "AWAITING_PAYMENT", payment: null });
    const PAY = `mutation($id: Int!) { payForOrder(id: $id) { url } }`;
    const unavailable = await t.gql(PAY, { id: order.id }, shopper.token);
    expect(failure(unavailable)).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "The payment page could not be opened just now. Please try again in a moment." });
    fake.down = false;
    const opened = await t.gql<{ payForOrder: { url: string } }>(PAY, { id: order.id }, shopper.token);
    expect(opened.data!.payForOrder.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
  }, 60_000);

  it("the REST shim's checkout answers 409 'This shop takes payment online: use the storefront.' and places nothing", async () => {
    const fern = await product();
    const shopper = await t.signUp();
    const rest = await openRestApi(t);
    const before = await t.shop.prisma.order.count();
    const answer = await rest.call("POST", "/order-store", { token: shopper.token, json: { cart: [{ id: fern.id, cartQuantity: 1 }], region: regionId, reference: newReference() } });
    await rest.close();
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: PAYS_ONLINE, message: PAYS_ONLINE });
    expect(await t.shop.prisma.order.count()).toBe(before);
  });

  it("Stripe not configured: the route is not there", async () => {
    const plain = await createTestShop();
    const plainServer = await serveTestShop(plain);
    try {
      const answer = await fetch(`${plainServer.url}/payments/stripe/webhook`, { method: "POST", body: "{}" });
      expect(answer.status).toBe(404);
    } finally {
      await plainServer.close();
      await plain.close();
    }
  });
});
