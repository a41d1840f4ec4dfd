// Shop processes for tests: src/main.ts started as `npm start` runs it, on a port of its own, and
// everything they leave behind (processes, data folders, PostgreSQL schemas) removed by stopAll().
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const serverDir = path.resolve(import.meta.dirname, "..");
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

/** Starts the shop (development mode, port 0) with `env`; resolves once it printed its URL. */
export function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
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

/** Kills every process started here and removes their folders and schemas. */
export async function stopAll(): Promise<void> {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  if (schemas.length > 0) {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    for (const schema of schemas.splice(0)) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
