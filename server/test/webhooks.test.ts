// Webhooks, end to end in one process: the admin registers an endpoint over GraphQL, a shopper's change
// writes the event in its own transaction, and the outbox runner delivers it to a real HTTP receiver on
// loopback, signed per Standard Webhooks (checked with the `standardwebhooks` package), retried with the
// same webhook-id, and the endpoint's delivery log tells what happened.
import "reflect-metadata";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OutboxRunner } from "../src/delivery/outbox-runner.js";
import { createWebhookDeliverer } from "../src/delivery/webhooks.js";
import { STRICT_WEBHOOK_SAFETY } from "../src/domain/shop.js";
import { webhookUrlProblem } from "../src/domain/integrations/webhook-addresses.js";
import { buildShopSchema } from "../src/graphql/schema.js";
import { createTestShop, failure, TEST_WEBHOOK_SAFETY, type TestShop } from "./support.js";
import { startReceiver, verifies, type Receiver } from "./webhook-receiver.js";
import { PNG } from "./fixtures/images.js";

let t: TestShop;
let admin: { id: number; token: string };
let shopper: { id: number; token: string };
let receiver: Receiver;
let runner: OutboxRunner | undefined;
let ids: { category: number; region: number; product: number };

const ORDER_FIELDS = `id orderNumber reference status totalItems subtotal deliveryFee total region userEmail userPhone userAddress createdAt updatedAt
  discountTotal deliveryDiscount taxTotal pricesIncludeTax taxLines { name rate net tax } promotions { name code amount itemsAmount deliveryAmount }
  refunded paymentStatus payment { provider state url expiresAt paidAt sessionId paymentIntentId problem } refunds { id amount reason state lines { lineId quantity amount } createdAt }
  lines { id productId variantId sku options { name value } slug name description category price discountPrice unitPrice quantity lineTotal discount tax taxRate imageOne imageTwo }`;

async function startRunner(options: { timeoutMs?: number; safety?: typeof TEST_WEBHOOK_SAFETY } = {}) {
  runner = new OutboxRunner({ prisma: t.db.prisma, events: t.db.events, pollMs: 60_000, backoff: () => 30 })
    .register(
      "webhook",
      createWebhookDeliverer({ prisma: t.db.prisma, schema: await buildShopSchema(), images: t.shop.images, safety: options.safety ?? TEST_WEBHOOK_SAFETY, timeoutMs: options.timeoutMs ?? 2_000 }),
    )
    .start();
  return runner;
}

/** Registers an endpoint as the back office does; answers its id and signing secret. */
async function register(path: string, events: string[], extra: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const answer = await t.gql<any>(
    "mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id events active } } }",
    { input: { url: `${receiver.url}${path}`, events, ...extra } },
    admin.token,
  );
  expect(answer.errors).toBeUndefined();
  return { id: answer.data.createWebhookEndpoint.endpoint.id, secret: answer.data.createWebhookEndpoint.secret };
}

let references = 0;
async function placeOrder(quantity = 1, productId = ids.product) {
  references += 1;
  const reference = `WEBHOOKTEST${String(references).padStart(5, "0")}`;
  return t.shop.orders.placeOrder(await t.shop.tokens.verify(shopper.token), { lines: [{ productId, quantity }], region: ids.region, reference });
}

async function deliveriesOf(endpointId: number) {
  const answer = await t.gql<any>(
    `query { webhookEndpoints { id deliveries { nodes { id eventId eventType state attempts responseStatus responseExcerpt lastError lastAttemptAt nextAttemptAt deliveredAt } } } }`,
    {},
    admin.token,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data.webhookEndpoints.find((endpoint: any) => endpoint.id === endpointId).deliveries.nodes;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  t = await createTestShop();
  admin = await t.signUp({ role: "admin" });
  shopper = await t.signUp();
  const category = await t.db.prisma.category.create({ data: { name: "Webhook Ferns" } });
  const region = await t.db.prisma.region.create({ data: { name: "Webhook Region", feeCents: 450 } });
  const product = await t.db.prisma.product.create({
    data: { slug: "webhook-fern", name: "Webhook Fern", description: "Green.", categoryId: category.id, priceCents: 1250, discountPriceCents: 999, quantity: 1000, imageOne: "/uploads/f.png" },
  });
  ids = { category: category.id, region: region.id, product: product.id };
});
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await receiver.close();
  await t.db.prisma.outboxMessage.deleteMany();
  await t.db.prisma.webhookEndpoint.deleteMany();
});
afterAll(async () => {
  await t.close();
});

describe("delivering an event", () => {
  it("a placed order produces exactly one order.placed delivery, signed, with the order as the GraphQL API shows it", async () => {
    const endpoint = await register("/orders", ["ORDER_PLACED"]);
    await startRunner();
    const order = await placeOrder(2);

    const [request] = await receiver.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
    expect(verifies(endpoint.secret, request)).toBe(true);
    expect(verifies("whsec_" + Buffer.from("another secret of 32 bytes......").toString("base64"), request)).toBe(false);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.json).toMatchObject({ type: "order.placed", id: request.headers["webhook-id"] });
    expect(request.json.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(Math.abs(Date.parse(request.json.timestamp) - Date.now())).toBeLessThan(10_000);

    const viaApi = await t.gql<any>(`query($n: String!) { order(orderNumber: $n) { ${ORDER_FIELDS} } }`, { n: order.orderNumber }, admin.token);
    expect(request.json.data.order).toEqual(viaApi.data.order);
    expect(request.json.data.order).toMatchObject({ status: "PENDING", total: 24.48, deliveryFee: 4.5, lines: [{ quantity: 2, unitPrice: 9.99, sku: "WEBHOOK-FERN", options: [] }] });

    const [delivery] = await until(() => deliveriesOf(endpoint.id), (list) => list[0]?.state === "DELIVERED");
    expect(delivery).toMatchObject({ eventId: request.json.id, eventType: "order.placed", state: "DELIVERED", attempts: 1, responseStatus: 200, nextAttemptAt: null });
  });

  it("a receiver that fails 3 times gets the event on the 4th try, with the same webhook-id and body each time", async () => {
    const endpoint = await register("/flaky", ["ORDER_PLACED"]);
    receiver.answer = (_request, index) => (index < 3 ? { status: 503, body: "down for maintenance" } : { status: 204 });
    await startRunner();
    await placeOrder();

    const requests = await receiver.waitFor(4);
    expect(new Set(requests.map((request) => request.headers["webhook-id"])).size).toBe(1);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    for (const request of requests) expect(verifies(endpoint.secret, request)).toBe(true);
    const [delivery] = await until(() => deliveriesOf(endpoint.id), (list) => list[0]?.state === "DELIVERED");
    expect(delivery).toMatchObject({ state: "DELIVERED", attempts: 4, responseStatus: 204 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(4);
  });

  it("while retrying, the log shows the attempts, the response code, the start of the answer and when the next try is due", async () => {
    const endpoint = await register("/broken", ["ORDER_PLACED"]);
    receiver.answer = () => ({ status: 500, body: "x".repeat(5000) });
    runner = new OutboxRunner({ prisma: t.db.prisma, events: t.db.events, pollMs: 60_000, backoff: () => 60_000 })
      .register("webhook", createWebhookDeliverer({ prisma: t.db.prisma, schema: await buildShopSchema(), safety: TEST_WEBHOOK_SAFETY }))
      .start();
    await placeOrder();
    const [delivery] = await until(() => deliveriesOf(endpoint.id), (list) => list[0]?.attempts === 1 && list[0]?.responseStatus !== null);
    expect(delivery).toMatchObject({ state: "PENDING", attempts: 1, responseStatus: 500, lastError: "The receiver answered 500." });
    expect(delivery.responseExcerpt).toHaveLength(1000);
    expect(Date.parse(delivery.nextAttemptAt) - Date.now()).toBeGreaterThan(30_000);
  });

  it("a 4xx answer other than 408/429 is final: no retries; 'Send again' sends the same event once more", async () => {
    const endpoint = await register("/gone", ["ORDER_PLACED"]);
    receiver.answer = (_request, index) => (index === 0 ? { status: 410 } : { status: 200 });
    await startRunner();
    await placeOrder();
    const [failed] = await until(() => deliveriesOf(endpoint.id), (list) => list[0]?.state === "FAILED");
    expect(failed).toMatchObject({ state: "FAILED", attempts: 1, responseStatus: 410 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.received).toHaveLength(1);

    const again = await t.gql<any>("mutation($id: String!) { resendWebhookDelivery(id: $id) { id state } }", { id: failed.id }, admin.token);
    expect(again.errors).toBeUndefined();
    const requests = await receiver.waitFor(2);
    expect(requests[1].headers["webhook-id"]).toBe(requests[0].headers["webhook-id"]);
    expect((await until(() => deliveriesOf(endpoint.id), (list) => list[0]?.state === "DELIVERED"))[0]).toMatchObject({ attempts: 1, responseStatus: 200 });
  });

  it("a receiver slower than the timeout does not stall other deliveries", async () => {
    await register("/slow", ["ORDER_PLACED"]);
    await register("/fast", ["ORDER_PLACED"]);
    // The slow receiver would answer after 20 s; the runner gives up on it after 1 s. If its requests held the
    // runner until they were answered, the fast receiver would wait 20 s for its events.
    receiver.answer = (request) => (request.path === "/slow" ? { status: 200, delayMs: 20_000 } : { status: 200 });
    await startRunner({ timeoutMs: 1_000 });
    for (let index = 0; index < 6; index += 1) await placeOrder();
    await receiver.waitFor(6, "/fast", 15_000);
    const slow = await until(
      async () => t.db.prisma.outboxMessage.findFirst({ where: { channel: "webhook", lastError: { not: null } } }),
      (message) => message !== null,
    );
    expect(slow?.lastError).toBe("No answer within 1 s.");
  });

  it("an endpoint hears only the events it asked for; a turned-off endpoint hears nothing", async () => {
    await register("/products", ["PRODUCT_CREATED"]);
    await register("/off", ["ORDER_PLACED"], { active: false });
    await startRunner();
    await placeOrder();
    const made = await t.shop.catalog.create(await t.shop.tokens.verify(admin.token), {
      name: "Only Products Fern",
      description: "Green.",
      priceCents: 500,
      quantity: 3,
      category: ids.category,
      imageOne: new Uint8Array(PNG),
    });
    const [request] = await receiver.waitFor(1, "/products");
    expect(request.json).toMatchObject({ type: "product.created", data: { product: { id: made.id, name: "Only Products Fern", price: 5, category: { name: "Webhook Ferns" } } } });
    // The picture as the API shows it (a rendition's URL), not the ref the row stores.
    const shown = await t.gql<any>("query($slug: String!) { product(slug: $slug) { imageOne imageTwo } }", { slug: made.slug });
    expect(request.json.data.product).toMatchObject(shown.data.product);
    expect(request.json.data.product.imageOne).not.toBe(made.imageOne);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.map((received) => received.path)).toEqual(["/products"]);
  });
});

describe("the events", () => {
  it("order.status_changed carries the order and its previous status; setting the same status again reports nothing", async () => {
    await register("/status", ["ORDER_STATUS_CHANGED"]);
    await startRunner();
    const order = await placeOrder();
    const adminViewer = await t.shop.tokens.verify(admin.token);
    await t.shop.orders.updateStatus(adminViewer, order.id, "in-transit");
    await t.shop.orders.updateStatus(adminViewer, order.id, "in-transit");
    const [request] = await receiver.waitFor(1);
    expect(request.json).toMatchObject({ type: "order.status_changed", data: { previousStatus: "PENDING", order: { orderNumber: order.orderNumber, status: "IN_TRANSIT" } } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
  });

  it("product.updated and product.deleted (with the product as it was); product.stock_low once, when stock falls to the threshold", async () => {
    await register("/catalogue", ["PRODUCT_UPDATED", "PRODUCT_DELETED", "PRODUCT_STOCK_LOW"], { stockLowThreshold: 3 });
    await startRunner();
    const adminViewer = await t.shop.tokens.verify(admin.token);
    const product = await t.db.prisma.product.create({
      data: { slug: "low-fern", name: "Low Fern", description: "Green.", categoryId: ids.category, priceCents: 800, quantity: 5, imageOne: "/uploads/l.png" },
    });
    await placeOrder(1, product.id); // 5 -> 4: above the threshold, nothing
    await placeOrder(1, product.id); // 4 -> 3: crosses it
    await placeOrder(1, product.id); // 3 -> 2: already low, nothing more
    const [low] = await receiver.waitFor(1);
    expect(low.json).toMatchObject({ type: "product.stock_low", data: { threshold: 3, product: { id: product.id, quantity: 3 } } });

    await t.shop.catalog.update(adminViewer, product.id, { name: "Low Fern", description: "Greener.", priceCents: 800, quantity: 20, category: ids.category });
    await t.shop.catalog.delete(adminViewer, product.id);
    const requests = await receiver.waitFor(3);
    const types = requests.map((request) => request.json.type);
    expect(types.sort()).toEqual(["product.deleted", "product.stock_low", "product.updated"]);
    const deleted = requests.find((request) => request.json.type === "product.deleted")!;
    expect(deleted.json.data.product).toMatchObject({ id: product.id, description: "Greener.", quantity: 20 });
    // product.* bodies carry the product's variants with their SKUs, as the API shows them.
    expect(deleted.json.data.product.variants).toEqual([
      { id: expect.any(Number), sku: "LOW-FERN", price: 8, discountPrice: null, unitPrice: 8, quantity: 20, options: [], enabled: true, isDefault: true, imageRef: null },
    ]);
    expect(low.json.data.product.variants).toMatchObject([{ sku: "LOW-FERN", quantity: 3 }]);
  });

  it("customer.registered when a shopper signs up (never the password hash)", async () => {
    await register("/customers", ["CUSTOMER_REGISTERED"]);
    await startRunner();
    const answer = await t.gql<any>(
      `mutation { register(input: { name: "Hook Shopper", email: "hook-shopper@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { user { id } } }`,
    );
    const [request] = await receiver.waitFor(1);
    expect(request.json).toMatchObject({ type: "customer.registered", data: { customer: { id: answer.data.register.user.id, email: "hook-shopper@example.com", role: "USER" } } });
    expect(request.body).not.toMatch(/argon2|passwordHash/);
  });

  it("'Send a test event' reaches the endpoint whatever events it asked for", async () => {
    const endpoint = await register("/test", ["CUSTOMER_REGISTERED"]);
    await startRunner();
    const sent = await t.gql<any>("mutation($id: Int!) { sendTestWebhook(endpointId: $id) { eventType state } }", { id: endpoint.id }, admin.token);
    expect(sent.data.sendTestWebhook).toEqual({ eventType: "webhook.test", state: "PENDING" });
    const [request] = await receiver.waitFor(1);
    expect(request.json).toMatchObject({ type: "webhook.test", data: { endpointId: endpoint.id } });
    expect(verifies(endpoint.secret, request)).toBe(true);
  });
});

describe("secrets and safety", () => {
  it("after a rotation each delivery carries two signatures: the new secret's and, for a day, the old one's", async () => {
    const endpoint = await register("/rotate", ["ORDER_PLACED"]);
    const rotated = await t.gql<any>("mutation($id: Int!) { rotateWebhookSecret(id: $id) { secret endpoint { secretStart } } }", { id: endpoint.id }, admin.token);
    const newSecret = rotated.data.rotateWebhookSecret.secret;
    expect(newSecret).not.toBe(endpoint.secret);
    expect(rotated.data.rotateWebhookSecret.endpoint.secretStart).toBe(`${newSecret.slice(0, 10)}…`);
    await startRunner();
    await placeOrder();
    const [request] = await receiver.waitFor(1);
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifies(newSecret, request)).toBe(true);
    expect(verifies(endpoint.secret, request)).toBe(true);
  });

  it("registration refuses http, loopback, private and link-local addresses unless the setting allows them", async () => {
    const strict = STRICT_WEBHOOK_SAFETY;
    expect(await webhookUrlProblem("http://erp.example.com/hook", strict)).toBe("The URL must start with https://.");
    for (const url of ["https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://169.254.169.254/latest", "https://[::1]/hook", "https://[::ffff:192.168.0.1]/x", "https://localhost/hook"]) {
      expect(await webhookUrlProblem(url, strict), url).toBe("The URL must not point to a private, loopback or link-local address.");
    }
    expect(await webhookUrlProblem("https://user:pw@93.184.215.14/hook", strict)).toMatch(/user name or password/);
    expect(await webhookUrlProblem("https://93.184.215.14/hook", strict)).toBeNull();
    expect(await webhookUrlProblem("http://127.0.0.1:9/hook", TEST_WEBHOOK_SAFETY)).toBeNull();

    const answer = await t.gql("mutation { createWebhookEndpoint(input: { url: \"ftp://example.com\", events: [] }) { secret } }", {}, admin.token);
    expect(failure(answer)).toMatchObject({ code: "BAD_USER_INPUT", fields: { url: ["The URL must start with https://."], events: ["Choose at least one event."] } });
  });

  it("delivery checks the address again: an endpoint that now points at loopback is refused, and nothing is sent", async () => {
    const endpoint = await register("/rebound", ["ORDER_PLACED"]);
    await startRunner({ safety: STRICT_WEBHOOK_SAFETY });
    await placeOrder();
    const [delivery] = await until(() => deliveriesOf(endpoint.id), (list) => list[0]?.lastError != null);
    expect(delivery).toMatchObject({ state: "PENDING", lastError: "The URL must not point to a private, loopback or link-local address.", responseStatus: null });
    expect(receiver.received).toHaveLength(0);
  });

  it("an endpoint failing for a day is turned off, and the back office says so", async () => {
    const endpoint = await register("/down", ["ORDER_PLACED"]);
    receiver.answer = () => ({ status: 502 });
    await t.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date(Date.now() - 25 * 3600_000) } });
    await startRunner();
    await placeOrder();
    const shown = await until(
      async () => (await t.gql<any>("{ webhookEndpoints { id active disabledAt disabledReason failingSince } }", {}, admin.token)).data.webhookEndpoints[0],
      (row) => row.active === false,
    );
    expect(shown).toMatchObject({ id: endpoint.id, active: false });
    expect(shown.disabledAt).not.toBeNull();
    expect(shown.disabledReason).toMatch(/failed for a day.*502/);
    // Turned off, it is sent nothing more, and new events are not written for it.
    const before = receiver.received.length;
    await placeOrder();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(before);

    // Turning it on again clears the failure.
    const on = await t.gql<any>(
      "mutation($id: Int!, $url: String!) { updateWebhookEndpoint(id: $id, input: { url: $url, events: [ORDER_PLACED], active: true }) { active disabledAt failingSince } }",
      { id: endpoint.id, url: `${receiver.url}/down` },
      admin.token,
    );
    expect(on.data.updateWebhookEndpoint).toEqual({ active: true, disabledAt: null, failingSince: null });
  });
});
