// `npm start`: build the storefront when its sources changed since the last build, then run the server.
// Signals are passed on, so SIGTERM still drains the server gracefully.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const client = path.join(root, "client");
// The older of the browser build and the server build: either missing means a build.
const builtAt = (() => {
  try {
    return Math.min(fs.statSync(path.join(client, "dist", "index.html")).mtimeMs, fs.statSync(path.join(client, "dist-server", "entry-server.js")).mtimeMs);
  } catch {
    return 0;
  }
})();

function newestChange(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === "node_modules" || name === "dist" || name === "dist-server") continue;
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

const sources = ["src", "build", "index.html", "vite.config.ts", "package.json", "public"].map((name) => path.join(client, name)).filter(fs.existsSync);
if (fs.existsSync(path.join(client, "package.json")) && sources.some((source) => newestChange(source) > builtAt)) {
  // Always a production build: NODE_ENV=development in the shell would otherwise ship React's dev runtime.
  const build = spawnSync("npm", ["run", "build", "-w", "client"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// In production the server runs as JavaScript (server/dist, built when server/src changed since): tsx's
// loader, its threads and its source maps cost a worker about 150 MB (scripts/build-server.mjs says why).
// Elsewhere (the demo, development) it runs through tsx, which loads the seed's TypeScript too.
let entry = ["--import", "tsx", "src/main.ts"];
if (process.env.NODE_ENV === "production") {
  const { buildServer, serverBuildStale } = await import("./build-server.mjs");
  if (serverBuildStale()) await buildServer();
  entry = ["dist/main.js"];
}

// A larger young generation (V8's default is 16 MB per half): an API answer's objects die young, and with
// many requests in flight fewer, larger scavenges cost measurably less (npm run bench:api, 64 connections).
// The Dockerfile and the benches start the server with the same flag.
// In production the old generation is capped at 256 MB: left alone, V8 lets garbage pile up to 370 MB of
// old space under load (a worker at 570-650 MB), while what a worker holds is at most about 130 MB (its
// bounded memories of texts and answers, the search index of 100,000 products); capped, it collects sooner
// and a worker stays within the 450 MB planned per worker (npm run bench:memory; docs/operations.md).
// NODE_OPTIONS naming another --max-old-space-size wins.
const heapCap = process.env.NODE_ENV === "production" && !/--max-old-space-size/.test(process.env.NODE_OPTIONS ?? "") ? ["--max-old-space-size=256"] : [];
const server = spawn(process.execPath, ["--max-semi-space-size=32", ...heapCap, ...entry], {
  cwd: path.join(root, "server"),
  stdio: "inherit",
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
