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

// A larger young generation (V8's default is 16 MB per half): an API answer's objects die young, and with
// many requests in flight fewer, larger scavenges cost measurably less (npm run bench:api, 64 connections).
// The Dockerfile and the benches start the server with the same flag.
const server = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "src/main.ts"], {
  cwd: path.join(root, "server"),
  stdio: "inherit",
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
