// Shop processes for tests: src/main.ts started as `npm start` runs it, on a port of its own, and
// everything they leave behind (processes, data folders, PostgreSQL schemas) removed by stopAll().
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const serverDir = path.resolve(import.meta.dirname, "..");
const children: ChildProcess[] = [];
const folders: string[] = [];
const schemas: string[] = [];

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Removes this folder and this schema when stopAll() runs. */
export function cleanUpLater({ folder, schema }: { folder?: string; schema?: string }): void {
  if (folder) folders.push(folder);
  if (schema) schemas.push(schema);
}

/** A fresh data folder, removed when stopAll() runs. */
export function tempDataDir(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  cleanUpLater({ folder });
  return folder;
}

/** TEST_DATABASE_URL with a fresh private schema (`<prefix>_<random>`), dropped when stopAll() runs. */
export function privateSchemaUrl(prefix: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const schema = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  url.searchParams.set("schema", schema);
  cleanUpLater({ schema });
  return url.toString();
}

/** The worker processes of a shop process (its children running main.ts: tsx may have an esbuild child too). */
export function workersOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid), "-f", "src/main.ts"], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/** POSTs a query without a token and answers the JSON body. */
export async function postQuery(baseUrl: string, query: string): Promise<any> {
  const response = await fetch(`${baseUrl}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
  return response.json();
}

/** A GraphQL call to a shop process; its errors thrown. */
export async function call(shop: ShopProcess, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> {
  const response = await fetch(`${shop.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as any;
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

/** What a shop process prints once it serves (group 1: its address); a jobs process (SHOP_ROLE=jobs) prints JOBS_READY. */
const SHOP_READY = /GraphQL(?:\/Sandbox)?:\s+(http:\/\/\S+)\/graphql/;
export const JOBS_READY = /Health:\s+(http:\/\/\S+)\/healthz/;

/** Starts the shop (development mode, port 0) with `env`; resolves once it printed its URL (`ready`). */
export function startShopProcess(env: Record<string, string>, args = ["--import", "tsx", "src/main.ts"], ready = SHOP_READY): Promise<ShopProcess> {
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "development", PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up banner within 90 s:\n${output}`)), 90_000);
    child.stdout!.on("data", () => {
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output, exited });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before serving:\n${output}`));
    });
  });
}

/** Kills every process started here and removes their folders and schemas. */
export async function stopAll(): Promise<void> {
  const exits = children.splice(0).map((child) => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    // Bounded: a process the kernel is slow to reap must not hold the cleanup.
    return Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]);
  });
  await Promise.all(exits);
  // A shop's own child (the low-priority picture encoder) may still be writing in the folder for a moment after
  // its parent died: removal is retried rather than failing the file's cleanup (ENOTEMPTY).
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  if (schemas.length > 0) {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    for (const schema of schemas.splice(0)) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
