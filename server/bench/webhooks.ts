// npm run bench:webhooks — a benchmark, not a test. Starts the shop (`src/main.ts`, as `npm start` runs it)
// on PostgreSQL with WEB_CONCURRENCY=2 worker processes, in a private schema of BENCH_DATABASE_URL (default:
// the local `test` database), registers one webhook endpoint pointing at a receiver in this process, and:
//   1. places orders at BENCH_RATE (20) per second for BENCH_SECONDS (30) and prints the latency from the
//      event's commit (its timestamp, taken inside the order's transaction) to the receiver: p50, p99, max;
//   2. places orders at the same rate for BENCH_SECONDS again and, a third of the way in, kills one worker
//      with SIGKILL (the primary starts another); then counts the order.placed events committed (orders in
//      the database) against the event ids the receiver got: lost, duplicated (the same id twice).
// Receiver and load generator share this process; the shop runs in its own processes.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const rate = Number(process.env.BENCH_RATE ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 42201);
const schema = `bench_webhooks22_${crypto.randomBytes(4).toString("hex")}`;
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

interface Arrival {
  id: string;
  orderNumber: string;
  latencyMs: number;
}

function startReceiver(): Promise<{ url: string; arrivals: Arrival[]; close: () => void }> {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const now = Date.now();
      const event = JSON.parse(body);
      arrivals.push({ id: String(req.headers["webhook-id"]), orderNumber: event.data?.order?.orderNumber, latencyMs: now - Date.parse(event.timestamp) });
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/verdant`, arrivals, close: () => server.close() }),
    ),
  );
}

function startShop(): Promise<ChildProcess> {
  const url = new URL(databaseUrl);
  url.searchParams.set("schema", schema);
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      JWT_SECRET: "bench-webhooks-secret-0123456789abcdef0123",
      DATA_DIR: path.join("/tmp", schema),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes("GraphQL/Sandbox")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`the shop exited (${code}) before serving:\n${output}`)));
  });
}

async function call(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as any;
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

let references = 0;
/** Places orders at `rate` per second for `forSeconds`; `at` runs once, `atSecond` seconds in. */
async function placeOrders(shopper: string, productId: number, regionId: number, forSeconds: number, at?: { atSecond: number; run: () => void }) {
  const attempts: Promise<unknown>[] = [];
  const total = rate * forSeconds;
  const started = Date.now();
  let failed = 0;
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    if (at && index === Math.floor(at.atSecond * rate)) at.run();
    references += 1;
    const reference = `BENCHHOOK${String(references).padStart(7, "0")}`;
    attempts.push(
      call(
        "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber } } }",
        { input: { lines: [{ productId, quantity: 1 }], regionId, reference } },
        shopper,
      ).catch(() => (failed += 1)),
    );
  }
  await Promise.all(attempts);
  return { requested: total, failed };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path="${schema}",public` });
  const receiver = await startReceiver();
  let shop: ChildProcess | undefined;
  try {
    console.log(`Shop on PostgreSQL schema ${schema}, 2 workers, port ${port}; ${rate} orders/s for ${seconds} s per phase.`);
    shop = await startShop();
    const category = await pool.query("INSERT INTO categories (name) VALUES ('Bench Hooks') RETURNING id");
    const product = await pool.query(
      "INSERT INTO products (slug, name, description, category_id, price_cents, quantity, image_one, updated_at) VALUES ('bench-hook', 'Bench Hook', 'x', $1, 1000, 100000000, '/x.png', now()) RETURNING id",
      [category.rows[0].id],
    );
    const region = await pool.query("INSERT INTO regions (name, fee_cents) VALUES ('Bench Region', 100) RETURNING id");
    const admin = (await call('mutation { login(email: "admin@verdant.shop", password: "admin-password-2026") { accessToken } }')).login.accessToken;
    await call('mutation { register(input: { name: "Bench Shopper", email: "bench-hooks@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { message } }');
    const shopper = (await call('mutation { login(email: "bench-hooks@example.com", password: "abc12345") { accessToken } }')).login.accessToken;
    await call('mutation { updateContact(phone: "+1 555 0100", address: "1 Bench Lane") { message } }', {}, shopper);
    await call("mutation($url: String!) { createWebhookEndpoint(input: { url: $url, events: [ORDER_PLACED] }) { secret } }", { url: receiver.url }, admin);
    const productId = product.rows[0].id as number;
    const regionId = region.rows[0].id as number;

    // Warm-up: a second of orders, not counted.
    await placeOrders(shopper, productId, regionId, 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    receiver.arrivals.length = 0;

    const steady = await placeOrders(shopper, productId, regionId, seconds);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const latencies = receiver.arrivals.map((arrival) => arrival.latencyMs).sort((a, b) => a - b);
    console.log(`\n1. Steady ${rate} orders/s for ${seconds} s: ${steady.requested - steady.failed} orders placed, ${receiver.arrivals.length} webhooks received`);
    console.log(`   commit -> receiver latency: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms`);

    receiver.arrivals.length = 0;
    const ordersBefore = Number((await pool.query("SELECT count(*) AS n FROM orders")).rows[0].n);
    let killed = 0;
    const crash = await placeOrders(shopper, productId, regionId, seconds, {
      atSecond: seconds / 3,
      run: () => {
        const workers = execFileSync("pgrep", ["-P", String(shop!.pid)], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
        killed = workers[0];
        process.kill(killed, "SIGKILL");
      },
    });
    const committed = Number((await pool.query("SELECT count(*) AS n FROM orders")).rows[0].n) - ordersBefore;
    // A message claimed by the killed worker comes back when its lease ends (2 x 5 s + 5 s).
    const deadline = Date.now() + 60_000;
    while (new Set(receiver.arrivals.map((arrival) => arrival.id)).size < committed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ids = receiver.arrivals.map((arrival) => arrival.id);
    const unique = new Set(ids).size;
    console.log(`\n2. ${rate} orders/s for ${seconds} s, worker ${killed} killed with SIGKILL ${Math.round(seconds / 3)} s in:`);
    console.log(`   orders requested ${crash.requested}, refused or cut off ${crash.failed}, committed ${committed} (= order.placed events sent)`);
    console.log(`   received ${ids.length} deliveries: ${unique} distinct events, lost ${committed - unique}, duplicates ${ids.length - unique} (each with its event's own webhook-id)`);
    console.log("\nMeasured on a shared 2-core machine; the receiver and the load generator run in this process.");
  } finally {
    shop?.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 3000));
    if (shop && shop.exitCode === null) shop.kill("SIGKILL");
    receiver.close();
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await pool.end();
    fs.rmSync(path.join("/tmp", schema), { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
