// Every environment variable the server reads, parsed and validated in one place.
// A bad value stops start-up with one line that says which variable and why.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import proxyaddr from "proxy-addr";
import { isEmailAddress } from "./domain/shared/index.js";
import { DEFAULT_ACTIVITY_RETENTION_DAYS, MIN_ACTIVITY_RETENTION_DAYS } from "./domain/audit/index.js";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Folder for the embedded database and, by default, uploads. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URL: streaming read replicas of DATABASE_URL (comma-separated); the catalogue's reads go
   * to them (db/read-routing.ts). Empty: every read goes to DATABASE_URL, as before.
   */
  databaseReplicaUrls: string[];
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
  /** With the demo: a few demo products sold in several variants (pot sizes, colours). Off by default: the spec's demo has none. */
  seedVariants: boolean;
  /** With the demo: promotions and codes (SPRING10, ...). Off by default: the spec's demo has none. */
  seedPromotions: boolean;
  /** With the demo: VAT in every region, prices holding it. Off by default: the spec's demo charges no tax. */
  seedTaxes: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** WEB_CONCURRENCY: how many worker processes serve the port (one per core is the usual choice); 1 by default. */
  webConcurrency: number;
  /** CATALOGUE_CACHE_SECONDS: how long browsers and CDNs may reuse an anonymous catalogue answer; 0 turns caching off. */
  catalogueCacheSeconds: number;
  /**
   * SEARCH_INDEX: whether each process keeps the catalogue's search index in memory (on by default; 21 MB
   * of heap for 100,000 products); off, every search runs in SQL.
   */
  searchIndex: boolean;
  /** S3_*: product pictures in S3-compatible object storage shared by every replica; null keeps them in uploadsDir. */
  s3: S3Config | null;
  /** Which webhook URLs may be registered and called: https only in production; private addresses only when WEBHOOK_ALLOW_PRIVATE_URLS. */
  webhookSafety: { allowHttp: boolean; allowPrivateAddresses: boolean };
  /** WEBHOOK_TIMEOUT_SECONDS: how long one webhook attempt may take, connecting included. */
  webhookTimeoutSeconds: number;
  /** Email to shoppers: how messages leave the shop and where their links point. */
  email: EmailConfig;
  /** TRUST_PROXY: who may name the caller's address in X-Forwarded-For (see TrustProxy). */
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; undefined turns /metrics off. */
  metricsToken: string | undefined;
  /** Who takes the money: the spec's simulation unless STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  payments: PaymentsConfig;
  /** ACTIVITY_RETENTION_DAYS: how long the audit trail keeps an entry, 30 to 3650 days; 365 by default. */
  activityRetentionDays: number;
  /**
   * SHOP_ROLE: what this process does. `all` (the default): it serves the shop and runs the background jobs
   * (the outbox's webhooks and emails, picture renditions, the payment sweeper, audit retention); `web`:
   * it serves requests and runs no job; `jobs`: it runs the jobs and serves no shop request (only
   * /healthz, /readyz and /metrics). Split roles need PostgreSQL (docs/operations.md, "Web and jobs apart").
   */
  role: ShopRole;
}

export type ShopRole = "all" | "web" | "jobs";

/** How the shop takes payment (docs/operations.md, "Payments"). */
export type PaymentsConfig =
  | { provider: "simulated" }
  | {
      provider: "stripe";
      /** STRIPE_SECRET_KEY (sk_live_… or sk_test_…) and STRIPE_WEBHOOK_SECRET (whsec_…, the webhook endpoint's signing secret). */
      secretKey: string;
      webhookSecret: string;
      /** STRIPE_API_URL: another address for Stripe's API (a local fake in tests); Stripe's own when unset. */
      apiUrl?: string;
      /** PAYMENT_HOLD_MINUTES: how long an order awaiting payment holds its stock, 30 to 1440 (Stripe's bounds); 30 by default. */
      holdMinutes: number;
      /** PAYMENT_RECONCILE_SECONDS: how long a payment may wait without news before the sweeper asks Stripe, 1 to 3600; 300 by default. */
      reconcileAfterSeconds: number;
      /** PAYMENT_SWEEP_SECONDS: how often every process runs the payment sweeper; 60 by default. */
      sweepSeconds: number;
    };

export interface EmailConfig {
  /** EMAIL_ENABLED: false records the emails the shop owes but sends none. */
  enabled: boolean;
  /** SMTP_URL (smtp:// or smtps://); undefined outside production means the development mailbox at /dev/mail. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From header, e.g. "Verdant <shop@example.com>". */
  from: string;
  /** PUBLIC_URL without a trailing slash: the shop's address in email links. Undefined: the address it listens on. */
  publicUrl: string | undefined;
}

/** Where product pictures live when several machines share them (see storage/s3-store.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2...); AWS's own when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key), which most S3-compatible servers want. */
  forcePathStyle?: boolean;
  /** Where browsers fetch the pictures (a CDN); the shop's own /uploads when absent. */
  publicBaseUrl?: string;
  /** Keys are stored under this prefix (e.g. "shop/"), so one bucket can hold other things too. */
  prefix?: string;
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

function readS3(env: Env): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  const others = ["S3_ENDPOINT", "S3_PUBLIC_URL", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PREFIX"].filter((name) => env[name]?.trim());
  if (!bucket) {
    if (others.length) throw new ConfigError(`${others[0]} is set but S3_BUCKET is not: set S3_BUCKET to store pictures in object storage, or unset ${others.join(", ")}.`);
    return null;
  }
  const url = (name: string) => {
    const value = env[name]?.trim();
    if (!value) return undefined;
    if (!/^https?:\/\/[^\s]+$/.test(value)) throw new ConfigError(`${name} must be an http(s) URL, got "${value}".`);
    return value.replace(/\/+$/, "");
  };
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the AWS SDK's usual credentials).");
  }
  const prefix = env.S3_PREFIX?.trim().replace(/^\/+/, "") || undefined;
  if (prefix && !/^[A-Za-z0-9_\-/.]+\/$/.test(prefix)) throw new ConfigError(`S3_PREFIX must be a folder name ending with /, e.g. "shop/", got "${prefix}".`);
  return {
    bucket,
    region: env.S3_REGION?.trim() || "us-east-1",
    endpoint: url("S3_ENDPOINT"),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: readBoolean("S3_FORCE_PATH_STYLE", env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT?.trim())),
    publicBaseUrl: url("S3_PUBLIC_URL"),
    prefix,
  };
}

function readTimeout(value: string | undefined): number {
  if (value === undefined || value === "") return 5;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 30) throw new ConfigError(`WEBHOOK_TIMEOUT_SECONDS must be a whole number from 1 to 30, got "${value}".`);
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

/**
 * SHOP_ROLE: all (default), web or jobs. A split role needs PostgreSQL: the embedded database serves one
 * process, which must then run the jobs too. A jobs process needs PUBLIC_URL: the links in its emails and
 * the payment pages it opens point at the web processes, not at its own health listener.
 */
function readRole(value: string | undefined, databaseUrl: string | undefined, publicUrl: string | undefined): ShopRole {
  if (value === undefined || value === "") return "all";
  const role = value.toLowerCase();
  if (role !== "all" && role !== "web" && role !== "jobs") throw new ConfigError(`SHOP_ROLE must be web, jobs or all, got "${value}".`);
  if (role !== "all" && !databaseUrl) {
    throw new ConfigError(`SHOP_ROLE=${role} needs DATABASE_URL (PostgreSQL): the embedded database serves one process, which runs the jobs too. Unset SHOP_ROLE or set DATABASE_URL.`);
  }
  if (role === "jobs" && !publicUrl) {
    throw new ConfigError("SHOP_ROLE=jobs needs PUBLIC_URL, the address shoppers reach the web processes at (e.g. https://shop.example.com): it is in the links of the emails this process sends.");
  }
  return role;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const production = nodeEnv === "production";

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded database).");
  }

  const databaseReplicaUrls = (env.DATABASE_REPLICA_URL ?? "").split(",").map((url) => url.trim()).filter(Boolean);
  if (databaseReplicaUrls.length > 0 && !databaseUrl) {
    throw new ConfigError("DATABASE_REPLICA_URL needs DATABASE_URL: replicas are copies of a PostgreSQL primary (the embedded database has none).");
  }
  for (const url of databaseReplicaUrls) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError(`DATABASE_REPLICA_URL must be postgres:// or postgresql:// addresses separated by commas, got "${url}".`);
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

  const email = readEmailConfig(env, production);
  return {
    env: nodeEnv,
    port: readPort(env.PORT),
    host,
    dataDir,
    databaseUrl,
    databaseReplicaUrls,
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
    seedVariants: readBoolean("SEED_VARIANTS", env.SEED_VARIANTS?.trim(), false),
    seedPromotions: readBoolean("SEED_PROMOTIONS", env.SEED_PROMOTIONS?.trim(), false),
    seedTaxes: readBoolean("SEED_TAXES", env.SEED_TAXES?.trim(), false),
    logLevel,
    webConcurrency: readPositiveInt("WEB_CONCURRENCY", env.WEB_CONCURRENCY?.trim(), 1),
    catalogueCacheSeconds: readWholeNumber("CATALOGUE_CACHE_SECONDS", env.CATALOGUE_CACHE_SECONDS?.trim(), 60, 86_400),
    searchIndex: readBoolean("SEARCH_INDEX", env.SEARCH_INDEX?.trim(), true),
    s3: readS3(env),
    // A webhook URL must not reach the shop's own network (SSRF): loopback and private addresses are for
    // trying webhooks out on one machine, so they are allowed by default only outside production.
    webhookSafety: {
      allowHttp: !production,
      allowPrivateAddresses: readBoolean("WEBHOOK_ALLOW_PRIVATE_URLS", env.WEBHOOK_ALLOW_PRIVATE_URLS?.trim(), !production),
    },
    webhookTimeoutSeconds: readTimeout(env.WEBHOOK_TIMEOUT_SECONDS?.trim()),
    email,
    trustProxy: readTrustProxy(env.TRUST_PROXY?.trim()),
    metricsToken: readMetricsToken(env.METRICS_TOKEN?.trim()),
    payments: readPaymentsConfig(env),
    activityRetentionDays: readBounded("ACTIVITY_RETENTION_DAYS", DEFAULT_ACTIVITY_RETENTION_DAYS, MIN_ACTIVITY_RETENTION_DAYS, 3650, env),
    role: readRole(env.SHOP_ROLE?.trim(), databaseUrl, email.publicUrl),
  };
}

/** A whole number setting between min and max; the fallback when unset. */
function readBounded(name: string, fallback: number, min: number, max: number, env: NodeJS.ProcessEnv): number {
  const value = env[name]?.trim();
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  return Number(value);
}

/** STRIPE_* and PAYMENT_*: the simulation unless both Stripe secrets are set (one without the other is a mistake). */
export function readPaymentsConfig(env: Env): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  if (!secretKey && !webhookSecret) return { provider: "simulated" };
  if (!secretKey || !webhookSecret) {
    throw new ConfigError("Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments with Stripe (or neither for the simulated payments).");
  }
  if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) throw new ConfigError("STRIPE_SECRET_KEY must be a Stripe secret key, like sk_live_… or sk_test_….");
  if (!/^whsec_\S+$/.test(webhookSecret)) throw new ConfigError("STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret, like whsec_….");
  const apiUrl = env.STRIPE_API_URL?.trim() || undefined;
  if (apiUrl !== undefined && !(URL.canParse(apiUrl) && /^https?:$/.test(new URL(apiUrl).protocol))) {
    throw new ConfigError(`STRIPE_API_URL must be an http(s) address, like http://127.0.0.1:12111, got "${apiUrl}".`);
  }
  const bounded = (name: string, fallback: number, min: number, max: number) => readBounded(name, fallback, min, max, env);
  return {
    provider: "stripe",
    secretKey,
    webhookSecret,
    apiUrl,
    holdMinutes: bounded("PAYMENT_HOLD_MINUTES", 30, 30, 1440),
    reconcileAfterSeconds: bounded("PAYMENT_RECONCILE_SECONDS", 300, 1, 3600),
    sweepSeconds: bounded("PAYMENT_SWEEP_SECONDS", 60, 1, 3600),
  };
}

/**
 * EMAIL_ENABLED, SMTP_URL, MAIL_FROM and PUBLIC_URL. In production a shop that sends email needs a real
 * mail server and its own address for the links; elsewhere, without SMTP_URL, emails go to the
 * development mailbox (/dev/mail) and links to the address the shop listens on.
 */
function readEmailConfig(env: Env, production: boolean): EmailConfig {
  const enabled = readBoolean("EMAIL_ENABLED", env.EMAIL_ENABLED?.trim(), true);

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) {
    throw new ConfigError("SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://…:465.");
  }
  if (production && enabled && !smtpUrl) {
    throw new ConfigError("SMTP_URL is required when NODE_ENV=production (or set EMAIL_ENABLED=false to run without email).");
  }

  let publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, "") || undefined;
  if (publicUrl !== undefined) {
    const parsed = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
      throw new ConfigError(`PUBLIC_URL must be the shop's address, like https://shop.example.com, got "${publicUrl}".`);
    }
    publicUrl = `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
  }
  if (production && enabled && !publicUrl) {
    throw new ConfigError("PUBLIC_URL is required when NODE_ENV=production, for the links in emails (e.g. https://shop.example.com).");
  }

  const from = env.MAIL_FROM?.trim() || `Verdant <no-reply@${publicUrl ? new URL(publicUrl).hostname : "localhost"}>`;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  if (!isEmailAddress(address.trim()) && !/^[^\s@]+@localhost$/.test(address.trim())) {
    throw new ConfigError(`MAIL_FROM must be an email address, optionally with a name ("Verdant <shop@example.com>"), got "${from}".`);
  }
  return { enabled, smtpUrl, from, publicUrl };
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
