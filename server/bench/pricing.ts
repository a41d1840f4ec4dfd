// npm run bench:pricing — a benchmark, not a test. The cart quote and checkout on one shop process (the
// bench app server, PostgreSQL in BENCH_DATABASE_URL, a private schema with BENCH_PRODUCTS bench products, 2,000 by default), with
// autocannon at BENCH_CONNECTIONS (20):
//   off: no promotion and no tax rate (the shop's default, the spec's demo);
//   on:  20 promotions in force (10 automatic, on chosen categories or every line, of every kind, 10 code
//        promotions) and tax rates for two classes and delivery; the quote and checkout carry a code.
// Each phase measures cartQuote for a 10-line cart and placeOrder of a 3-line cart (each order its own
// reference; the products' stock is made large enough). BENCH_PHASES=off measures only the default, so the
// same file also runs on a checkout from before promotions existed (copy it there: see docs/benchmarks.md).
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedBenchCatalogue } from "./seed-bench.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** BENCH_PRODUCTS: the catalogue's size (2,000; 100000 for a shop at real size). */
const catalogueSize = Number(process.env.BENCH_PRODUCTS ?? 2_000);
/** BENCH_ORDERS: past orders in the shop before measuring (none by default). */
const pastOrders = Number(process.env.BENCH_ORDERS ?? 0);
const phases = (process.env.BENCH_PHASES ?? "off,on").split(",").map((phase) => phase.trim());
const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "serve.ts"), ["app", url, schema], {
      execArgv: ["--max-semi-space-size=32", "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_ENV: "production", BENCH_SEARCH_INDEX: "off" },
    });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`app server exited with ${code}`)));
  });
}

async function measure(options: autocannon.Options) {
  await autocannon({ connections, duration: warmup, ...options });
  const result = await autocannon({ connections, duration: seconds, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** BENCH_PROFILE=1: a CPU profile of the shop process under a case's load (`name`: quote-on, ...), kept in bench/profiles/. */
async function profileLoad(child: ChildProcess, load: autocannon.Options, name: string): Promise<void> {
  child.send("profile-start");
  await new Promise((resolve) => child.once("message", resolve));
  await autocannon({ connections, duration: seconds, ...load });
  child.send("profile-stop");
  const { profile } = await new Promise<{ profile: unknown }>((resolve) => child.once("message", (message) => resolve(message as { profile: unknown })));
  const file = path.join(here, "profiles", `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`profile of ${name}: npx tsx bench/profile.ts ${file}`);
}

const db = await openDatabase({ kind: "postgres", url, schema });
let server: ChildProcess | undefined;
try {
  await db.migrate();
  await seedBenchCatalogue(db.prisma, catalogueSize);
  // 300 products' first variants (bench products are sold in 1 to 4), with stock for every order of the run:
  // the quote's cart is the first ten, each order three of them in turn (orders of one product all queue on
  // its row, which measures the row, not checkout).
  const products = await db.prisma.$queryRawUnsafe<{ id: number; variant_id: number; category_id: number }[]>(
    `SELECT DISTINCT ON (p.id) p.id, v.id AS variant_id, p.category_id FROM products p JOIN product_variants v ON v.product_id = p.id AND v.enabled ORDER BY p.id, v.position LIMIT 300`,
  );
  await db.prisma.$executeRawUnsafe(`UPDATE product_variants SET quantity = 100000000 WHERE id IN (${products.map((p) => p.variant_id).join(",")})`);
  const regionId = (await db.prisma.$queryRawUnsafe<{ id: number }[]>(`INSERT INTO regions (name, fee_cents) VALUES ('Bench Region', 499) RETURNING id`))[0].id;
  const started = await startServer();
  server = started.child;
  const endpoint = `http://127.0.0.1:${started.port}/graphql`;
  const call = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const response = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) });
    const answer = (await response.json()) as { data?: Record<string, any>; errors?: unknown };
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  };
  await call('mutation { register(input: { name: "Bench Buyer", email: "bench-buyer@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { message } }');
  const token = (await call('mutation { login(email: "bench-buyer@example.com", password: "abc12345") { accessToken } }')).login.accessToken as string;
  // BENCH_ORDERS: the buyer's past orders (one line each), so checkout's reads meet a table of real size.
  if (pastOrders > 0) {
    await db.prisma.$executeRawUnsafe(`
      INSERT INTO orders (order_number, reference, user_id, region_id, region_name, subtotal_cents, delivery_fee_cents, total_cents, user_email, user_phone, user_address, updated_at)
      SELECT 'PAST-' || i, 'PAST' || lpad(i::text, 12, '0'), u.id, ${regionId}, 'Bench Region', 0, 499, 499, u.email, '1', 'a', now()
      FROM generate_series(1, ${pastOrders}) i, users u WHERE u.email = 'bench-buyer@example.com'`);
    await db.prisma.$executeRawUnsafe(`
      INSERT INTO order_lines (order_id, product_id, variant_id, sku, slug, name, description, category_name, price_cents, discount_price_cents, unit_price_cents, quantity, image_one)
      SELECT o.id, p.id, v.id, v.sku, p.slug, p.name, p.description, 'Bench', v.price_cents, v.discount_price_cents, COALESCE(v.discount_price_cents, v.price_cents), 1, p.image_one
      FROM orders o JOIN products p ON p.id = 1 + o.id % ${catalogueSize}
      JOIN LATERAL (SELECT * FROM product_variants WHERE product_id = p.id ORDER BY position LIMIT 1) v ON true
      WHERE o.reference LIKE 'PAST%'`);
    await db.prisma.$executeRawUnsafe(`UPDATE orders o SET subtotal_cents = l.unit_price_cents, total_cents = l.unit_price_cents + 499 FROM order_lines l WHERE l.order_id = o.id AND o.reference LIKE 'PAST%'`);
    await db.prisma.$executeRawUnsafe(`ANALYZE`);
  }
  await call('mutation { updateContact(phone: "+1 555 0100", address: "1 Bench Lane") { message } }', {}, token);

  const cartLines = products.map((product, index) => ({ productId: product.id, variantId: product.variant_id, quantity: 1 + (index % 3) }));
  const quoteLines = cartLines.slice(0, 10);
  const orderLinesOf = (order: number) => [0, 1, 2].map((k) => cartLines[(order * 3 + k) % cartLines.length]);
  let firstRefusal: string | null = null;
  const rows: Record<string, string | number>[] = [];
  // The floor: a GraphQL POST that reads nothing costs this much on this machine (HTTP, the query lane,
  // logging, metrics); a quote can be no faster.
  if (process.env.BENCH_FLOOR !== "off") {
    const floor = await measure({ url: endpoint, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) });
    rows.push({ phase: "floor", case: "{ __typename }", "req/s": floor.rps, "p50 ms": floor.p50, "p99 ms": floor.p99 });
  }
  for (const phase of phases) {
    const codes = phase === "on" ? ["BENCH-CODE-2"] : undefined;
    if (phase === "on") {
      // 20 promotions in force: 10 automatic (every kind, half of them on chosen categories), 10 with a code.
      const categories = [...new Set(products.slice(0, 10).map((product) => product.category_id))];
      const kinds = ["percent-off", "amount-off", "buy-x-get-y", "free-delivery"];
      for (let i = 0; i < 20; i += 1) {
        const kind = kinds[i % 4];
        const automatic = i < 10;
        await db.prisma.$executeRawUnsafe(
          `INSERT INTO promotions (name, kind, percent_bp, amount_cents, buy_quantity, get_quantity, category_ids, min_items_cents, combinable, automatic, updated_at)
           VALUES ($1, $2::promotion_kind, $3, $4, $5, $6, $7::int[], $8, $9, $10, now())`,
          `Bench ${i}`,
          kind,
          kind === "percent-off" ? 500 + i * 10 : null,
          kind === "amount-off" ? 100 + i : null,
          kind === "buy-x-get-y" ? 2 : null,
          kind === "buy-x-get-y" ? 1 : null,
          automatic && i % 2 === 0 ? [categories[i % categories.length]] : [],
          i % 3 === 0 ? 1_000 : null,
          i % 4 !== 1,
          automatic,
        );
        if (!automatic) await db.prisma.$executeRawUnsafe(`INSERT INTO promotion_codes (promotion_id, code) SELECT max(id), $1 FROM promotions`, `BENCH-CODE-${i - 10}`);
      }
      const reduced = (await db.prisma.$queryRawUnsafe<{ id: number }[]>(`INSERT INTO tax_classes (name) VALUES ('Reduced') RETURNING id`))[0].id;
      await db.prisma.$executeRawUnsafe(
        `INSERT INTO tax_rates (region_id, tax_class_id, rate_ppm, name, updated_at) SELECT ${regionId}, id, CASE WHEN is_default THEN 200000 ELSE 50000 END, CASE WHEN is_default THEN 'VAT 20%' ELSE 'VAT 5%' END, now() FROM tax_classes`,
      );
      await db.prisma.$executeRawUnsafe(`INSERT INTO category_tax_classes (category_id, tax_class_id) VALUES (${products[0].category_id}, ${reduced}) ON CONFLICT DO NOTHING`);
      await db.prisma.$executeRawUnsafe(`INSERT INTO delivery_tax_rates (region_id, rate_ppm, name) VALUES (${regionId}, 200000, 'VAT 20%')`);
    }
    const quoteQuery = codes
      ? `query($lines: [CartLineInput!]!, $regionId: Int, $codes: [String!]) { cartQuote(lines: $lines, regionId: $regionId, codes: $codes) { total discountTotal taxTotal lines { lineTotal discount tax } } }`
      : `query($lines: [CartLineInput!]!, $regionId: Int) { cartQuote(lines: $lines, regionId: $regionId) { total lines { lineTotal } } }`;
    const quoted = await call(quoteQuery, { lines: quoteLines, regionId, codes });
    if (phase === "on" && !(quoted.cartQuote.discountTotal > 0 && quoted.cartQuote.taxTotal > 0)) throw new Error(`the quote got no promotion or tax: ${JSON.stringify(quoted)}`);
    const quoteLoad = { url: endpoint, method: "POST" as const, headers: { "content-type": "application/json" }, body: JSON.stringify({ query: quoteQuery, variables: { lines: quoteLines, regionId, codes } }) };
    const quote = await measure(quoteLoad);
    if (process.env.BENCH_PROFILE) await profileLoad(started.child, quoteLoad, `quote-${phase}`);
    rows.push({ phase, case: "cartQuote, 10 lines", "req/s": quote.rps, "p50 ms": quote.p50, "p99 ms": quote.p99 });

    let reference = 0;
    const placeQuery = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { total } } }`;
    const prefix = phase === "on" ? "N" : "F";
    const placeLoad: autocannon.Options = {
      url: endpoint,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      requests: [
        {
          setupRequest: (request) => {
            reference += 1;
            const input = { lines: orderLinesOf(reference), regionId, reference: `BENCH${prefix}${String(reference).padStart(10, "0")}`, ...(codes ? { codes } : {}) };
            return { ...request, body: JSON.stringify({ query: placeQuery, variables: { input } }) };
          },
          onResponse: (_status, body) => {
            if (firstRefusal === null && body.includes('"errors"')) firstRefusal = body.slice(0, 300);
          },
        },
      ],
    };
    const place = await measure(placeLoad);
    if (process.env.BENCH_PROFILE) await profileLoad(started.child, placeLoad, `order-${phase}`);
    // GraphQL answers a refused order with 200 and errors: count the orders really placed.
    const placed = Number((await db.prisma.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM orders WHERE reference LIKE 'BENCH${prefix}%'`))[0].count);
    // autocannon stops with up to one request in flight per connection: those may not have committed yet.
    if (placed < reference - 2 * connections) throw new Error(`only ${placed} of ${reference} orders were placed; the first refusal: ${firstRefusal}`);
    rows.push({ phase, case: "placeOrder, 3 lines", "req/s": place.rps, "p50 ms": place.p50, "p99 ms": place.p99 });
  }
  console.log(`\n${seconds} s per measurement after ${warmup} s unrecorded, ${connections} connections, one shop process, PostgreSQL`);
  console.table(rows);
} finally {
  server?.kill();
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
}
