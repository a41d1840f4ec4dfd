// Live orders across replicas: two shop processes (`src/main.ts`, as `npm start` runs it) on one
// PostgreSQL schema. An event made through one reaches subscribers connected to the other within a
// second, through PostgreSQL's LISTEN/NOTIFY alone. PostgreSQL only: the embedded database serves one
// process (the vitest config runs *.pg.test.ts in the postgres project only).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD } from "../seed/demo-shop.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { SESSION_ENDED_CODE } from "../src/http/live.js";
import { connectLive, postGraphQL, type LiveConnection, type LiveSubscription } from "./live-support.js";
import { cleanUpLater, startShopProcess, stopAll } from "./processes.js";

const schema = `live_${crypto.randomBytes(4).toString("hex")}`;
const databaseUrl = (() => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set("schema", schema);
  return url.toString();
})();
const jwtSecret = crypto.randomBytes(32).toString("hex");
const connections: LiveConnection[] = [];
const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path="${schema}"` });

let replicaA: string;
let replicaB: string;

/** Starts one replica as `npm start` would, on the shared schema; resolves with its URL. */
async function startReplica(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-replica-"));
  cleanUpLater({ folder: dataDir });
  const replica = await startShopProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, SEED_DEMO: "true", LOG_LEVEL: "warn" });
  return replica.url;
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await postGraphQL<{ login: { accessToken: string } }>(
    url,
    `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`,
    { email, password },
  );
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.login.accessToken;
}

const SET_STATUS = `mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { order { status } } }`;
const STATUSES = ["IN_TRANSIT", "DELIVERED", "PENDING"] as const;

/**
 * Changes the order's status through `url` until `subscription` hears a change, and returns how long
 * that change took to arrive. The protocol does not say when a subscription has started on the other
 * process, so the first changes may come before it listens; each change is timed on its own.
 */
async function changeUntilHeard(url: string, adminToken: string, orderId: number, subscription: LiveSubscription) {
  const sentAt = new Map<string, number>();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const status = STATUSES[attempt % STATUSES.length];
    sentAt.set(status, Date.now());
    const answer = await postGraphQL(url, SET_STATUS, { id: orderId, status }, adminToken);
    expect(answer.errors).toBeUndefined();
    const heard = await subscription.next(300).catch(() => null);
    if (heard) {
      const heardStatus = heard.data?.orderStatusChanged?.status as string;
      return { status: heardStatus, latencyMs: Date.now() - sentAt.get(heardStatus)! };
    }
  }
  throw new Error("the subscriber on the other replica heard nothing");
}

let adminToken: string;
let shopperToken: string;
let shopperOrder: { id: number; orderNumber: string };

beforeAll(async () => {
  // One after the other, as a rolling start would: the first migrates and seeds, the second finds it done.
  replicaA = await startReplica();
  replicaB = await startReplica();
  adminToken = await signIn(replicaA, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  shopperToken = await signIn(replicaB, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
  const { rows } = await pool.query(
    `SELECT o.id, o.order_number FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1 ORDER BY o.id LIMIT 1`,
    [DEMO_SHOPPER_EMAIL],
  );
  shopperOrder = { id: rows[0].id, orderNumber: rows[0].order_number };
}, 200_000);

afterAll(async () => {
  for (const connection of connections) await connection.dispose().catch(() => undefined);
  cleanUpLater({ schema });
  await stopAll();
  await pool.end();
});

function live(url: string, token: string) {
  const connection = connectLive(url, token);
  connections.push(connection);
  return connection;
}

describe("two replicas on one PostgreSQL", () => {
  it("a status change made through one replica reaches the shopper connected to the other within 3 s", async () => {
    const subscription = live(replicaB, shopperToken).subscribe(
      `subscription($number: String) { orderStatusChanged(orderNumber: $number) { id orderNumber status } }`,
      { number: shopperOrder.orderNumber },
    );
    const { status, latencyMs } = await changeUntilHeard(replicaA, adminToken, shopperOrder.id, subscription);
    expect(STATUSES).toContain(status);
    expect(latencyMs).toBeLessThan(3000);
  });

  it("an order placed through one replica reaches the admin connected to the other within 3 s", async () => {
    const connection = live(replicaA, adminToken);
    const statuses = connection.subscribe(`subscription { orderStatusChanged { id status } }`);
    const placed = connection.subscribe(`subscription { orderPlaced { orderNumber reference total } }`);
    // Once the status subscription hears a change, the earlier-started orderPlaced one listens too.
    await changeUntilHeard(replicaB, adminToken, shopperOrder.id, statuses);

    const { rows: products } = await pool.query(`SELECT id FROM products WHERE quantity > 5 ORDER BY id LIMIT 1`);
    const { rows: regions } = await pool.query(`SELECT id FROM regions ORDER BY id LIMIT 1`);
    const reference = newReference();
    const placedAt = Date.now();
    const answer = await postGraphQL(
      replicaB,
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber } } }`,
      { input: { lines: [{ productId: products[0].id, quantity: 1 }], regionId: regions[0].id, reference } },
      shopperToken,
    );
    expect(answer.errors).toBeUndefined();
    const heard = await placed.next(3000);
    expect(Date.now() - placedAt).toBeLessThan(3000);
    expect(heard.data?.orderPlaced).toMatchObject({ reference });
  });

  it("logging out through one replica closes the session's socket on the other", async () => {
    const session = await signIn(replicaA, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD);
    const connection = live(replicaB, session);
    const subscription = connection.subscribe(`subscription { orderStatusChanged { id status } }`);
    await changeUntilHeard(replicaA, adminToken, shopperOrder.id, subscription);
    const answer = await postGraphQL(replicaA, `mutation { logout { message } }`, {}, session);
    expect(answer.errors).toBeUndefined();
    const closed = await Promise.race([connection.closed, new Promise((resolve) => setTimeout(() => resolve(null), 2000))]);
    expect(closed).toMatchObject({ code: SESSION_ENDED_CODE });
  });
});
