// A lost notification is noticed: two replicas on one PostgreSQL schema lose their LISTEN
// connections (the backends are terminated, as a failover or a network blip would), and a catalogue write and
// an order status change happen while nobody listens. Once the replicas listen again, no cached answer is
// stale and no live subscriber is left silently behind: its socket is closed with the retryable 4205, its
// client reconnects, reads again and hears what follows.
import crypto from "node:crypto";
import { createClient } from "graphql-ws";
import pg from "pg";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD } from "../seed/demo-shop.js";
import { eventChannel } from "../src/db/event-bus.js";
import { RESYNC_CODE } from "../src/http/live.js";
import { eventually, getPersisted } from "./catalogue-cache-support.js";
import { postGraphQL } from "./live-support.js";
import { cleanUpLater, startShopProcess, stopAll, tempDataDir } from "./processes.js";

const schema = `resync_${crypto.randomBytes(4).toString("hex")}`;
const channel = eventChannel(schema);
const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path="${schema}"` });
const PRODUCT = "query Product($slug: String!) { product(slug: $slug) { id price } }";
const SET_STATUS = `mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { order { status } } }`;

let replicas: string[];
const disposers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set("schema", schema);
  cleanUpLater({ schema });
  const env = { DATA_DIR: tempDataDir("shop-resync"), DATABASE_URL: url.toString(), JWT_SECRET: crypto.randomBytes(32).toString("hex"), LOG_LEVEL: "fatal" };
  // One after the other, as a rolling start would: the first migrates and seeds.
  replicas = [(await startShopProcess(env)).url];
  replicas.push((await startShopProcess(env)).url);
}, 200_000);

afterAll(async () => {
  for (const dispose of disposers) await dispose().catch(() => undefined);
  await stopAll();
  await pool.end();
});

const listenerPids = async (): Promise<number[]> =>
  (await pool.query(`SELECT pid FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${channel}"`])).rows.map((row) => row.pid);

async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await postGraphQL<{ login: { accessToken: string } }>(url, `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, { e: email, p: password });
  return answer.data!.login.accessToken;
}

/** A live connection that reconnects as the shop's client does, counting its connections and close codes. */
function liveClient(url: string, token: string) {
  const closes: number[] = [];
  let connections = 0;
  const client = createClient({
    url: `${url.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 10,
    shouldRetry: () => true,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 100)),
    on: {
      connected: () => void (connections += 1),
      closed: (event) => void closes.push((event as { code: number }).code),
    },
    onNonLazyError: () => undefined,
  });
  disposers.push(async () => client.dispose());
  return { client, closes, connections: () => connections };
}

describe("the LISTEN connection drops while the catalogue and an order change", () => {
  it("every replica serves fresh catalogue answers afterwards, and live subscribers are told to read again", async () => {
    const admin = await signIn(replicas[0], DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const shopper = await signIn(replicas[1], DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
    const { rows: orders } = await pool.query(`SELECT o.id, o.order_number FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1 ORDER BY o.id LIMIT 1`, [DEMO_SHOPPER_EMAIL]);
    const order = orders[0];
    const { rows: products } = await pool.query(`SELECT slug, price_cents FROM products ORDER BY id LIMIT 1`);
    const variables = { slug: products[0].slug };
    const priceOn = async (url: string) => (await (await getPersisted(url, PRODUCT, { variables })).json()).data.product.price as number;

    // Both replicas keep the product's answer (the query text once, then its hash alone, as Apollo Client asks).
    for (const url of replicas) {
      await getPersisted(url, PRODUCT, { variables, withQuery: true });
      expect((await getPersisted(url, PRODUCT, { variables })).headers.get("cache-control")).toMatch(/^public/);
    }
    const oldPrice = products[0].price_cents / 100;

    // The shopper follows the order on the second replica.
    const live = liveClient(replicas[1], shopper);
    const heard: string[] = [];
    live.client.subscribe(
      { query: `subscription($n: String) { orderStatusChanged(orderNumber: $n) { status } }`, variables: { n: order.order_number } },
      { next: (result) => void heard.push((result.data as any)?.orderStatusChanged?.status), error: () => undefined, complete: () => undefined },
    );
    await eventually(async () => live.connections() === 1);
    // The subscription is live once a change through the other replica reaches it.
    await eventually(async () => {
      await postGraphQL(replicas[0], SET_STATUS, { id: order.id, status: "IN_TRANSIT" }, admin);
      return heard.includes("in-transit") || heard.includes("IN_TRANSIT");
    });

    // Every LISTEN backend of this schema is terminated; while none listens, the price and the order change.
    expect(await listenerPids()).toHaveLength(2);
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${channel}"`]);
    await eventually(async () => (await listenerPids()).length === 0, 2000);
    await pool.query(`UPDATE products SET price_cents = price_cents + 100 WHERE slug = $1`, [variables.slug]);
    const changed = await postGraphQL(replicas[0], SET_STATUS, { id: order.id, status: "DELIVERED" }, admin);
    expect(changed.errors).toBeUndefined();

    // The replicas listen again by themselves...
    await eventually(async () => (await listenerPids()).length === 2, 10_000);
    // ...and no replica answers with the price from before the gap.
    for (const url of replicas) await eventually(async () => (await priceOn(url)) === oldPrice + 1, 10_000);

    // The subscriber was told (4205, retryable), came back, and reading the order now shows the change it missed.
    await eventually(async () => live.closes.includes(RESYNC_CODE) && live.connections() === 2, 10_000);
    const reread = await postGraphQL(replicas[1], `query($n: String!) { order(orderNumber: $n) { status } }`, { n: order.order_number }, shopper);
    expect(reread.data?.order.status).toBe("DELIVERED");
    // Its subscription goes on after the reconnection: the next change arrives live.
    heard.length = 0;
    await eventually(async () => {
      await postGraphQL(replicas[0], SET_STATUS, { id: order.id, status: "PENDING" }, admin);
      return heard.length > 0;
    });
  }, 120_000);
});
