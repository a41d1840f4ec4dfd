// The start-up path users run (`npm start` -> server/src/main.ts): migrate, seed when empty, serve,
// print the URL and logins; and a clean shutdown on SIGTERM that still finishes in-flight requests.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import jwt from "jsonwebtoken";
import { afterAll, describe, expect, it } from "vitest";
import { connectLive } from "./live-support.js";
import { cleanUpLater, serverDir, startShopProcess, stopAll } from "./processes.js";
import { onPostgres } from "./support.js";

afterAll(stopAll);

const start = startShopProcess;

const databaseEnv = (): Record<string, string> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
  cleanUpLater({ folder: dataDir });
  if (!onPostgres) return { DATA_DIR: dataDir };
  // A private schema on the PostgreSQL server, so this run starts on an empty database.
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const schema = `start_${crypto.randomBytes(4).toString("hex")}`;
  url.searchParams.set("schema", schema);
  cleanUpLater({ schema });
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
};

const graphql = async (url: string, query: string, token?: string) =>
  (
    await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query }),
    })
  ).json();

describe("start-up as the README runs it", () => {
  it("migrates, seeds an empty database, serves the shop and prints the URL and the demo logins", async () => {
    const env = databaseEnv();
    const first = await start(env);
    expect(first.output()).toMatch(/Admin login:\s+admin@verdant\.shop \/ admin-password-2026/);
    expect(first.output()).toMatch(/Shopper login:\s+shopper@verdant\.shop \/ shopper-password-2026/);
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = await graphql(first.url, "{ products(first: 100) { nodes { id } } categories { nodes { id } } regions { nodes { id } } }");
    expect(body.data.products.nodes.length).toBeGreaterThanOrEqual(40);
    expect(body.data.categories.nodes.length).toBeGreaterThanOrEqual(8);
    expect(body.data.regions.nodes.length).toBeGreaterThanOrEqual(4);

    // No JWT_SECRET: the shop made a random secret in DATA_DIR (0600); the secret that used to be in the
    // source signs nothing any more, so an admin token forged with it is a guest's.
    expect(fs.statSync(path.join(env.DATA_DIR, "jwt-secret")).mode & 0o777).toBe(0o600);
    expect(first.output()).toMatch(/secret generated in .*jwt-secret/);
    const signIn = await graphql(first.url, 'mutation { login(email: "shopper@verdant.shop", password: "shopper-password-2026") { accessToken } }');
    const shopperToken: string = signIn.data.login.accessToken;
    const forged = jwt.sign({ sub: "1", jti: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) + 3600 }, "development-only-secret-change-me-in-production");
    expect((await graphql(first.url, "{ me { email } }", forged)).data.me).toBeNull();
    expect((await graphql(first.url, "{ me { email } }", shopperToken)).data.me.email).toBe("shopper@verdant.shop");

    // SIGTERM while a request is still arriving and a WebSocket is open: the request is answered, the
    // socket is told the server is going away (1001, so its client reconnects elsewhere), the process exits 0.
    const socket = connectLive(first.url);
    await new Promise((resolve) => socket.client.on("connected", resolve));
    const payload = JSON.stringify({ query: "{ categories { nodes { id name } } }" });
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
    expect(JSON.parse(answered).data.categories.nodes.length).toBeGreaterThanOrEqual(8);
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/SIGTERM received/);
    expect(await socket.closed).toMatchObject({ code: 1001 });
    await socket.dispose();

    // A second start on the same database applies nothing and seeds nothing again.
    const second = await start(env);
    expect(second.output()).not.toMatch(/Applied \d+ migration/);
    expect(second.output()).not.toMatch(/Seeded the demo catalogue/);
    const again = await graphql(second.url, "{ products(first: 100) { nodes { id } } }");
    expect(again.data.products.nodes.length).toBe(body.data.products.nodes.length);
    // The second start signs with the same kept secret: the shopper's token still works.
    expect((await graphql(second.url, "{ me { email } }", shopperToken)).data.me.email).toBe("shopper@verdant.shop");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);

  it("in production it runs as built JavaScript (server/dist), with no TypeScript loader, as npm start and the Dockerfile run it", async () => {
    // A build of its own, beside server/dist (the same relative paths), so runs side by side do not share one.
    const folder = `dist.test-${crypto.randomBytes(4).toString("hex")}`;
    cleanUpLater({ folder: path.join(serverDir, folder) });
    const build = spawnSync(process.execPath, [path.join(serverDir, "../scripts/build-server.mjs"), folder], { encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
    expect(fs.existsSync(path.join(serverDir, folder, "main.js"))).toBe(true);
    // The picture encoder's child is forked by path: it must be there in the built language.
    expect(fs.existsSync(path.join(serverDir, folder, "domain/images/encoder-child.js"))).toBe(true);
    const admin = { ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "a-production-password" };
    const shop = await start(
      { ...databaseEnv(), ...admin, NODE_ENV: "production", JWT_SECRET: crypto.randomBytes(32).toString("hex"), EMAIL_ENABLED: "false" },
      ["--max-semi-space-size=32", "--max-old-space-size=256", `${folder}/main.js`],
    );
    expect(fs.readFileSync(`/proc/${shop.child.pid}/cmdline`, "utf8")).not.toMatch(/tsx/);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
    const signIn = await graphql(shop.url, `mutation { login(email: "${admin.ADMIN_EMAIL}", password: "${admin.ADMIN_PASSWORD}") { accessToken user { role } } }`);
    expect(signIn.data.login.user.role).toBe("ADMIN");
    const category = await graphql(shop.url, 'mutation { createCategory(name: "Built") { category { name } } }', signIn.data.login.accessToken);
    expect(category.data.createCategory.category.name).toBe("Built");
    expect((await graphql(shop.url, "{ categories { nodes { name } } }")).data.categories.nodes).toEqual([{ name: "Built" }]);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 240_000);

  it("a bad setting stops start-up with a one-line explanation", async () => {
    await expect(start({ PORT: "not-a-port" })).rejects.toThrow(/Cannot start: PORT must be a whole number/);
  }, 60_000);
});
