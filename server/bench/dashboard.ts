// npm run bench:dashboard — a benchmark, not a test. For each size in BENCH_ORDERS (default 1,000,000): a private
// schema of the PostgreSQL database in BENCH_DATABASE_URL (default: the local `test` database) with the demo shop,
// BENCH_PRODUCTS (10,000) products, BENCH_CUSTOMERS (100,000) customers and that many orders (dashboard-seed.ts,
// set-based); then, at BENCH_CONNECTIONS (20) connections for BENCH_SECONDS (8) each after BENCH_WARMUP (2):
// (a) "before": the statements the dashboard ran before rollups (the summary's four, the best sellers' three,
//     copied from the code of commit df8b0d9), one request = the statements of one call on one pg connection;
// (b) "after, SQL": the statements it runs now, the same way;
// (c) "after, GraphQL": the real app (bench/serve.ts, one process) answering the admin's POSTs for every
//     dashboard query: analytics, topProducts, salesReport (30 days, 90 days, this year) and salesReportCsv;
//     the kept answers are on there (domain/analytics/kept.ts), so these are the kept figures; a trivial admin
//     query ({ __typename }) is measured first as the floor of any admin POST on this machine;
// (d) "in process, cold": each dashboard call of the domain (AnalyticsService without an event bus, so nothing is
//     kept and every call counts, as the first call after a change does), one at a time, BENCH_COLD_CALLS (9)
//     calls each: median and slowest; then "in process, kept": the same calls with the kept answers on.
// BENCH_WORKERS=2 runs (c) on two worker processes on one port, as WEB_CONCURRENCY=2 does (one per core).
// Prints req/s, p50 and p99 (ms). BENCH_SCHEMA=<name> keeps (and on a later run reuses) the seeded schema.
// BENCH_ONLY=cold runs (d) only.
import crypto from "node:crypto";
import os from "node:os";
import fs from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { AnalyticsService, rangePieces } from "../src/domain/analytics/index.js";
import type { Viewer } from "../src/domain/shared/index.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { startAppProcess } from "./app-process.js";
import { seedBenchShop } from "./catalogue-seed.js";
import { seedDashboardOrders } from "./dashboard-seed.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const sizes = (process.env.BENCH_ORDERS ?? "1000000").split(",").map(Number);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const only = process.env.BENCH_ONLY; // "before", "sql", "graphql" or "cold": one part only
const coldCalls = Number(process.env.BENCH_COLD_CALLS ?? 9);
/** BENCH_WORKERS: the app's worker processes in (c), as WEB_CONCURRENCY runs them (1; one per core in production). */
const workers = Number(process.env.BENCH_WORKERS ?? 1);

/** One dashboard call as SQL: statements run one after another on one connection; $1.. from `params`. */
interface SqlCase {
  name: string;
  statements: (now: Date) => { text: string; values?: unknown[] }[];
}

const monthsOf = (now: Date) => {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from, until };
};
const day = (date: Date) => date.toISOString().slice(0, 10);
// The best sellers' ids, as the first statement found them (a stand-in for the value the code passes).
const TOP_IDS = "(SELECT array_agg(product_id) FROM (SELECT product_id FROM analytics_product_totals ORDER BY quantity DESC, product_id LIMIT 10) t)::int[]";

// The statements of commit df8b0d9's analytics.ts (Prisma's groupBy written as the SQL it sends).
const BEFORE: SqlCase[] = [
  {
    name: "analytics (summary cards)",
    statements: (now) => {
      const { from, until } = monthsOf(now);
      return [
        { text: "SELECT count(*) FROM users WHERE role = 'user'" },
        { text: "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS year_month, count(*)::int FROM users WHERE role = 'user' AND created_at >= $1 AND created_at < $2 GROUP BY 1", values: [from, until] },
        { text: "SELECT count(*), sum(total_cents), sum(refunded_cents), sum(discount_cents), sum(delivery_discount_cents), sum(tax_cents) FROM orders WHERE status NOT IN ('cancelled', 'awaiting-payment')" },
        {
          text: `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS year_month, count(*)::int AS count, coalesce(sum(total_cents - refunded_cents), 0)::bigint,
                   coalesce(sum(discount_cents + delivery_discount_cents), 0)::bigint, coalesce(sum(tax_cents), 0)::bigint
                 FROM orders WHERE created_at >= $1 AND created_at < $2 AND status NOT IN ('cancelled', 'awaiting-payment') GROUP BY 1`,
          values: [from, until],
        },
      ];
    },
  },
  {
    name: "topProducts (10)",
    statements: () => [
      {
        text: `SELECT product_id, sum(quantity) FROM order_lines WHERE product_id IS NOT NULL AND order_id IN (SELECT id FROM orders WHERE status NOT IN ('cancelled', 'awaiting-payment'))
               GROUP BY product_id ORDER BY sum(quantity) DESC, product_id LIMIT 10`,
      },
      { text: `SELECT p.id, p.slug, p.name, p.image_one, c.name FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ANY(${TOP_IDS})` },
      {
        text: `SELECT product_id, sku, (array_agg(options ORDER BY id DESC))[1] AS options, sum(quantity)::int AS quantity
               FROM order_lines WHERE product_id = ANY(${TOP_IDS}) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = order_lines.order_id AND o.status IN ('cancelled', 'awaiting-payment'))
               GROUP BY product_id, sku ORDER BY quantity DESC, sku`,
      },
    ],
  },
];

/** The best sellers' pieces of a range as SQL (days "YYYY-MM-DD"; the values are the code's own, not a visitor's). */
function bestSellerPieces(from: string, to: string): string {
  const { months, days } = rangePieces(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
  return [
    ...(months ? [`SELECT product_id, quantity, sales_cents FROM analytics_product_months WHERE month >= '${months[0]}'::date AND month <= '${months[1]}'::date`] : []),
    ...days.map((piece) => `SELECT product_id, ${piece.sign} * quantity, ${piece.sign} * sales_cents FROM analytics_product_days WHERE day >= '${piece.from}'::date AND day <= '${piece.to}'::date`),
  ].join(" UNION ALL ");
}

// The statements domain/analytics runs now (analytics.ts, report.ts).
const AFTER: SqlCase[] = [
  {
    name: "analytics (summary cards)",
    statements: (now) => {
      const { from, until } = monthsOf(now);
      return [
        { text: "SELECT coalesce(sum(new_customers), 0)::int, coalesce(sum(orders), 0)::int, coalesce(sum(sales_cents), 0)::bigint, coalesce(sum(discounts_cents), 0)::bigint, coalesce(sum(tax_cents), 0)::bigint FROM analytics_months" },
        {
          text: "SELECT to_char(month, 'YYYY-MM'), sum(new_customers)::int, sum(orders)::int, sum(sales_cents)::bigint, sum(discounts_cents)::bigint, sum(tax_cents)::bigint FROM analytics_months WHERE month >= $1::date AND month < $2::date GROUP BY 1",
          values: [day(from), day(until)],
        },
      ];
    },
  },
  {
    name: "topProducts (10)",
    statements: () => [
      { text: "SELECT t.product_id, t.quantity FROM analytics_product_totals t WHERE t.quantity > 0 AND EXISTS (SELECT 1 FROM products p WHERE p.id = t.product_id) ORDER BY t.quantity DESC, t.product_id LIMIT 10" },
      { text: `SELECT p.id, p.slug, p.name, p.image_one, c.name FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ANY(${TOP_IDS})` },
      {
        text: `SELECT s.product_id, s.sku, s.quantity, (SELECT ol.options FROM order_lines ol WHERE ol.product_id = s.product_id AND ol.sku = s.sku
                 AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = ol.order_id AND o.status IN ('cancelled', 'awaiting-payment')) ORDER BY ol.id DESC LIMIT 1)
               FROM analytics_product_skus s WHERE s.product_id = ANY(${TOP_IDS}) AND s.quantity > 0 ORDER BY s.quantity DESC, s.sku`,
      },
    ],
  },
  ...[30, 90, 365].map(
    (days): SqlCase => ({
      name: `salesReport (${days === 365 ? "a year" : `${days} days`})`,
      statements: (now) => {
        const from = day(new Date(now.getTime() - (days - 1) * 86_400_000));
        const to = day(now);
        return [
          {
            text: `SELECT to_char(day, 'YYYY-MM-DD'), sum(sales_cents)::bigint, sum(orders)::int, sum(items)::int, sum(new_customers)::int, sum(discounts_cents)::bigint, sum(tax_cents)::bigint
                   FROM analytics_days WHERE day >= $1::date AND day <= $2::date GROUP BY day ORDER BY day`,
            values: [from, to],
          },
          { text: "SELECT category, sum(quantity)::int, sum(sales_cents)::bigint AS sales FROM analytics_category_days WHERE day >= $1::date AND day <= $2::date GROUP BY category HAVING sum(quantity) > 0 ORDER BY sales DESC, category", values: [from, to] },
          {
            // The best sellers as report.ts sums them: whole months plus the edge days, signed (rangePieces).
            text: `SELECT product_id, sum(quantity)::int AS items, sum(sales_cents)::bigint AS sales FROM (${bestSellerPieces(from, to)}) p (product_id, quantity, sales_cents)
                   GROUP BY product_id HAVING sum(quantity) > 0 ORDER BY items DESC, product_id LIMIT 30 OFFSET 0`,
          },
          { text: `SELECT p.id, p.slug, p.name, p.image_one, c.name FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ANY(${TOP_IDS})` },
        ];
      },
    }),
  ),
];

const GRAPHQL_CASES: { name: string; query: string }[] = [
  { name: "floor: { __typename } as the admin", query: "{ __typename }" },
  { name: "analytics (summary cards)", query: "{ analytics { totalUsers userGrowthPercentage totalRevenue revenueChangePercentage totalOrders orderGrowthPercentage lastThreeMonths { month yearMonth newUsers revenue newOrders } } }" },
  { name: "topProducts (10)", query: "{ topProducts(limit: 10) { id slug name category imageOne purchasedQuantity variants { sku purchasedQuantity } } }" },
  ...(["LAST_30_DAYS", "LAST_90_DAYS", "THIS_YEAR"] as const).map((range) => ({
    name: `salesReport ${range}`,
    query: `{ salesReport(range: ${range}) { from to sales orders items newCustomers averageOrderValue days { day sales orders } categories { category items sales } topProducts { id name category items sales } } }`,
  })),
  { name: "salesReportCsv LAST_30_DAYS", query: "{ salesReportCsv(range: LAST_30_DAYS) { fileName csv } }" },
];

interface Figures {
  "req/s": number;
  "p50 ms": number;
  "p99 ms": number;
}

/** Runs `call` non-stop on `connections` workers for `duration` seconds; req/s and latency percentiles. */
async function hammer(call: () => Promise<void>, duration: number): Promise<Figures> {
  const latencies: number[] = [];
  const stopAt = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < stopAt) {
        const started = process.hrtime.bigint();
        await call();
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] * 10) / 10;
  return { "req/s": Math.round(latencies.length / duration), "p50 ms": at(0.5), "p99 ms": at(0.99) };
}

async function measureSql(schema: string, cases: SqlCase[]): Promise<Record<string, Figures>> {
  const pool = new pg.Pool({ connectionString: url, max: connections, options: `-c search_path="${schema}",public` });
  const figures: Record<string, Figures> = {};
  try {
    for (const sqlCase of cases) {
      const call = async () => {
        const client = await pool.connect();
        try {
          for (const statement of sqlCase.statements(new Date())) await client.query(statement.text, statement.values);
        } finally {
          client.release();
        }
      };
      await hammer(call, warmupSeconds);
      figures[sqlCase.name] = await hammer(call, seconds);
    }
  } finally {
    await pool.end();
  }
  return figures;
}

async function measureGraphql(schema: string): Promise<Record<string, Figures>> {
  const uploadsDir = fs.mkdtempSync(`${os.tmpdir()}/bench-dashboard-`);
  const { child, port } = await startAppProcess({ url, schema, uploadsDir, clientDist: "", workers });
  const figures: Record<string, Figures> = {};
  try {
    const base = `http://127.0.0.1:${port}/graphql`;
    const post = async (query: string, token?: string) => {
      const response = await fetch(base, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query }) });
      return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    };
    const login = await post(`mutation { login(email: "${DEMO_ADMIN_EMAIL}", password: "${DEMO_ADMIN_PASSWORD}") { accessToken } }`);
    const token = (login.data!.login as { accessToken: string }).accessToken;
    for (const graphqlCase of GRAPHQL_CASES) {
      const check = await post(graphqlCase.query, token);
      if (check.errors) throw new Error(`${graphqlCase.name}: ${JSON.stringify(check.errors)}`);
      const options = { url: base, connections, method: "POST" as const, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query: graphqlCase.query }) };
      await autocannon({ ...options, duration: warmupSeconds });
      const result = await autocannon({ ...options, duration: seconds });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${graphqlCase.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      figures[graphqlCase.name] = { "req/s": Math.round(result.requests.average), "p50 ms": result.latency.p50, "p99 ms": result.latency.p99 };
    }
  } finally {
    child.kill();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
  return figures;
}

/** (d): the domain's calls in this process, cold (nothing kept: every call counts) and then kept. */
async function measureInProcess(schema: string): Promise<{ cold: Record<string, { "median ms": number; "slowest ms": number }>; kept: Record<string, { "first ms": number; "p50 ms": number; "p99 ms": number }> }> {
  const db = await openDatabase({ kind: "postgres", url, schema });
  try {
    const admin = await db.prisma.user.findFirstOrThrow({ where: { email: DEMO_ADMIN_EMAIL } });
    const viewer: Viewer = { userId: admin.id, role: "admin", tokenId: "bench", tokenExpiresAt: new Date(Date.now() + 3_600_000), staffRole: admin.staffRole as Viewer["staffRole"] };
    const calls = (service: AnalyticsService): [string, () => Promise<unknown>][] => [
      ["analytics (summary cards)", () => service.summary(viewer)],
      ["topProducts (10)", () => service.topProducts(viewer, 10)],
      ["salesReport LAST_7_DAYS", () => service.report(viewer, { range: "last-7-days" })],
      ["salesReport LAST_30_DAYS", () => service.report(viewer, { range: "last-30-days" })],
      ["salesReport LAST_90_DAYS", () => service.report(viewer, { range: "last-90-days" })],
      ["salesReport THIS_YEAR", () => service.report(viewer, { range: "this-year" })],
      ["salesReportCsv LAST_30_DAYS", () => service.reportCsv(viewer, { range: "last-30-days" })],
    ];
    const ms = async (call: () => Promise<unknown>) => {
      const started = process.hrtime.bigint();
      await call();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const round = (value: number) => Math.round(value * 10) / 10;
    const cold: Record<string, { "median ms": number; "slowest ms": number }> = {};
    for (const [name, call] of calls(new AnalyticsService(db.prisma))) {
      await call();
      const times: number[] = [];
      for (let i = 0; i < coldCalls; i += 1) times.push(await ms(call));
      times.sort((a, b) => a - b);
      cold[name] = { "median ms": round(times[Math.floor(times.length / 2)]), "slowest ms": round(times.at(-1)!) };
    }
    const keptService = new AnalyticsService(db.prisma, db.events);
    const kept: Record<string, { "first ms": number; "p50 ms": number; "p99 ms": number }> = {};
    for (const [name, call] of calls(keptService)) {
      const first = await ms(call);
      const times: number[] = [];
      for (let i = 0; i < 1000; i += 1) times.push(await ms(call));
      times.sort((a, b) => a - b);
      kept[name] = { "first ms": round(first), "p50 ms": round(times[500]), "p99 ms": round(times[990]) };
    }
    keptService.kept.stop();
    return { cold, kept };
  } finally {
    await db.close();
  }
}

async function seededSchema(orders: number): Promise<{ schema: string; keep: boolean }> {
  const named = process.env.BENCH_SCHEMA;
  const schema = named ?? `bench_${crypto.randomBytes(4).toString("hex")}`;
  const db = await openDatabase({ kind: "postgres", url, schema });
  try {
    await db.migrate();
    if ((await db.prisma.order.count()) >= orders && named) {
      console.log(`Schema ${schema} kept from an earlier run: ${await db.prisma.order.count()} orders.`);
      return { schema, keep: true };
    }
    const started = Date.now();
    const uploadsDir = fs.mkdtempSync(`${os.tmpdir()}/bench-dashboard-seed-`);
    await seedDatabase(db.prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: true, imageStore: new LocalImageStore(uploadsDir) });
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    await seedBenchShop(url, schema, { products: productCount, customers: customerCount, orders: 0 });
    const client = new pg.Client({ connectionString: url, options: `-c search_path="${schema}",public` });
    await client.connect();
    try {
      await seedDashboardOrders(client, orders);
    } finally {
      await client.end();
    }
    console.log(`Seeded ${orders.toLocaleString("en")} orders (${productCount.toLocaleString("en")} products, ${customerCount.toLocaleString("en")} customers) into ${schema} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    return { schema, keep: Boolean(named) };
  } finally {
    await db.close();
  }
}

for (const orders of sizes) {
  const { schema, keep } = await seededSchema(orders);
  try {
    console.log(`\n${orders.toLocaleString("en")} orders, ${connections} connections, ${seconds} s each (PostgreSQL, ${os.cpus().length} cores)`);
    if (!only || only === "before") {
      console.log("before (the statements before rollups, on pg connections):");
      console.table(await measureSql(schema, BEFORE));
    }
    if (!only || only === "sql") {
      console.log("after (the statements now, on pg connections):");
      console.table(await measureSql(schema, AFTER));
    }
    if (!only || only === "graphql") {
      console.log(`after (GraphQL POSTs to the app in ${workers} worker process${workers === 1 ? "" : "es"}, as the admin; the dashboard's answers kept):`);
      console.table(await measureGraphql(schema));
    }
    if (!only || only === "cold" || only === "graphql") {
      const { cold, kept } = await measureInProcess(schema);
      console.log(`in process, cold (nothing kept: each call counts, as the first after a change), ${coldCalls} calls each, one at a time:`);
      console.table(cold);
      console.log("in process, kept (the first call counts, the next 1,000 are served what was kept):");
      console.table(kept);
    }
    console.log(`load average: ${os.loadavg().map((load) => load.toFixed(2)).join(", ")}`);
  } finally {
    if (!keep) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}
