// Webhooks across real shop processes on PostgreSQL (`npm start`'s entry, killed and restarted for real):
// an event committed before a kill -9 is still delivered after the restart (same webhook-id), and with two
// replicas each event is delivered once.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { call, privateSchemaUrl, startShopProcess, stopAll, tempDataDir, type ShopProcess } from "./processes.js";
import { startReceiver, verifies, type Receiver } from "./webhook-receiver.js";

const receivers: Receiver[] = [];
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  for (const pool of pools) await pool.end();
  await stopAll();
});

/** The environment of a shop process of these tests: quick to start, webhooks with a 1 s timeout (so a 7 s lease). */
const shopEnv = (url: string) => ({
  DATA_DIR: tempDataDir("shop-webhooks"),
  DATABASE_URL: url,
  SEED_DEMO: "false",
  WEBHOOK_TIMEOUT_SECONDS: "1",
  // Replicas share the signing secret, as in production.
  JWT_SECRET: "webhook-replicas-secret-0123456789abcdef",
});


/** A shopper with contact details, a product with plenty of stock and a region, in the shop's schema. */
async function prepareShop(shop: ShopProcess, url: string) {
  const schema = new URL(url).searchParams.get("schema")!;
  const base = new URL(url);
  base.searchParams.delete("schema");
  const pool = new pg.Pool({ connectionString: base.toString(), options: `-c search_path="${schema}",public`, max: 2 });
  pools.push(pool);
  const category = await pool.query("INSERT INTO categories (name) VALUES ('Hook Plants') RETURNING id");
  const product = await pool.query(
    "INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at) VALUES ('hook-palm', 'Hook Palm', 'Green.', $1, 1500, 100000, '/uploads/h.png', now()) RETURNING id",
    [category.rows[0].id],
  );
  const region = await pool.query("INSERT INTO regions (name, fee_cents) VALUES ('Hook Region', 300) RETURNING id");
  const admin = (await call(shop, 'mutation { login(email: "admin@verdant.shop", password: "admin-password-2026") { accessToken } }')).login.accessToken;
  await call(shop, 'mutation { register(input: { name: "Hook Shopper", email: "hook@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { message } }');
  const shopper = (await call(shop, 'mutation { login(email: "hook@example.com", password: "abc12345") { accessToken } }')).login.accessToken;
  await call(shop, 'mutation { updateContact(phone: "+1 555 0100", address: "1 Hook Lane") { message } }', {}, shopper);
  return { pool, admin, shopper, productId: product.rows[0].id as number, regionId: region.rows[0].id as number };
}

let orderCount = 0;
async function placeOrder(shop: ShopProcess, shopper: string, productId: number, regionId: number): Promise<string> {
  orderCount += 1;
  const reference = `HOOKPROC${String(orderCount).padStart(8, "0")}`;
  const data = await call(
    shop,
    "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber } } }",
    { input: { lines: [{ productId, quantity: 1 }], regionId, reference } },
    shopper,
  );
  return data.placeOrder.order.orderNumber;
}

describe("webhooks across processes", () => {
  it("kill -9 of the shop while it delivers: after the restart the event is delivered, with the same webhook-id", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const url = privateSchemaUrl("hooks22kill");
    let shop = await startShopProcess(shopEnv(url));
    const { admin, shopper, productId, regionId, pool } = await prepareShop(shop, url);
    const endpoint = (
      await call(shop, "mutation($url: String!) { createWebhookEndpoint(input: { url: $url, events: [ORDER_PLACED] }) { secret } }", { url: `${receiver.url}/erp` }, admin)
    ).createWebhookEndpoint;

    // The first attempt reaches the receiver, which kills the shop before answering: committed, not delivered.
    const first = shop;
    receiver.answer = (_request, index) => {
      if (index === 0) first.child.kill("SIGKILL");
      return { status: 200, delayMs: index === 0 ? 60_000 : 0 };
    };
    const orderNumber = await placeOrder(shop, shopper, productId, regionId);
    await receiver.waitFor(1);
    await first.exited;
    const pending = await pool.query("SELECT state::text AS state, attempts FROM outbox_messages WHERE channel = 'webhook'");
    expect(pending.rows).toEqual([{ state: "pending", attempts: 1 }]);

    shop = await startShopProcess(shopEnv(url));
    const requests = await receiver.waitFor(2, undefined, 30_000);
    expect(requests[1].headers["webhook-id"]).toBe(requests[0].headers["webhook-id"]);
    expect(requests[1].json).toMatchObject({ type: "order.placed", data: { order: { orderNumber } } });
    expect(verifies(endpoint.secret, requests[1])).toBe(true);
    let delivered: { state: string; attempts: number }[] = [];
    for (let tries = 0; tries < 100 && delivered[0]?.state !== "delivered"; tries += 1) {
      delivered = (await pool.query("SELECT state::text AS state, attempts FROM outbox_messages WHERE channel = 'webhook'")).rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(delivered).toEqual([{ state: "delivered", attempts: 2 }]);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 180_000);

  it("two replicas on one database deliver each of 40 events exactly once", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const url = privateSchemaUrl("hooks22twice");
    const one = await startShopProcess(shopEnv(url));
    const two = await startShopProcess(shopEnv(url));
    const { admin, shopper, productId, regionId } = await prepareShop(one, url);
    await call(one, "mutation($url: String!) { createWebhookEndpoint(input: { url: $url, events: [ORDER_PLACED] }) { secret } }", { url: `${receiver.url}/erp` }, admin);

    const orderNumbers = await Promise.all(Array.from({ length: 40 }, (_, index) => placeOrder(index % 2 ? two : one, shopper, productId, regionId)));
    await receiver.waitFor(40, undefined, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(new Set(receiver.received.map((request) => request.json.data.order.orderNumber))).toEqual(new Set(orderNumbers));
  }, 180_000);
});
