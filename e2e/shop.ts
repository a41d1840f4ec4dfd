// Starts the shop exactly as the README does (`npm start` at the repository root) on a fresh database:
// embedded PGlite in a temporary DATA_DIR, or a private schema of TEST_DATABASE_URL's PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const repoRoot = path.resolve(import.meta.dirname, "..");

export interface RunningShop {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** More environment for `npm start`, e.g. { SEED_VARIANTS: "true" } for the demo products sold in variants. */
  env?: Record<string, string>;
}

export async function startShop(database: "pglite" | "postgres", options: StartOptions = {}): Promise<RunningShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...options.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  let schema: string | undefined;
  if (database === "postgres") {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    schema = `e2e_${crypto.randomBytes(4).toString("hex")}`;
    url.searchParams.set("schema", schema);
    env.DATABASE_URL = url.toString();
  }
  // `npm start` builds the client first; the journeys run against that build, as a newcomer would.
  const child: ChildProcess = spawn("npm", ["start"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start within 180 s:\n${output}`)), 180_000);
    child.stdout!.on("data", () => {
      const match = /Shop:\s+(http:\/\/\S+?)\/?\s*$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });

  const stop = async () => {
    // npm does not forward signals reliably to its child: signal the whole process group.
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    }
  };
  let url: string;
  try {
    url = await started;
  } catch (error) {
    // A shop that did not start leaves nothing behind either: no process, no folder, no schema.
    await stop();
    throw error;
  }

  return { url, output: () => output, stop };
}
