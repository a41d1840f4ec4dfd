// Web and jobs apart (SHOP_ROLE, docs/operations.md "Web and jobs apart"), with real processes of `npm start`'s
// entry on PostgreSQL: one SHOP_ROLE=web process takes the orders, one SHOP_ROLE=jobs process sends their
// webhooks and emails; the web process never sends any, and a kill -9 of the jobs process loses nothing.
//
// How "never by the web process" is seen: the web process refuses private webhook addresses
// (WEBHOOK_ALLOW_PRIVATE_URLS=false) and the receiver listens on 127.0.0.1, so an attempt of the web process
// would be recorded on the message as a failure (attempts + 1) and never reach the receiver; and each process
// has its own DATA_DIR, so an email sent by the web process would land in the web process's development mailbox.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { call, JOBS_READY, privateSchemaUrl, startShopProcess, stopAll, tempDataDir, type ShopProcess } from "./processes.js";
import { startReceiver, type Receiver } from "./webhook-receiver.js";

const receivers: Receiver[] = [];
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  for (const pool of pools) await pool.end();
  await stopAll();
});

const METRICS_TOKEN = "jobs-metrics-token-0123456789";
const common = (url: string) => ({ DATABASE_URL: url, SEED_DEMO: "false", JWT_SECRET: "jobs-split-secret-0123456789abcdef", METRICS_TOKEN, WEBHOOK_TIMEOUT_SECONDS: "1" });

interface OutboxRow {
  channel: string;
  type: string;
  state: string;
  attempts: number;
  last_error: string | null;
}

const outbox = async (pool: pg.Pool): Promise<OutboxRow[]> =>
  (await pool.query("SELECT channel, type, state::text AS state, attempts, last_error FROM outbox_messages ORDER BY type, created_at")).rows;

/** Waits until every outbox message is delivered (or gives up after 30 s and answers what there is). */
async function allDelivered(pool: pg.Pool, waitMs = 30_000): Promise<OutboxRow[]> {
  let rows: OutboxRow[] = [];
  for (let tries = 0; tries < waitMs / 50; tries += 1) {
    rows = await outbox(pool);
    if (rows.length > 0 && rows.every((row) => row.state === "delivered")) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return rows;
}

/** The emails kept in a process's development mailbox (its DATA_DIR/dev-mail). */
const mailbox = (dataDir: string): { to: string; subject: string; text: string }[] => {
  const folder = path.join(dataDir, "dev-mail");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")));
};

/** One metric's value for one job kind from a /metrics text. */
async function jobMetric(shop: ShopProcess, name: string, kind: string): Promise<number> {
  const response = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const line = (await response.text()).split("\n").find((text) => text.startsWith(`${name}{kind="${kind}"}`));
  expect(line, `${name}{kind="${kind}"} on /metrics`).toBeDefined();
  return Number(line!.split(" ").at(-1));
}

describe("SHOP_ROLE: web and jobs processes apart", () => {
  it("an order's webhook and email are sent by the jobs process only; kill -9 of the jobs process loses nothing", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const url = privateSchemaUrl("jobsplit");
    const webDir = tempDataDir("shop-web");
    const jobsDir = tempDataDir("shop-jobs");
    const web = await startShopProcess({ ...common(url), DATA_DIR: webDir, SHOP_ROLE: "web", WEBHOOK_ALLOW_PRIVATE_URLS: "false" });
    expect(web.output()).toContain("SHOP_ROLE=web");

    const schema = new URL(url).searchParams.get("schema")!;
    const base = new URL(url);
    base.searchParams.delete("schema");
    const pool = new pg.Pool({ connectionString: base.toString(), options: `-c search_path="${schema}",public`, max: 2 });
    pools.push(pool);
    const category = await pool.query("INSERT INTO categories (name) VALUES ('Split Plants') RETURNING id");
    const productId = (
      await pool.query(
        "INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at) VALUES ('split-fern', 'Split Fern', 'Green.', $1, 1500, 1000, '/uploads/s.png', now()) RETURNING id",
        [category.rows[0].id],
      )
    ).rows[0].id as number;
    const regionId = (await pool.query("INSERT INTO regions (name, fee_cents) VALUES ('Split Region', 300) RETURNING id")).rows[0].id as number;
    await pool.query("INSERT INTO webhook_endpoints (url, events, secret, updated_at) VALUES ($1, '{order.placed}', 'whsec_a2lsbA==', now())", [`${receiver.url}/erp`]);
    await call(web, 'mutation { register(input: { name: "Split Shopper", email: "split@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { message } }');
    const shopper = (await call(web, 'mutation { login(email: "split@example.com", password: "abc12345") { accessToken } }')).login.accessToken;
    await call(web, 'mutation { updateContact(phone: "+1 555 0100", address: "1 Split Lane") { message } }', {}, shopper);
    let orders = 0;
    const placeOrder = async (): Promise<string> => {
      orders += 1;
      const data = await call(
        web,
        "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber } } }",
        { input: { lines: [{ productId, quantity: 1 }], regionId, reference: `SPLITJOB${String(orders).padStart(8, "0")}` } },
        shopper,
      );
      return data.placeOrder.order.orderNumber;
    };

    // Only the web process runs: the order's webhook and emails wait in the outbox, untouched, and the
    // web process's /metrics shows them queued.
    const first = await placeOrder();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await outbox(pool)).toEqual([
      { channel: "email", type: "order-confirmation", state: "pending", attempts: 0, last_error: null },
      { channel: "webhook", type: "order.placed", state: "pending", attempts: 0, last_error: null },
      { channel: "email", type: "welcome", state: "pending", attempts: 0, last_error: null },
    ]);
    expect(await jobMetric(web, "shop_jobs_pending", "webhook")).toBe(1);
    expect(await jobMetric(web, "shop_jobs_pending", "email")).toBe(2);
    expect(await jobMetric(web, "shop_jobs_oldest_due_age_seconds", "email")).toBeGreaterThan(0);

    // The jobs process sends them: each message once, at its first attempt.
    const jobsEnv = { ...common(url), DATA_DIR: jobsDir, SHOP_ROLE: "jobs", PUBLIC_URL: web.url };
    let jobs = await startShopProcess(jobsEnv, undefined, JOBS_READY);
    const [hook] = await receiver.waitFor(1, undefined, 30_000);
    expect(hook.json).toMatchObject({ type: "order.placed", data: { order: { orderNumber: first } } });
    expect((await allDelivered(pool)).map((row) => [row.type, row.state, row.attempts])).toEqual([
      ["order-confirmation", "delivered", 1],
      ["order.placed", "delivered", 1],
      ["welcome", "delivered", 1],
    ]);
    expect(mailbox(webDir)).toEqual([]);
    expect(mailbox(jobsDir).map((email) => email.to).sort()).toEqual(["split@example.com", "split@example.com"]);
    expect(mailbox(jobsDir).some((email) => email.text.includes(first))).toBe(true);
    expect(await jobMetric(jobs, "shop_jobs_pending", "webhook")).toBe(0);
    expect(await jobMetric(jobs, "shop_jobs_pending", "email")).toBe(0);
    // The jobs process answers its health, and no shop request.
    expect(await (await fetch(`${jobs.url}/healthz`)).json()).toEqual({ status: "ok", role: "jobs" });
    expect((await fetch(`${jobs.url}/graphql`, { method: "POST" })).status).toBe(404);

    // kill -9 of the jobs process while it sends the second order's webhook (the receiver holds the answer).
    const killed = jobs;
    receiver.answer = (_request, index) => {
      if (index === 1) killed.child.kill("SIGKILL");
      return { status: 200, delayMs: index === 1 ? 60_000 : 0 };
    };
    const second = await placeOrder();
    await receiver.waitFor(2, undefined, 30_000);
    await killed.exited;
    // A third order while no jobs process runs: the web process still takes it, and queues its messages.
    const third = await placeOrder();

    // The next jobs process sends everything left: the second webhook again (same webhook-id, once its
    // claim's lease ran out) and the third order's messages.
    jobs = await startShopProcess(jobsEnv, undefined, JOBS_READY);
    await receiver.waitFor(4, undefined, 30_000);
    // A message the killed process had claimed comes back when its lease ends: an e-mail's lease is two attempt
    // timeouts (30 s each) plus 5 s, so the second order's confirmation may take 65 s to be sent again.
    const delivered = await allDelivered(pool, 90_000);
    expect(delivered.every((row) => row.state === "delivered")).toBe(true);
    expect(delivered.filter((row) => row.type === "order.placed")).toHaveLength(3);
    expect(delivered.filter((row) => row.type === "order-confirmation")).toHaveLength(3);
    const hooks = receiver.received.map((request) => ({ id: request.headers["webhook-id"], order: request.json.data.order.orderNumber }));
    // The second order's webhook came twice, before the kill and again after, with the same webhook-id (the
    // third order's may come before or after the resend: its message was due at once, the second's once its lease ran out).
    const secondHooks = hooks.filter((request) => request.order === second);
    expect(secondHooks).toHaveLength(2);
    expect(secondHooks[1]).toEqual(secondHooks[0]);
    expect(new Set(hooks.map((request) => request.order))).toEqual(new Set([first, second, third]));
    for (const order of [first, second, third]) expect(mailbox(jobsDir).some((email) => email.text.includes(order))).toBe(true);
    expect(mailbox(webDir)).toEqual([]);

    jobs.child.kill("SIGTERM");
    expect(await jobs.exited).toBe(0);
    web.child.kill("SIGTERM");
    expect(await web.exited).toBe(0);
  }, 300_000);
});
