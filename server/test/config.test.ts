import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_ADMIN_EMAIL, JWT_SECRET_FILE, jwtSecretFor, loadConfig } from "../src/config.js";

const strongSecret = "s".repeat(40);

describe("configuration is read and validated in one place", () => {
  it("uses the documented demo defaults on a developer's machine", () => {
    const config = loadConfig({}, "/srv/shop");
    expect(config.port).toBe(4000);
    expect(config.host).toBe("localhost");
    expect(config.dataDir).toBe("/srv/shop/data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminEmail).toBe(DEMO_ADMIN_EMAIL);
    expect(config.seedDemo).toBe(true);
  });

  it("reads every variable it supports", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/shop",
        DATABASE_URL: "postgres://shop@db:5432/shop",
        JWT_SECRET: strongSecret,
        ADMIN_EMAIL: "Boss@Example.com",
        ADMIN_PASSWORD: "a-long-password",
        INTROSPECTION: "false",
      },
      "/",
    );
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/shop",
      databaseUrl: "postgres://shop@db:5432/shop",
      jwtSecret: strongSecret,
      adminEmail: "boss@example.com",
      adminPassword: "a-long-password",
      introspection: false,
    });
  });

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET/],
    [{ ADMIN_EMAIL: "not-an-email" }, /ADMIN_EMAIL/],
    [{ ADMIN_PASSWORD: "short" }, /ADMIN_PASSWORD/],
    [{ INTROSPECTION: "maybe" }, /INTROSPECTION/],
    [{ HOST: "bad host!" }, /HOST/],
    [{ METRICS_TOKEN: "short" }, /METRICS_TOKEN must be at least 16 characters/],
    [{ TRUST_PROXY: "everyone" }, /TRUST_PROXY/],
  ])("a bad value stops start-up with a one-line explanation: %o", (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("in production there is no default JWT secret and no default admin password", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "long-enough" })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: strongSecret, ADMIN_EMAIL: "a@b.co" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: strongSecret, ADMIN_PASSWORD: "long-enough" })).toThrow(/ADMIN_EMAIL/);
    const config = loadConfig({ NODE_ENV: "production", JWT_SECRET: strongSecret, ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "long-enough", EMAIL_ENABLED: "false" });
    expect(config.seedDemo).toBe(false);
  });
});

const production = {
  NODE_ENV: "production",
  JWT_SECRET: strongSecret,
  ADMIN_EMAIL: "a@b.co",
  ADMIN_PASSWORD: "long-enough",
  SMTP_URL: "smtp://mail.example.com:587",
  PUBLIC_URL: "https://shop.example.com",
};

describe("introspection and the demo shop follow the mode", () => {
  it("introspection and Sandbox are on in development, off in production unless INTROSPECTION=true", () => {
    expect(loadConfig({}).introspection).toBe(true);
    expect(loadConfig(production).introspection).toBe(false);
    expect(loadConfig({ ...production, INTROSPECTION: "true" }).introspection).toBe(true);
    expect(loadConfig({ INTROSPECTION: "false" }).introspection).toBe(false);
  });

  it("in production the demo shopper and catalogue are never seeded, whatever SEED_DEMO says", () => {
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
    // The demo's variants are asked for: the spec's demo sells every product in one variant.
    expect(loadConfig({}).seedVariants).toBe(false);
    expect(loadConfig({ SEED_VARIANTS: "true" }).seedVariants).toBe(true);
    // So are promotions and taxes: the spec's demo has none, and its totals are the items plus delivery.
    expect(loadConfig({})).toMatchObject({ seedPromotions: false, seedTaxes: false });
    expect(loadConfig({ SEED_PROMOTIONS: "true", SEED_TAXES: "true" })).toMatchObject({ seedPromotions: true, seedTaxes: true });
  });
});

describe("the signing secret without JWT_SECRET (never in production)", () => {
  const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-secret-"));

  it("is not taken from the source: the config leaves it unset and no secret is written in config.ts", () => {
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: strongSecret }).jwtSecret).toBe(strongSecret);
    const source = fs.readFileSync(path.resolve(import.meta.dirname, "../src/config.ts"), "utf8");
    expect(source).not.toMatch(/development-only-secret|change-me/i);
  });

  it("is generated at random on the first start, kept in DATA_DIR/jwt-secret with mode 0600, and reused on later starts", () => {
    const dir = path.join(freshDir(), "not-yet-made");
    try {
      const first = jwtSecretFor(dir);
      expect(first.length).toBeGreaterThanOrEqual(64);
      const file = path.join(dir, JWT_SECRET_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(jwtSecretFor(dir)).toBe(first);
      // No scratch files are left behind.
      expect(fs.readdirSync(dir)).toEqual([JWT_SECRET_FILE]);
      const other = freshDir();
      expect(jwtSecretFor(other)).not.toBe(first);
      fs.rmSync(other, { recursive: true, force: true });
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("a damaged secret file stops start-up with a one-line explanation, never silently replaced", () => {
    const dir = freshDir();
    try {
      fs.writeFileSync(path.join(dir, JWT_SECRET_FILE), "short\n");
      expect(() => jwtSecretFor(dir)).toThrow(ConfigError);
      expect(() => jwtSecretFor(dir)).toThrow(/jwt-secret holds no usable secret/);
      expect(fs.readFileSync(path.join(dir, JWT_SECRET_FILE), "utf8")).toBe("short\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads the worker count and the catalogue cache lifetime, refusing nonsense", () => {
    expect(loadConfig({}, "/srv/shop")).toMatchObject({ webConcurrency: 1, catalogueCacheSeconds: 60 });
    expect(loadConfig({ WEB_CONCURRENCY: "2", CATALOGUE_CACHE_SECONDS: "0" }, "/srv/shop")).toMatchObject({ webConcurrency: 2, catalogueCacheSeconds: 0 });
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" }, "/srv/shop")).toThrow(/WEB_CONCURRENCY must be a positive whole number/);
    expect(() => loadConfig({ CATALOGUE_CACHE_SECONDS: "soon" }, "/srv/shop")).toThrow(/CATALOGUE_CACHE_SECONDS must be a whole number/);
  });
});

describe("pictures in S3-compatible storage (S3_*)", () => {
  it("keeps pictures in UPLOADS_DIR unless S3_BUCKET is set; reads the bucket's settings with path-style URLs for an endpoint", () => {
    expect(loadConfig({}, "/srv/shop").s3).toBeNull();
    expect(
      loadConfig(
        {
          S3_BUCKET: "verdant-pictures",
          S3_ENDPOINT: "http://minio:9000/",
          S3_ACCESS_KEY_ID: "shop",
          S3_SECRET_ACCESS_KEY: "secret",
          S3_PUBLIC_URL: "https://cdn.example.com/pictures/",
          S3_PREFIX: "shop/",
        },
        "/srv/shop",
      ).s3,
    ).toEqual({
      bucket: "verdant-pictures",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      accessKeyId: "shop",
      secretAccessKey: "secret",
      forcePathStyle: true,
      publicBaseUrl: "https://cdn.example.com/pictures",
      prefix: "shop/",
    });
    expect(loadConfig({ S3_BUCKET: "b", S3_REGION: "eu-west-1" }, "/srv/shop").s3).toMatchObject({ region: "eu-west-1", forcePathStyle: false });
  });

  it("refuses half a setting with a line saying what to fix", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://minio:9000" }, "/srv/shop")).toThrow(new ConfigError("S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to store pictures in object storage, or unset S3_ENDPOINT."));
    expect(() => loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "only-the-id" }, "/srv/shop")).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: "b", S3_PUBLIC_URL: "cdn.example.com" }, "/srv/shop")).toThrow('S3_PUBLIC_URL must be an http(s) URL, got "cdn.example.com".');
    expect(() => loadConfig({ S3_BUCKET: "b", S3_PREFIX: "shop" }, "/srv/shop")).toThrow(ConfigError);
  });
});

describe("email settings", () => {
  const { SMTP_URL: _smtp, PUBLIC_URL: _public, ...productionWithoutMail } = production;

  it("outside production, without SMTP_URL, emails go to the development mailbox and links to the listening address", () => {
    expect(loadConfig({}).email).toEqual({ enabled: true, smtpUrl: undefined, publicUrl: undefined, from: "Verdant <no-reply@localhost>" });
  });

  it("reads SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash); the default sender uses the shop's host", () => {
    expect(loadConfig({ ...production, MAIL_FROM: "Verdant Plants <hello@shop.example.com>", PUBLIC_URL: "https://shop.example.com/" }).email).toEqual({
      enabled: true,
      smtpUrl: "smtp://mail.example.com:587",
      from: "Verdant Plants <hello@shop.example.com>",
      publicUrl: "https://shop.example.com",
    });
    expect(loadConfig(production).email.from).toBe("Verdant <no-reply@shop.example.com>");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:8080/shop/" }).email.publicUrl).toBe("http://localhost:8080/shop");
  });

  it("production refuses to start without SMTP_URL or PUBLIC_URL while email is on, in one line", () => {
    expect(() => loadConfig({ ...productionWithoutMail, PUBLIC_URL: production.PUBLIC_URL })).toThrow(
      "SMTP_URL is required when NODE_ENV=production (or set EMAIL_ENABLED=false to run without email).",
    );
    expect(() => loadConfig({ ...productionWithoutMail, SMTP_URL: production.SMTP_URL })).toThrow(/^PUBLIC_URL is required when NODE_ENV=production/);
    // With email off, neither is needed.
    expect(loadConfig({ ...productionWithoutMail, EMAIL_ENABLED: "false" }).email).toMatchObject({ enabled: false, smtpUrl: undefined });
  });

  it.each([
    [{ SMTP_URL: "mail.example.com" }, /^SMTP_URL must look like smtp:/],
    [{ SMTP_URL: "http://mail.example.com" }, /^SMTP_URL must look like smtp:/],
    [{ PUBLIC_URL: "shop.example.com" }, /^PUBLIC_URL must be the shop's address/],
    [{ PUBLIC_URL: "ftp://shop.example.com" }, /^PUBLIC_URL must be the shop's address/],
    [{ PUBLIC_URL: "https://shop.example.com/?a=1" }, /^PUBLIC_URL must be the shop's address/],
    [{ MAIL_FROM: "not an address" }, /^MAIL_FROM must be an email address/],
    [{ EMAIL_ENABLED: "sometimes" }, /^EMAIL_ENABLED must be true or false/],
  ])("a bad email setting stops start-up with one line: %o", (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(pattern);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });
});

describe("SHOP_ROLE: what a process runs (web, jobs or all)", () => {
  const postgres = { DATABASE_URL: "postgres://shop@db:5432/shop" };

  it("is all by default (serves the shop and runs the jobs, as before SHOP_ROLE existed), and reads web and jobs", () => {
    expect(loadConfig({}).role).toBe("all");
    expect(loadConfig({ SHOP_ROLE: "" }).role).toBe("all");
    expect(loadConfig({ ...postgres, SHOP_ROLE: "web" }).role).toBe("web");
    expect(loadConfig({ ...postgres, SHOP_ROLE: " JOBS ", PUBLIC_URL: "https://shop.example.com" }).role).toBe("jobs");
    expect(loadConfig({ SHOP_ROLE: "all" }).role).toBe("all");
  });

  it.each([
    [{ ...postgres, SHOP_ROLE: "worker" }, 'SHOP_ROLE must be web, jobs or all, got "worker".'],
    [{ SHOP_ROLE: "web" }, /^SHOP_ROLE=web needs DATABASE_URL \(PostgreSQL\)/],
    [{ SHOP_ROLE: "jobs", PUBLIC_URL: "https://shop.example.com" }, /^SHOP_ROLE=jobs needs DATABASE_URL \(PostgreSQL\)/],
    [{ ...postgres, SHOP_ROLE: "jobs" }, /^SHOP_ROLE=jobs needs PUBLIC_URL/],
  ])("a role the shop cannot run stops start-up with one line: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
