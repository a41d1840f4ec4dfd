// npm run bench:catalogue — a benchmark, not a test. The shop at real catalogue size, screen by screen.
//
// For each size in BENCH_PRODUCTS (default "demo,100000"; "demo" is the demo seed's 56 products), it seeds
// a private schema of the PostgreSQL database in BENCH_DATABASE_URL (default: the local `test` database)
// with the demo shop plus, at a number, that many products in all and as many orders (BENCH_ORDERS) spread
// over BENCH_CUSTOMERS customers; serves the real app (production mode, the built client included) in a
// child process; and prints per screen:
// - the GraphQL bytes of one view (as JSON, and on the wire with brotli), and req/s with p50/p99 latency
//   at BENCH_CONNECTIONS (20) connections for BENCH_SECONDS (8) each, measured with autocannon: as POSTs
//   (each read from the database) and, for storefront screens, as the GET of a persisted query that a
//   guest's storefront sends (answered from the shop's catalogue cache while the catalogue is unchanged);
// - in headless Chromium (a fresh profile per screen: a first visit), the time until the first product
//   card or table row shows, the JS+CSS and GraphQL bytes on the wire, and the page's JS heap.
// The storefront's pages are rendered on the server when the client's server build is there, as `npm start`
// serves them. The schema is dropped afterwards. BENCH_CLIENT_DIST serves another build of the client (drawn
// by the browser alone).
import { spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import autocannon from "autocannon";
import { chromium, type Browser } from "playwright-core";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { startAppProcess } from "./app-process.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { CLIENT_DIST, STOREFRONT_BUILD } from "../src/http/app.js";
import { seedBenchShop } from "./catalogue-seed.js";
import { CATEGORY_PAGE, screens, type Screen, type ScreenInputs } from "./screens.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const sizes = (process.env.BENCH_PRODUCTS ?? "demo,100000").split(",").map((size) => size.trim());
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const clientDist = process.env.BENCH_CLIENT_DIST ? path.resolve(process.env.BENCH_CLIENT_DIST) : CLIENT_DIST;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const here = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(here, "../..");

const SEARCH = "monstera";
const TYPO = "monstra";
const CATEGORY = "Indoor Plants";

interface Load {
  rps: number;
  p50: number;
  p99: number;
}

interface ApiFigures extends Load {
  jsonBytes: number;
  wireBytes: number;
  /** Storefront screens: what a guest's browser sends (a GET of a persisted query), which the shop may answer from its catalogue cache. */
  asGuest: Load | null;
}

interface BrowserFigures {
  shownMs: number | null;
  jsCssWire: number;
  graphqlWire: number;
  heapMb: number;
}

type Row = { screen: Screen; api: ApiFigures; browser: BrowserFigures | null };

// ---- the built client -----------------------------------------------------------------------------------

function ensureClientBuilt(): boolean {
  if (fs.existsSync(path.join(clientDist, "index.html"))) return true;
  if (process.env.BENCH_CLIENT_DIST) return false;
  console.log("Building the client for production (npm run build -w client)...");
  const build = spawnSync("npm", ["run", "build", "-w", "client"], { cwd: repoRoot, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  return build.status === 0 && fs.existsSync(path.join(clientDist, "index.html"));
}

// ---- the server -------------------------------------------------------------------------------------------


async function graphql(base: string, query: string, variables: Record<string, unknown>, token?: string) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const body = JSON.parse(text) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`${query.slice(0, 40)}...: ${body.errors[0].message}`);
  return { body, bytes: Buffer.byteLength(text) };
}

async function measureApi(base: string, screen: Screen, token: string | undefined): Promise<ApiFigures> {
  const body = JSON.stringify({ query: screen.query, variables: screen.variables });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    // What browsers send: the answers go out compressed, and the server pays for compressing them.
    "accept-encoding": "br, gzip",
    ...(screen.admin && token ? { authorization: `Bearer ${token}` } : {}),
  };
  const { bytes } = await graphql(base, screen.query, screen.variables, screen.admin ? token : undefined);
  const answer = await fetch(`${base}/graphql`, { method: "POST", headers: { ...headers, "accept-encoding": "identity" }, body });
  const wireBytes = brotliCompressSync(Buffer.from(await answer.text())).length;
  const uncached = await load(screen.name, { url: `${base}/graphql`, method: "POST", headers, body });
  // The storefront's own headers (client/src/lib/apollo/client.ts): Apollo's CSRF rule wants the preflight one on a GET.
  const guestHeaders = { "accept-encoding": "br, gzip", "apollo-require-preflight": "true" };
  const asGuest = screen.admin
    ? null
    : await load(`${screen.name} as a guest`, { url: persistedQueryUrl(base, screen, false), headers: guestHeaders }, persistedQueryUrl(base, screen, true));
  return { jsonBytes: bytes, wireBytes, ...uncached, asGuest };
}

/** req/s and latency at `connections` for `seconds`; `warmUp` is fetched once first (it registers a persisted query). */
async function load(name: string, request: { url: string; method?: "POST"; headers: Record<string, string>; body?: string }, warmUp?: string): Promise<Load> {
  if (warmUp) {
    const answer = await fetch(warmUp, { headers: request.headers });
    if (!answer.ok) throw new Error(`${name}: ${answer.status} when registering the persisted query`);
  }
  const result = await autocannon({ ...request, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** The GET the storefront sends for a guest (Apollo's persisted-query link): the hash, or to register it the query too. */
function persistedQueryUrl(base: string, screen: Screen, withQuery: boolean): string {
  const sha256Hash = crypto.createHash("sha256").update(screen.query).digest("hex");
  const params = new URLSearchParams({ variables: JSON.stringify(screen.variables), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }) });
  if (withQuery) params.set("query", screen.query);
  return `${base}/graphql?${params}`;
}

// ---- the browser ------------------------------------------------------------------------------------------

async function launch(): Promise<Browser | null> {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`No Chromium at ${chromiumPath}: the browser columns are left out (apt-get install -y chromium).`);
    return null;
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
}

/** A first visit: a fresh context (no cache, no storage), timed from navigation to the first content. */
async function measureBrowser(browser: Browser, base: string, screen: Screen, token: string): Promise<BrowserFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (screen.admin) await context.addInitScript((value) => window.localStorage.setItem("access_token", value), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Performance.enable");
    const kinds = new Map<string, { type: string; url: string }>();
    let jsCssWire = 0;
    let graphqlWire = 0;
    cdp.on("Network.responseReceived", (event) => kinds.set(event.requestId, { type: event.type, url: event.response.url }));
    cdp.on("Network.loadingFinished", (event) => {
      const kind = kinds.get(event.requestId);
      if (!kind) return;
      if (kind.type === "Script" || kind.type === "Stylesheet") jsCssWire += event.encodedDataLength;
      if (kind.url.endsWith("/graphql")) graphqlWire += event.encodedDataLength;
    });
    const started = Date.now();
    await page.goto(`${base}${screen.route}`, { waitUntil: "commit" });
    let shownMs: number | null = null;
    try {
      await page.locator(screen.shown).first().waitFor({ state: "visible", timeout: 30_000 });
      shownMs = Date.now() - started;
    } catch {
      shownMs = null;
    }
    await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
    const metrics = (await cdp.send("Performance.getMetrics")).metrics;
    const heap = metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? 0;
    return { shownMs, jsCssWire, graphqlWire, heapMb: heap / 1_000_000 };
  } finally {
    await context.close();
  }
}

// ---- one size ---------------------------------------------------------------------------------------------

/** What to undo if the run is interrupted (Ctrl-C): the server child, the schema, the browser. */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: cleaning up...`);
    void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
  });
}

async function benchSize(size: string, browser: Browser | null): Promise<{ label: string; rows: Row[] }> {
  const demo = size === "demo";
  const products = demo ? 0 : Number(size);
  if (!demo && !(Number.isInteger(products) && products >= 100)) throw new Error(`BENCH_PRODUCTS: "${size}" is neither demo nor a number of products of at least 100.`);
  const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const db = await openDatabase({ kind: "postgres", url, schema });
  let server: ChildProcess | undefined;
  const cleanup = async () => {
    server?.kill();
    await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    await db.migrate();
    const seedStart = Date.now();
    await seedDatabase(db.prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: true, imageStore: new LocalImageStore(uploadsDir) });
    if (!demo) {
      const [demoProducts, demoOrders] = await Promise.all([db.prisma.product.count(), db.prisma.order.count()]);
      const orders = Number(process.env.BENCH_ORDERS ?? products);
      const customers = Number(process.env.BENCH_CUSTOMERS ?? Math.max(100, Math.round(products / 20)));
      await seedBenchShop(url, schema, { products: products - demoProducts, customers, orders: Math.max(0, orders - demoOrders) });
    }
    const [productCount, orderCount, userCount] = await Promise.all([db.prisma.product.count(), db.prisma.order.count(), db.prisma.user.count()]);
    const label = `${productCount.toLocaleString("en")} products`;
    console.log(
      `\n== ${label}, ${orderCount.toLocaleString("en")} orders, ${userCount.toLocaleString("en")} users (schema ${schema}, seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s)`,
    );

    // As `npm start` serves it: the storefront's pages rendered on the server when the client's server build
    // is there (the build of the default client folder makes both), else the app drawn by the browser alone.
    if (!process.env.BENCH_CLIENT_DIST && fs.existsSync(path.join(STOREFRONT_BUILD, "entry-server.js"))) process.env.BENCH_STOREFRONT_BUILD = STOREFRONT_BUILD;
    const started = await startAppProcess({ url, schema, uploadsDir, clientDist });
    server = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    const token = (await graphql(base, `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, { e: DEMO_ADMIN_EMAIL, p: DEMO_ADMIN_PASSWORD })).body.data!.login.accessToken as string;
    const firstPage = (await graphql(base, CATEGORY_PAGE, { category: CATEGORY, sort: "DEFAULT", first: 24 })).body.data!.products;
    const slug = (await graphql(base, `{ products(first: 1, inStock: true) { nodes { slug } } }`, {})).body.data!.products.nodes[0].slug as string;
    const inputs: ScreenInputs = { category: CATEGORY, search: SEARCH, typo: TYPO, slug, secondPage: firstPage.pageInfo.endCursor };

    const rows: Row[] = [];
    for (const screen of screens(inputs)) {
      const api = await measureApi(base, screen, token);
      const shown = browser && screen.route ? await measureBrowser(browser, base, screen, token) : null;
      rows.push({ screen, api, browser: shown });
      const guest = api.asGuest ? `; as a guest (GET, catalogue cache) ${api.asGuest.rps} req/s, p99 ${api.asGuest.p99} ms` : "";
      console.log(`  ${screen.name}: ${api.jsonBytes} B JSON, ${api.rps} req/s, p99 ${api.p99} ms${guest}${shown ? `, shown in ${shown.shownMs ?? "timeout"} ms` : ""}`);
    }
    return { label, rows };
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

// ---- the report -------------------------------------------------------------------------------------------

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(results: { label: string; rows: Row[] }[]) {
  const header = ["screen", ...results.flatMap(({ label }) => [`${label}: GraphQL JSON (br)`, "req/s", "p50 / p99 ms", "guest GET req/s", "guest p50 / p99 ms", "shown ms", "JS+CSS wire", "heap MB"])];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (let index = 0; index < results[0].rows.length; index += 1) {
    const cells = [results[0].rows[index].screen.name];
    for (const { rows } of results) {
      const { api, browser } = rows[index];
      cells.push(
        `${kB(api.jsonBytes)} (${kB(api.wireBytes)})`,
        String(api.rps),
        `${api.p50} / ${api.p99}`,
        api.asGuest ? String(api.asGuest.rps) : "-",
        api.asGuest ? `${api.asGuest.p50} / ${api.asGuest.p99}` : "-",
        browser ? (browser.shownMs === null ? "timeout" : String(browser.shownMs)) : "-",
        browser ? kB(browser.jsCssWire) : "-",
        browser ? browser.heapMb.toFixed(0) : "-",
      );
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  console.log(
    `\n${connections} connections, ${seconds} s per screen. req/s: POSTs, every one read from the database; guest GET: the persisted query a guest's storefront sends, which the shop answers from its catalogue cache until a catalogue write. Browser: Chromium, first visit, 1280x900.\n`,
  );
  console.log(lines.join("\n"));
  const budgets = results.flatMap(({ label, rows }) =>
    rows.flatMap(({ screen, api, browser }) => [
      ...(screen.storefront && api.jsonBytes > 60_000 ? [`${label}, ${screen.name}: ${kB(api.jsonBytes)} of GraphQL (budget 60 kB)`] : []),
      // Judged on what the storefront sends (a guest's GET); the POST column shows the database's own cost.
      ...(screen.name.startsWith("search") && (api.asGuest?.p99 ?? api.p99) >= 30
        ? [`${label}, ${screen.name}: p99 ${api.asGuest?.p99 ?? api.p99} ms as a guest (budget 30 ms)`]
        : []),
      ...(browser && browser.jsCssWire > 300_000 ? [`${label}, ${screen.name}: ${kB(browser.jsCssWire)} of JS+CSS (budget 300 kB)`] : []),
      ...(browser && screen.storefront && ["home", "category"].includes(screen.name) && (browser.shownMs === null || browser.shownMs > 1000)
        ? [`${label}, ${screen.name}: content after ${browser.shownMs ?? "timeout"} ms (budget 1 s)`]
        : []),
    ]),
  );
  console.log(budgets.length ? `\nOver budget:\n- ${budgets.join("\n- ")}` : "\nEvery budget met.");
}

const built = ensureClientBuilt();
if (!built) console.log(`No built client at ${clientDist}: the browser columns are left out.`);
const browser = built ? await launch() : null;
if (browser) cleanups.add(() => browser.close());
try {
  const results = [];
  for (const size of sizes) results.push(await benchSize(size, browser));
  printTable(results);
} finally {
  await browser?.close();
}
