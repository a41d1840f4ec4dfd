// Every environment variable the server reads, parsed and validated in one place.
// A bad value stops start-up with one line that says which variable and why.
import path from "node:path";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Folder for the embedded database and, by default, uploads. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  uploadsDir: string;
  jwtSecret: string;
  /** Lifetime of an access token, in seconds. */
  tokenTtlSeconds: number;
  adminEmail: string;
  adminPassword: string;
  introspection: boolean;
  /** Origins allowed to call the API from a browser, besides the server's own. */
  corsOrigins: string[];
  /** Whether to seed the demo catalogue, shopper and past orders into an empty database. */
  seedDemo: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

export class ConfigError extends Error {}

export const DEMO_ADMIN_EMAIL = "admin@verdant.shop";
export const DEMO_ADMIN_PASSWORD = "admin-password-2026";
const DEV_JWT_SECRET = "development-only-secret-change-me-in-production";

type Env = Record<string, string | undefined>;

function readPort(value: string | undefined): number {
  if (value === undefined || value === "") return 4000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}".`);
  }
  return port;
}

function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}".`);
}

function readPositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${value}".`);
  }
  return Number(value);
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const production = nodeEnv === "production";

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded database).");
  }

  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || "data");
  const uploadsDir = path.resolve(cwd, env.UPLOADS_DIR?.trim() || path.join(dataDir, "uploads"));

  const host = env.HOST?.trim() || (production ? "0.0.0.0" : "localhost");
  if (!/^[A-Za-z0-9.:\-\[\]]+$/.test(host)) throw new ConfigError(`HOST must be a host name or IP address, got "${host}".`);

  let jwtSecret = env.JWT_SECRET;
  if (!jwtSecret) {
    if (production) throw new ConfigError("JWT_SECRET is required when NODE_ENV=production (use at least 32 random characters).");
    jwtSecret = DEV_JWT_SECRET;
  } else if (jwtSecret.length < 32) {
    throw new ConfigError("JWT_SECRET must be at least 32 characters long.");
  }

  const adminEmail = (env.ADMIN_EMAIL?.trim() || (production ? "" : DEMO_ADMIN_EMAIL)).toLowerCase();
  if (!adminEmail) throw new ConfigError("ADMIN_EMAIL is required when NODE_ENV=production.");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) throw new ConfigError(`ADMIN_EMAIL must be an email address, got "${adminEmail}".`);

  const adminPassword = env.ADMIN_PASSWORD || (production ? "" : DEMO_ADMIN_PASSWORD);
  if (!adminPassword) throw new ConfigError("ADMIN_PASSWORD is required when NODE_ENV=production.");
  if (adminPassword.length < 8) throw new ConfigError("ADMIN_PASSWORD must be at least 8 characters long.");

  const corsOrigins = (env.CORS_ORIGINS ?? "http://localhost:5173,http://127.0.0.1:5173")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new ConfigError(`CORS_ORIGINS entries must look like https://shop.example.com, got "${origin}".`);
  }

  const logLevel = (env.LOG_LEVEL?.trim() || (nodeEnv === "test" ? "silent" : "info")) as Config["logLevel"];
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}".`);
  }

  return {
    env: nodeEnv,
    port: readPort(env.PORT),
    host,
    dataDir,
    databaseUrl,
    uploadsDir,
    jwtSecret,
    tokenTtlSeconds: readPositiveInt("TOKEN_TTL_SECONDS", env.TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    adminEmail,
    adminPassword,
    introspection: readBoolean("INTROSPECTION", env.INTROSPECTION, true),
    corsOrigins,
    seedDemo: readBoolean("SEED_DEMO", env.SEED_DEMO, !production),
    logLevel,
  };
}
