// The storefront built for the tests that render pages: the client's browser build (index.html, assets) and
// its server build (entry-server.js), made once per version of the client's sources into a temp folder
// (both test projects, PGlite and PostgreSQL, share it; a lock folder keeps two runs from building at once).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../client");

function newestChange(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

export interface BuiltStorefront {
  clientDist: string;
  storefrontBuild: string;
}

export async function buildStorefront(): Promise<BuiltStorefront> {
  const version = crypto
    .createHash("sha1")
    .update(String(["src", "index.html", "vite.config.ts"].map((name) => newestChange(path.join(clientDir, name)))))
    .digest("hex")
    .slice(0, 12);
  const root = path.join(os.tmpdir(), `verdant-storefront-${version}`);
  const built = { clientDist: path.join(root, "dist"), storefrontBuild: path.join(root, "dist-server") };
  const done = path.join(root, "built");
  const lock = `${root}.lock`;
  for (;;) {
    if (fs.existsSync(done)) return built;
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (fs.existsSync(done)) return built;
    const vite = path.join(clientDir, "node_modules/.bin/vite");
    const bin = fs.existsSync(vite) ? vite : path.join(clientDir, "../node_modules/.bin/vite");
    const env = { ...process.env, NODE_ENV: "production" };
    execFileSync(bin, ["build", "--outDir", built.clientDist, "--emptyOutDir", "--logLevel", "error"], { cwd: clientDir, env, stdio: "pipe" });
    execFileSync(bin, ["build", "--ssr", "src/entry-server.tsx", "--outDir", built.storefrontBuild, "--emptyOutDir", "--logLevel", "error"], { cwd: clientDir, env, stdio: "pipe" });
    fs.writeFileSync(done, "");
    return built;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
