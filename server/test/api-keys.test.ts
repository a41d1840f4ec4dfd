// API keys over HTTP: `Authorization: Bearer vrd_...` on GraphQL and REST, the secret shown once and kept
// only as a hash, revocation and expiry holding at the next request (on every replica), the last-used
// time, each scope opening exactly the REST calls it names, and the request log naming the key.
import crypto from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShop } from "../src/domain/shop.js";
import { API_SCOPES, type ApiScope } from "../src/domain/shared/viewer.js";
import { routes } from "../src/rest/routes.js";
import { createTestShop, failure, serveTestShop, TEST_JWT_SECRET, type TestShop } from "./support.js";

let t: TestShop;
let server: Awaited<ReturnType<typeof serveTestShop>>;
let admin: { id: number; token: string };
const logLines: any[] = [];

async function makeKey(scopes: ApiScope[], extra: { expiresAt?: Date } = {}) {
  return t.shop.apiKeys.create(await t.shop.tokens.verify(admin.token), { name: `Key ${scopes.join("+")}`, scopes, ...extra });
}

async function graphql(secret: string, query: string) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as any;
}

const rest = (secret: string, method: string, path: string) =>
  fetch(`${server.url}/public/api${path}`, { method, headers: { authorization: `Bearer ${secret}` } });

beforeAll(async () => {
  t = await createTestShop();
  admin = await t.signUp({ role: "admin" });
  const logger = pino({ level: "info" }, new Writable({ write: (chunk, _encoding, done) => (logLines.push(JSON.parse(String(chunk))), done()) }));
  server = await serveTestShop(t, { logger });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe("making a key", () => {
  it("shows the secret once (vrd_...) and keeps only its SHA-256; lists show its first characters", async () => {
    const made = await makeKey(["orders:read"]);
    expect(made.secret).toMatch(/^vrd_[A-Za-z0-9_-]{43}$/);
    const row = await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: made.key.id } });
    expect(row.secretHash).toBe(crypto.createHash("sha256").update(made.secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(made.secret);
    expect(row.secretStart).toBe(made.secret.slice(0, 8));

    const listed = await t.gql<any>("{ apiKeys { nodes { id name scopes secretStart active lastUsedAt } } }", {}, admin.token);
    const mine = listed.data.apiKeys.nodes.find((key: any) => key.id === made.key.id);
    expect(mine).toEqual({ id: made.key.id, name: "Key orders:read", scopes: ["ORDERS_READ"], secretStart: made.secret.slice(0, 8), active: true, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(made.secret);
  });

  it("refuses a key without a name or scopes, with an unknown scope, or an expiry in the past", async () => {
    const adminViewer = await t.shop.tokens.verify(admin.token);
    const error = await t.shop.apiKeys.create(adminViewer, { name: "", scopes: ["orders:read", "users:write"], expiresAt: new Date(Date.now() - 1000) }).catch((e) => e);
    expect(error.fields).toEqual({
      name: ["The name field is required."],
      scopes: ["Unknown scope: users:write. Choose from catalogue:read, catalogue:write, orders:read, orders:write, customers:read, analytics:read."],
      expires_at: ["The expiry must be in the future."],
    });
    const answer = await t.gql('mutation { createApiKey(input: { name: "x", scopes: [] }) { secret } }', {}, admin.token);
    expect(failure(answer)).toMatchObject({ code: "BAD_USER_INPUT", fields: { scopes: ["Choose at least one scope."] } });
  });
});

describe("calling with a key", () => {
  it("authenticates GraphQL and REST as Bearer, records when it was last used, and the log names the key", async () => {
    const made = await makeKey(["orders:read", "analytics:read"]);
    const answer = await graphql(made.secret, "{ orders { totalCount } analytics { totalUsers } }");
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toMatchObject({ orders: { totalCount: expect.any(Number) }, analytics: { totalUsers: expect.any(Number) } });
    const viaRest = await rest(made.secret, "GET", "/get-analytics");
    expect(viaRest.status).toBe(200);

    const row = await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: made.key.id } });
    expect(Date.now() - row.lastUsedAt!.getTime()).toBeLessThan(10_000);
    const lines = logLines.filter((line) => line.apiKey?.id === made.key.id);
    expect(lines.map((line) => line.req.url).sort()).toEqual(["/graphql", "/public/api/get-analytics"]);
    expect(lines[0].apiKey).toEqual({ id: made.key.id, name: "Key orders:read+analytics:read" });
    expect(JSON.stringify(logLines)).not.toContain(made.secret);
  });

  it("a revoked key fails on the next request, on every replica", async () => {
    const made = await makeKey(["orders:read"]);
    // A second replica: its own services over the same database.
    const replica = createShop(t.db.prisma, { jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: 3600, imageStore: t.imageStore, events: t.db.events });
    expect(await replica.tokens.viewerFromAuthorization(`Bearer ${made.secret}`)).toMatchObject({ apiKey: { id: made.key.id } });
    expect((await graphql(made.secret, "{ orders { totalCount } }")).errors).toBeUndefined();

    const revoked = await t.gql<any>("mutation($id: Int!) { revokeApiKey(id: $id) { active revokedAt } }", { id: made.key.id }, admin.token);
    expect(revoked.data.revokeApiKey.active).toBe(false);
    const refused = await graphql(made.secret, "{ orders { totalCount } }");
    expect(refused.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await rest(made.secret, "GET", "/orders")).status).toBe(401);
    expect(await replica.tokens.viewerFromAuthorization(`Bearer ${made.secret}`)).toBeNull();
  });

  it("an expired key fails; a made-up or altered secret makes a guest", async () => {
    const made = await makeKey(["orders:read"], { expiresAt: new Date(Date.now() + 60_000) });
    await t.db.prisma.apiKey.update({ where: { id: made.key.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await graphql(made.secret, "{ orders { totalCount } }")).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    const altered = made.secret.slice(0, -1) + (made.secret.endsWith("A") ? "B" : "A");
    expect((await graphql(altered, "{ orders { totalCount } }")).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await graphql("vrd_short", "{ orders { totalCount } }")).errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("REST: a key may call the routes its scopes name (and the guest routes); every other route answers 403", async () => {
    const keys = new Map<ApiScope, string>();
    for (const scope of API_SCOPES) keys.set(scope, (await makeKey([scope])).secret);
    let checked = 0;
    for (const route of routes) {
      if (route.access === "guest") continue;
      const path = route.path.replace(/\{\w+\}/g, "999999");
      for (const scope of API_SCOPES) {
        const response = await rest(keys.get(scope)!, route.method.toUpperCase(), path);
        const label = `${route.name} with ${scope}`;
        if (route.scope === scope) expect([401, 403], label).not.toContain(response.status);
        else expect(response.status, label).toBe(403);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
