// The embedded database (PGlite) serves one process at a time: an operator's script (npm run images:rebuild,
// npm run catalogue:export, npm run catalogue:import) must not open it while the shop runs on it. The shop
// answers /healthz when it runs.
import { ConfigError, type Config } from "../config.js";
import { openDatabase, type Database } from "./client.js";

export async function shopIsRunning(host: string, port: number): Promise<boolean> {
  try {
    const answer = await fetch(`http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return answer.ok;
  } catch {
    return false;
  }
}

/**
 * The database of the configuration, for an operator's script (a small pool on PostgreSQL). On the embedded one,
 * refuses while the shop runs on it: "the shop is running on the embedded database in <dir> (it answers on port
 * <port>)" followed by `whileRunning`, which says what to do instead.
 */
export async function openOperatorDatabase(config: Pick<Config, "databaseUrl" | "dataDir" | "host" | "port">, whileRunning: string): Promise<Database> {
  if (!config.databaseUrl && (await shopIsRunning(config.host, config.port))) {
    throw new ConfigError(`the shop is running on the embedded database in ${config.dataDir} (it answers on port ${config.port})${whileRunning}`);
  }
  return openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, poolSize: 2 } : { kind: "pglite", dataDir: config.dataDir });
}
