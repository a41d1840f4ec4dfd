// Every environment variable the server reads, parsed and validated in one place.
// A bad value stops start-up with one line that says which variable and why.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import proxyaddr from "proxy-addr";
import { isEmailAddress } from "./domain/input.js";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Folder for the embedded database and, by default, uploads. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  uploadsDir: string;
  /** JWT_SECRET; undefined outside production without one: then jwtSecretFor(dataDir) makes and keeps one. */
  jwtSecret: string | undefined;
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
  /** WEB_CONCURRENCY: how many worker processes serve the port (one per core is the usual choice); 1 by default. */
  webConcurrency: number;
  /** CATALOGUE_CACHE_SECONDS: how long browsers and CDNs may reuse an anonymous catalogue answer; 0 turns caching off. */
  catalogueCacheSeconds: number;
  /** TRUST_PROXY: who may name the caller's address in X-Forwarded-For (see TrustProxy). */
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; undefined turns /metrics off. */
  metricsToken: string | undefined;
}

/**
 * The proxies whose X-Forwarded-For names the caller: a number of hops (1: the balancer in front of the shop;
 * 0: nobody), or their addresses and ranges (as proxy-addr reads them: `10.0.0.0/8`, `loopback`, `uniquelocal`).
 */
export type TrustProxy = number | string[];

export class ConfigError extends Error {}

export const DEMO_ADMIN_EMAIL = "admin@verdant.shop";
export const DEMO_ADMIN_PASSWORD = "admin-password-2026";
/** Where a shop started without JWT_SECRET (never in production) keeps the secret it generated. */
export const JWT_SECRET_FILE = "jwt-secret";

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

function readWholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got "${value}".`);
  return Number(value);
}

function readPositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${value}".`);
  }
  return Number(value);
}

/** Whether the proxy at `address`, `hop` steps from the shop (0: the connection's peer), may name the caller. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export function proxyTrust(setting: TrustProxy): ProxyTrust {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

function readTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === "") return ["loopback"];
  if (/^(false|none|0)$/i.test(value)) return 0;
  if (/^\d+$/.test(value)) return readWholeNumber("TRUST_PROXY", value, 0, 10);
  if (/^(true|all|\*)$/i.test(value)) {
    throw new ConfigError("TRUST_PROXY=true would let any caller pick its own address (and slip past sign-in throttling): give the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.0/8).");
  }
  const addresses = value.split(",").map((part) => part.trim()).filter(Boolean);
  try {
    proxyaddr.compile(addresses);
  } catch (error) {
    throw new ConfigError(`TRUST_PROXY must be a number of proxies or a list of addresses and ranges (e.g. 10.0.0.0/8, loopback): ${(error as Error).message}.`);
  }
  return addresses;
}

function readMetricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16) throw new ConfigError("METRICS_TOKEN must be at least 16 characters long (or unset, which turns /metrics off).");
  return value;
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
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) throw new ConfigError(`HOST must be a host name or IP address, got "${host}".`);

  const jwtSecret = env.JWT_SECRET || undefined;
  if (!jwtSecret) {
    if (production) throw new ConfigError("JWT_SECRET is required when NODE_ENV=production (use at least 32 random characters).");
  } else if (jwtSecret.length < 32) {
    throw new ConfigError("JWT_SECRET must be at least 32 characters long.");
  }

  const adminEmail = (env.ADMIN_EMAIL?.trim() || (production ? "" : DEMO_ADMIN_EMAIL)).toLowerCase();
  if (!adminEmail) throw new ConfigError("ADMIN_EMAIL is required when NODE_ENV=production.");
  if (!isEmailAddress(adminEmail)) throw new ConfigError(`ADMIN_EMAIL must be an email address, got "${adminEmail}".`);

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
    // Introspection and Apollo Sandbox help while building; in production they only help an attacker map the API.
    introspection: readBoolean("INTROSPECTION", env.INTROSPECTION, !production),
    corsOrigins,
    // The demo shopper's password is printed in the README: a production shop never gets that account.
    seedDemo: production ? false : readBoolean("SEED_DEMO", env.SEED_DEMO, true),
    logLevel,
    webConcurrency: readPositiveInt("WEB_CONCURRENCY", env.WEB_CONCURRENCY?.trim(), 1),
    catalogueCacheSeconds: readWholeNumber("CATALOGUE_CACHE_SECONDS", env.CATALOGUE_CACHE_SECONDS?.trim(), 60, 86_400),
    trustProxy: readTrustProxy(env.TRUST_PROXY?.trim()),
    metricsToken: readMetricsToken(env.METRICS_TOKEN?.trim()),
  };
}

/**
 * The signing secret of a shop started without JWT_SECRET: generated at random on the first start and
 * kept in DATA_DIR/jwt-secret (mode 0600), so later starts (and tokens already issued) go on working.
 * The file appears whole or not at all: it is written aside and linked into place, and when two
 * processes start together the one that links second reads the winner's secret.
 */
export function jwtSecretFor(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  const read = () => {
    const secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length < 32) throw new ConfigError(`${file} holds no usable secret (under 32 characters): delete it to have a new one generated, or set JWT_SECRET.`);
    return secret;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dataDir, { recursive: true });
  const scratch = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(scratch, `${crypto.randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(scratch, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(scratch, { force: true });
  }
  return read();
}
