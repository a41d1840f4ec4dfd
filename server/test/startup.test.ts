// The start-up path users run (`npm start` -> server/src/main.ts): migrate, seed when empty, serve,
// print the URL and logins; and a clean shutdown on SIGTERM that still finishes in-flight requests.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres } from "./support.js";

const serverDir = path.resolve(import.meta.dirname, "..");
const children: ChildProcess[] = [];
const folders: string[] = [];

const schemas: string[] = [];

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  if (schemas.length > 0) {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
});

function start(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "development", PORT: "0", HOST: "127.0.0.1", ...env },
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
      const match = /GraphQL\/Sandbox: (http:\/\/\S+)\/graphql/.exec(output);
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

const databaseEnv = (): Record<string, string> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
  folders.push(dataDir);
  if (!onPostgres) return { DATA_DIR: dataDir };
  // A private schema on the PostgreSQL server, so this run starts on an empty database.
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const schema = `start_${crypto.randomBytes(4).toString("hex")}`;
  url.searchParams.set("schema", schema);
  schemas.push(schema);
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
};

const graphql = async (url: string, query: string) =>
  (await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) })).json();

describe("start-up as the README runs it", () => {
  it("migrates, seeds an empty database, serves the shop and prints the URL and the demo logins", async () => {
    const env = databaseEnv();
    const first = await start(env);
    expect(first.output()).toMatch(/Admin login:\s+admin@verdant\.shop \/ admin-password-2026/);
    expect(first.output()).toMatch(/Shopper login:\s+shopper@verdant\.shop \/ shopper-password-2026/);
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = await graphql(first.url, "{ products { id } categories { id } regions { id } }");
    expect(body.data.products.length).toBeGreaterThanOrEqual(40);
    expect(body.data.categories.length).toBeGreaterThanOrEqual(8);
    expect(body.data.regions.length).toBeGreaterThanOrEqual(4);

    // SIGTERM while a request is still arriving: the request is answered, then the process exits 0.
    const payload = JSON.stringify({ query: "{ categories { id name } }" });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${first.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.write(payload.slice(0, 10));
      setTimeout(() => {
        first.child.kill("SIGTERM");
        setTimeout(() => request.end(payload.slice(10)), 300);
      }, 200);
    });
    const { status, body: answered } = await answer;
    expect(`${status} ${answered}`).toMatch(/^200 /);
    expect(JSON.parse(answered).data.categories.length).toBeGreaterThanOrEqual(8);
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/SIGTERM received/);

    // A second start on the same database applies nothing and seeds nothing again.
    const second = await start(env);
    expect(second.output()).not.toMatch(/Applied \d+ migration/);
    expect(second.output()).not.toMatch(/Seeded the demo catalogue/);
    const again = await graphql(second.url, "{ products { id } }");
    expect(again.data.products.length).toBe(body.data.products.length);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);

  it("a bad setting stops start-up with a one-line explanation", async () => {
    await expect(start({ PORT: "not-a-port" })).rejects.toThrow(/Cannot start: PORT must be a whole number/);
  }, 60_000);
});
