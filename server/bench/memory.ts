// npm run bench:memory — a benchmark, not a test: the memory of one shop worker measured from outside, the
// process started exactly as `npm start` starts it in production: `node scripts/start.mjs` (which builds
// server/dist when needed and starts the server with its node flags) with NODE_ENV=production, PostgreSQL
// in DATABASE_URL, JWT_SECRET, ADMIN_*, SMTP_URL, PUBLIC_URL, METRICS_TOKEN and WEB_CONCURRENCY=1: the server
// render, the search index, the picture worker, the outbox, everything that starts. On the demo catalogue:
// production never seeds it, so the bench seeds it first with the seed's own code (seed/demo-shop.ts) into
// a private schema, then starts the shop on that schema (`?schema=` in DATABASE_URL).
//
// Phases (BENCH_PHASES, all by default): `rest` (after start-up, the search index built), `repeated`
// (BENCH_CONNECTIONS repeating a few requests: GraphQL POSTs and storefront pages), `texts` (each request
// a GraphQL query text never seen before: POSTs, and GETs of automatic persisted queries whose answers the
// shop keeps), `pages` (each request a storefront page of its own, rendered and kept). For each, from
// /proc/<pid>/status: VmRSS (sampled every 500 ms: the highest, and the last), VmHWM, RssAnon and RssFile
// of the server process; the launcher (start.mjs) and the server's children (the picture encoder, when
// running) are listed apart. From inside, through GET /metrics (the operator's endpoint): the parts of
// process.memoryUsage() and V8's heap spaces (v8.getHeapSpaceStatistics()) at the phase's end.
//
// Settings: BENCH_SECONDS (30) per loaded phase, BENCH_REST_SECONDS (15), BENCH_CONNECTIONS (20),
// BENCH_LIMIT_MB (450: the plan per worker; the bench exits 1 when the server's RSS goes above it),
// BENCH_DATABASE_URL (the local `test` database; the schema bench_memory_<random> is dropped afterwards),
// BENCH_PHASES (e.g. `rest,texts`), BENCH_NODE_OPTIONS (NODE_OPTIONS for the shop's processes, e.g.
// `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/x` to look inside; production has none),
// BENCH_SERVER_ARGS (tries other node flags: e.g. `--max-semi-space-size=16 dist/main.js`, run from server/
// with no launcher), BENCH_KEEP_LOG (keeps the shop's log, printed at the end).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { seedDatabase } from "../seed/demo-shop.js";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const limitMb = Number(process.env.BENCH_LIMIT_MB ?? 450);
const phases = (process.env.BENCH_PHASES ?? "rest,repeated,texts,pages").split(",").map((phase) => phase.trim());
const serverArgs = process.env.BENCH_SERVER_ARGS?.trim();
const schema = `bench_memory_${crypto.randomBytes(4).toString("hex")}`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MB = 2 ** 20;

// ---- from outside: /proc ---------------------------------------------------------------------------------

interface ProcMemory {
  rss: number;
  hwm: number;
  anon: number;
  file: number;
}

/** VmRSS, VmHWM, RssAnon and RssFile of a process, in MB; null once it has gone. */
function procMemory(pid: number): ProcMemory | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), hwm: mb("VmHWM"), anon: mb("RssAnon"), file: mb("RssFile") };
}

interface Proc {
  pid: number;
  name: string;
}

/** The processes whose parent is `pid`, each named by the script it runs (or its program). */
function childrenOf(pid: number): Proc[] {
  const found: Proc[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the parent is the second field after the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) continue;
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      const script = args.filter((arg) => /\.(m?[jt]s)$/.test(arg)).pop();
      found.push({ pid: Number(entry), name: path.basename(script ?? args[0] ?? entry) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The highest RSS and the last figures of each process while a phase runs, sampled every 500 ms. */
class Sampler {
  readonly seen = new Map<string, { max: number; last: ProcMemory }>();
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly processes: () => Proc[]) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 500);
  }
  private sample(): void {
    for (const { pid, name } of this.processes()) {
      const memory = procMemory(pid);
      if (!memory) continue;
      const key = `${name} (${pid})`;
      this.seen.set(key, { max: Math.max(this.seen.get(key)?.max ?? 0, memory.rss), last: memory });
    }
  }
  stop(): this {
    this.sample();
    clearInterval(this.timer);
    return this;
  }
}

// ---- from inside: /metrics ----------------------------------------------------------------------------------

const metricsText = async (origin: string, token: string) => (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();

/** process.memoryUsage()'s parts and V8's heap spaces, as the shop's /metrics shows them, in MB. */
async function insideFigures(origin: string, token: string): Promise<Record<string, number>> {
  const text = await metricsText(origin, token);
  const mb = (series: string) => {
    const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
    return line ? Math.round((Number(line.slice(series.length + 1)) / MB) * 10) / 10 : NaN;
  };
  const space = (name: string) => mb(`nodejs_heap_space_size_total_bytes{space="${name}"}`);
  return {
    "heap used": mb("nodejs_heap_size_used_bytes"),
    "heap total": mb("nodejs_heap_size_total_bytes"),
    external: mb("nodejs_external_memory_bytes"),
    "array buffers": mb("nodejs_array_buffers_bytes"),
    "new space": space("new"),
    "old space": space("old"),
    "code space": space("code"),
    "large objects": space("large_object"),
    "kept answers": mb("shop_catalogue_cache_bytes"),
  };
}

// ---- the shop ---------------------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>, launcher: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (launcher.exitCode !== null) throw new Error(`the shop exited (${launcher.exitCode}) while waiting for ${what}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
const uploadsDir = path.join(tmp, "uploads");
const logFile = path.join(tmp, "shop.log");
const db = await openDatabase({ kind: "postgres", url: databaseUrl, schema });
let launcher: ChildProcess | undefined;

async function cleanUp(keepLog: boolean): Promise<void> {
  if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
    const exited = new Promise((resolve) => launcher!.once("exit", resolve));
    launcher.kill("SIGTERM");
    await exited;
  }
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await db.close();
  if (keepLog) console.log(`The shop's log: ${logFile}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanUp(true).finally(() => process.exit(130)));

/** Starts the shop as `npm start` does in production; answers the processes to watch, the server's first. */
async function startShop(origin: string, port: number, metricsToken: string, admin: { email: string; password: string }): Promise<Proc[]> {
  const shopUrl = new URL(databaseUrl);
  shopUrl.searchParams.set("schema", schema);
  // What a production host gives the process: the shop's variables and a few of the system's, nothing else.
  const system = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"].filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]);
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(system),
    NODE_ENV: "production",
    DATABASE_URL: shopUrl.toString(),
    JWT_SECRET: crypto.randomBytes(32).toString("hex"),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Production asks for a mail server while email is on; the bench sends no email.
    SMTP_URL: "smtp://127.0.0.1:2525",
    PUBLIC_URL: origin,
    WEB_CONCURRENCY: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(tmp, "data"),
    UPLOADS_DIR: uploadsDir,
    METRICS_TOKEN: metricsToken,
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  };
  const log = fs.openSync(logFile, "a");
  // `npm start` is `node scripts/start.mjs` (npm's own process in front of it is left out).
  const started = serverArgs
    ? spawn(process.execPath, serverArgs.split(/\s+/), { cwd: path.join(root, "server"), env, stdio: ["ignore", log, "inherit"] })
    : spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, env, stdio: ["ignore", log, "inherit"] });
  launcher = started;
  // start.mjs may build the storefront first.
  await waitFor("/readyz", 10 * 60_000, async () => (await fetch(`${origin}/readyz`)).ok, started);
  await waitFor("the search index", 60_000, async () => /^shop_search_index_ready 1$/m.test(await metricsText(origin, metricsToken)), started);
  const server = serverArgs ? { pid: started.pid!, name: "server" } : childrenOf(started.pid!).find((child) => /^main\.[jt]s$/.test(child.name));
  if (!server) throw new Error("no server process (main.js or main.ts) under scripts/start.mjs");
  return [{ pid: server.pid, name: serverArgs ? "server" : `server ${server.name}` }, ...(serverArgs ? [] : [{ pid: started.pid!, name: "start.mjs" }])];
}

let exitCode = 0;
try {
  await db.migrate();
  const admin = { email: "bench-admin@example.com", password: crypto.randomBytes(12).toString("hex") };
  await seedDatabase(db.prisma, { adminEmail: admin.email, adminPassword: admin.password, demo: true, imageStore: new LocalImageStore(uploadsDir) });
  const products = await db.prisma.product.findMany({ select: { slug: true }, orderBy: { id: "asc" } });
  const categories = await db.prisma.category.findMany({ select: { name: true }, orderBy: { id: "asc" } });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const metricsToken = crypto.randomBytes(16).toString("hex");
  const [server, ...others] = await startShop(origin, port, metricsToken, admin);
  const processes = () => [server, ...others, ...childrenOf(server.pid)];

  const json = { "content-type": "application/json" };
  const page = { accept: "text/html", "accept-encoding": "br" };
  const card = "id slug name price discountPrice unitPrice quantity imageOne rating category { id name }";
  const post = (query: string, variables: Record<string, unknown> = {}): autocannon.Request => ({ method: "POST", path: "/graphql", headers: json, body: JSON.stringify({ query, variables }) });
  const slug = products[Math.floor(products.length / 2)].slug;
  const category = encodeURIComponent(categories[0].name);
  let sent = 0;
  let pagesSent = 0;
  const loads: Record<string, autocannon.Request[]> = {
    // The storefront's own questions, over and over: the query lane's and the kept pages' steady state.
    repeated: [
      post(`{ products(first: 12) { nodes { ${card} } pageInfo { hasNextPage endCursor } } }`),
      post(`{ newArrivals: products(inStock: true, first: 6) { nodes { ${card} } } discounted: products(inStock: true, discounted: true, first: 12) { nodes { ${card} } } categories { nodes { id name } } }`),
      post(`query($slug: String!) { product(slug: $slug) { ${card} description } }`, { slug }),
      post(`query($q: String) { products(search: $q, first: 24) { nodes { ${card} } totalCount } }`, { q: "fern" }),
      { method: "GET", path: "/", headers: page },
      { method: "GET", path: `/categories/${category}`, headers: page },
      { method: "GET", path: `/products/${slug}`, headers: page },
      { method: "GET", path: "/search?q=fern", headers: page },
    ],
    // What any caller can send to fill the shop's memories of texts: every request a text of its own, by
    // turns a POST (parsed, compiled by the query lane) and a GET of an automatic persisted query (its
    // text registered, its answer kept).
    texts: [
      {
        setupRequest: (request) => {
          const n = (sent += 1);
          const text = `query Q${n} { a${n}: products(first: ${1 + (n % 12)}) { nodes { id slug name } } }`;
          if (n % 2 === 0) return { ...request, method: "POST", path: "/graphql", headers: json, body: JSON.stringify({ query: text }) };
          const hash = crypto.createHash("sha256").update(text).digest("hex");
          const params = new URLSearchParams({ query: text, extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }) });
          return { ...request, method: "GET", path: `/graphql?${params}`, headers: { "apollo-require-preflight": "true" }, body: undefined };
        },
      },
    ],
    // A crawler's walk: every request a page of its own (a parameter the search screen reads), rendered and kept.
    pages: [{ setupRequest: (request) => ({ ...request, method: "GET", path: `/search?q=fern&price=0-${100_000 + (pagesSent += 1)}`, headers: page }) }],
  };

  const rows: Record<string, string | number>[] = [];
  const processRows: Record<string, string | number>[] = [];
  let highest = 0;
  const record = async (phase: string, sampler: Sampler, load: autocannon.Result | null) => {
    const inside = await insideFigures(origin, metricsToken);
    for (const [key, { max, last }] of sampler.seen) {
      processRows.push({ phase, process: key, "RSS max": Math.round(max), "RSS end": Math.round(last.rss), HWM: Math.round(last.hwm), anon: Math.round(last.anon), file: Math.round(last.file) });
    }
    const ours = [...sampler.seen].find(([key]) => key.startsWith("server"))![1];
    highest = Math.max(highest, ours.max, ours.last.hwm);
    rows.push({
      phase,
      "req/s": load ? Math.round(load.requests.average) : 0,
      "p99 ms": load ? load.latency.p99 : 0,
      "non-2xx": load ? load.non2xx + load.errors : 0,
      "RSS max": Math.round(ours.max),
      "RSS end": Math.round(ours.last.rss),
      HWM: Math.round(ours.last.hwm),
      ...inside,
    });
  };

  console.log(`Shop ready on ${origin} (schema ${schema}, ${products.length} products); phases ${phases.join(", ")}: ${restSeconds} s at rest, ${seconds} s per loaded phase at ${connections} connections.`);
  for (const phase of phases) {
    const sampler = new Sampler(processes);
    if (phase === "rest") {
      await new Promise((resolve) => setTimeout(resolve, restSeconds * 1000));
      await record("at rest", sampler.stop(), null);
      continue;
    }
    const requests = loads[phase];
    if (!requests) throw new Error(`BENCH_PHASES: no phase "${phase}" (rest, repeated, texts, pages)`);
    const load = await autocannon({ url: origin, connections, duration: seconds, requests });
    await record(phase === "texts" ? `distinct texts (${sent})` : phase === "pages" ? `distinct pages (${pagesSent})` : phase, sampler.stop(), load);
  }

  const how = serverArgs ? `node ${serverArgs}` : "scripts/start.mjs";
  console.log(`\nOne production worker (${how}, NODE_ENV=production, WEB_CONCURRENCY=1) on the demo catalogue, PostgreSQL at ${databaseUrl.replace(/\/\/[^@]*@/, "//")}; load average ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}.`);
  console.log("The server process, MB: RSS from /proc (the highest of the phase, its end, VmHWM); the rest from its /metrics at the phase's end:");
  console.table(rows);
  console.log("Every process, MB (VmRSS highest and at the end, VmHWM, RssAnon and RssFile at the end):");
  console.table(processRows);
  console.log(`Highest RSS of the server process: ${Math.round(highest)} MB (the plan: ${limitMb} MB).`);
  if (highest > limitMb) {
    console.error(`Above the plan of ${limitMb} MB per worker.`);
    exitCode = 1;
  }
} catch (error) {
  exitCode = 2;
  console.error(error);
} finally {
  await cleanUp(exitCode !== 0 || Boolean(process.env.BENCH_KEEP_LOG));
}
process.exit(exitCode);
