// npm run bench:profile — where a request's time goes. Seeds the benchmark catalogue into a private
// schema, serves the shop app under `node --cpu-prof` (one process), loads it with autocannon with the
// list-of-12, home page and product-by-slug requests in turn (BENCH_SECONDS each, 64 connections; BENCH_CASES
// to choose some), stops
// it, and prints the top self-time entries of the CPU profile of the load (after a warm-up of 2 s a request;
// also kept in bench/profiles/).
// `tsx bench/profile.ts some.cpuprofile` only prints the summary of a profile taken before.
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../src/db/client.js";
import { seedBenchCatalogue } from "./seed-bench.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
const here = path.dirname(new URL(import.meta.url).pathname);
const profileDir = path.join(here, "profiles");
const FIELDS = "id slug name description price discountPrice unitPrice quantity imageOne imageTwo rating peopleRated createdAt category { id name }";
const allQueries = {
  list: `{ products(first: 12) { nodes { ${FIELDS} } pageInfo { hasNextPage endCursor } } }`,
  home: `{ a: products(inStock: true, first: 6) { nodes { ${FIELDS} } } b: products(inStock: true, discounted: true, first: 12) { nodes { ${FIELDS} } } categories { nodes { id name } } }`,
  slug: `{ product(slug: "bench-orchid-4999") { ${FIELDS} } }`,
};
// BENCH_CASES="list" profiles only those requests (list, home, slug).
const queries = Object.entries(allQueries)
  .filter(([name]) => !process.env.BENCH_CASES || process.env.BENCH_CASES.split(",").includes(name))
  .map(([, query]) => query);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function (name, file, line), in milliseconds, biggest first. */
export function selfTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const file = frame.url.replace(/^file:\/\//, "").replace(/^.*node_modules\//, "");
    const key = `${frame.functionName || "(anonymous)"}  ${file}:${frame.lineNumber + 1}`;
    const micros = profile.timeDeltas[index] ?? 0;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    total += micros;
  });
  const byPackage = new Map<string, number>();
  for (const [key, micros] of byFunction) {
    const file = key.split("  ")[1] ?? "";
    const where = file.startsWith("/") ? (file.includes("/server/src/") ? "shop (server/src)" : "other files") : file.startsWith(":") ? key.split("  ")[0] : file.startsWith("node:") ? "node core" : file.startsWith("@") ? file.split("/").slice(0, 2).join("/") : file.split("/")[0];
    byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
  }
  return {
    total: total / 1000,
    packages: [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, micros]) => ({ name, ms: micros / 1000 })),
    entries: [...byFunction].sort((a, b) => b[1] - a[1]).map(([name, micros]) => ({ name, ms: micros / 1000 })) };
}

function printSummary(file: string): void {
  const { total, entries, packages } = selfTimes(JSON.parse(fs.readFileSync(file, "utf8")));
  console.log(`${file}: ${total.toFixed(0)} ms sampled. Top self time:`);
  const show = (entry: { name: string; ms: number }) =>
    console.log(`${entry.ms.toFixed(0).padStart(7)} ms ${((entry.ms / total) * 100).toFixed(1).padStart(5)}%  ${entry.name}`);
  entries.slice(0, Number(process.env.PROFILE_TOP ?? 30)).forEach(show);
  console.log("\nSelf time by package:");
  packages.slice(0, 20).forEach(show);
}

const given = process.argv[2];
if (given) printSummary(given);
else await profileUnderLoad();

async function profileUnderLoad(): Promise<void> {
  const db = await openDatabase({ kind: "postgres", url, schema });
  try {
    await db.migrate();
    await seedBenchCatalogue(db.prisma);
    fs.mkdirSync(profileDir, { recursive: true });
    const child = fork(path.join(here, "serve.ts"), ["app", url, schema], {
      execArgv: ["--max-semi-space-size=32", "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    const port = await new Promise<number>((resolve) => child.once("message", (message) => resolve((message as { port: number }).port)));
    const load = (query: string, duration: number) =>
      autocannon({ url: `http://127.0.0.1:${port}/graphql`, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }), connections: 64, duration });
    // Warmed up first (compiled queries, JIT, pools), so the profile holds the requests, not the start.
    for (const query of queries) await load(query, 2);
    child.send("profile-start");
    await new Promise((resolve) => child.once("message", resolve));
    for (const query of queries) {
      const result = await load(query, seconds);
      console.log(`${result.requests.average} req/s, p99 ${result.latency.p99} ms`);
    }
    child.send("profile-stop");
    const { profile } = await new Promise<{ profile: unknown }>((resolve) => child.once("message", (message) => resolve(message as { profile: unknown })));
    child.send("stop");
    await new Promise((resolve) => child.once("exit", resolve));
    const file = path.join(profileDir, `load-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    printSummary(file);
  } finally {
    await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
  }
}
