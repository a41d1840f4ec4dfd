// Stripe payments across a real kill -9 (`npm start`'s entry on PostgreSQL, a local fake of Stripe's API):
// shoppers pay on Stripe's page, the shop is killed while Stripe's events arrive, so some payments are taken
// at Stripe and never written by the shop; the restarted shop's payment sweeper asks Stripe about them and
// every paid order ends paid, once (one order.paid each), its stock taken once.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "./fake-stripe.js";
import { call, privateSchemaUrl, startShopProcess, stopAll, tempDataDir } from "./processes.js";

let fake: FakeStripe | undefined;
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await stopAll();
  await fake?.close();
});


const ORDERS = 20;

describe("payments across a kill -9", () => {
  it(`${ORDERS} orders paid at Stripe while the shop is killed: after the restart all ${ORDERS} are paid, each once`, async () => {
    fake = await startFakeStripe();
    const url = privateSchemaUrl("payskill");
    const env = {
      DATA_DIR: tempDataDir("shop-payments"),
      DATABASE_URL: url,
      SEED_DEMO: "false",
      JWT_SECRET: "payments-kill-secret-0123456789abcdef",
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      PAYMENT_SWEEP_SECONDS: "1",
      PAYMENT_RECONCILE_SECONDS: "2",
    };
    let shop = await startShopProcess(env);
    fake.webhookUrl = `${shop.url}/payments/stripe/webhook`;

    const schema = new URL(url).searchParams.get("schema")!;
    const base = new URL(url);
    base.searchParams.delete("schema");
    const pool = new pg.Pool({ connectionString: base.toString(), options: `-c search_path="${schema}",public`, max: 2 });
    pools.push(pool);
    const category = await pool.query("INSERT INTO categories (name) VALUES ('Paid Plants') RETURNING id");
    const product = await pool.query(
      "INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at) VALUES ('paid-palm', 'Paid Palm', 'Green.', $1, 1500, 100, '/uploads/p.png', now()) RETURNING id",
      [category.rows[0].id],
    );
    const regionId = (await pool.query("INSERT INTO regions (name, fee_cents) VALUES ('Paid Region', 300) RETURNING id")).rows[0].id;
    await pool.query("INSERT INTO webhook_endpoints (url, events, secret, updated_at) VALUES ('http://127.0.0.1:9/hook', '{order.paid}', 'whsec_a2lsbA==', now())");
    await call(shop, 'mutation { register(input: { name: "Paying Shopper", email: "pay@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { message } }');
    const shopper = (await call(shop, 'mutation { login(email: "pay@example.com", password: "abc12345") { accessToken } }')).login.accessToken;
    await call(shop, 'mutation { updateContact(phone: "+1 555 0100", address: "1 Pay Lane") { message } }', {}, shopper);

    const orders: { id: number; sessionId: string }[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const data = await call(
        shop,
        "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id status payment { sessionId } } } }",
        { input: { lines: [{ productId: product.rows[0].id, quantity: 2 }], regionId, reference: `PAYKILL${String(i).padStart(9, "0")}` } },
        shopper,
      );
      expect(data.placeOrder.order.status).toBe("AWAITING_PAYMENT");
      orders.push({ id: data.placeOrder.order.id, sessionId: data.placeOrder.order.payment.sessionId });
    }

    // Every shopper pays. The first five payments' events reach the shop; the others are posted while the
    // shop is killed (kill -9 as the first of them lands): taken at Stripe, not (or half) written by the shop.
    for (const order of orders.slice(0, 5)) expect(await fake.pay(order.sessionId)).toBe(200);
    const deliveries = orders.slice(5).map((order) => fake!.pay(order.sessionId).catch(() => null));
    await Promise.race(deliveries);
    shop.child.kill("SIGKILL");
    await shop.exited;
    const statuses = await Promise.all(deliveries);
    const heardBeforeTheKill = 5 + statuses.filter((status) => status === 200).length;
    const paidBefore = Number((await pool.query("SELECT count(*) FROM orders WHERE payment_state = 'paid'")).rows[0].count);
    expect(paidBefore).toBeGreaterThanOrEqual(5);

    shop = await startShopProcess(env);
    fake.webhookUrl = `${shop.url}/payments/stripe/webhook`;
    const deadline = Date.now() + 60_000;
    let paid = 0;
    while (Date.now() < deadline) {
      paid = Number((await pool.query("SELECT count(*) FROM orders WHERE status = 'pending' AND payment_state = 'paid'")).rows[0].count);
      if (paid === ORDERS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`payments after kill -9: ${paidBefore} of ${ORDERS} written before the kill (${heardBeforeTheKill} events answered 200), ${paid} of ${ORDERS} paid after the restart`);
    expect(paid).toBe(ORDERS);
    // Each paid once: one order.paid each, the stock taken once per order.
    const paidHooks = await pool.query("SELECT payload->'event'->'data'->'order'->>'id' AS id FROM outbox_messages WHERE channel = 'webhook'");
    expect(paidHooks.rows.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(orders.map((order) => order.id).sort((a, b) => a - b));
    expect((await pool.query("SELECT quantity FROM product_variants WHERE product_id = $1", [product.rows[0].id])).rows[0].quantity).toBe(100 - 2 * ORDERS);
  }, 180_000);
});
