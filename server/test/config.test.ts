import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_ADMIN_EMAIL, loadConfig } from "../src/config.js";

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
    const config = loadConfig({ NODE_ENV: "production", JWT_SECRET: strongSecret, ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "long-enough" });
    expect(config.seedDemo).toBe(false);
  });
});
