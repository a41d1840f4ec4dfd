// Access tokens: what verify accepts and refuses, the sessions behind them, and the role read afresh from the database.
import crypto from "node:crypto";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenService } from "../src/domain/accounts/tokens.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { createTestShop, TEST_JWT_SECRET, type TestShop } from "./support.js";

let t: TestShop;

beforeAll(async () => {
  t = await createTestShop();
});

afterAll(async () => {
  await t?.close();
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

const UPDATE_ACCOUNT = `mutation($name: String!, $email: String!) { updateAccount(name: $name, email: $email) { user { id } } }`;

describe("issuing and verifying", () => {
  it("a token issued for a user verifies as that user, with its id and expiry", async () => {
    const user = await t.signUp();
    const before = Date.now();
    const { token, expiresAt } = await t.shop.tokens.issue({ id: user.id });
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);

    const viewer = await t.shop.tokens.verify(token);
    expect(viewer).toMatchObject({ userId: user.id, role: "user" });
    expect(viewer!.tokenExpiresAt.getTime()).toBe(expiresAt.getTime());
    const claims = jwt.decode(token, { complete: true })!;
    expect(claims.header.alg).toBe("HS256");
    expect(claims.payload).toMatchObject({ sub: String(user.id), jti: viewer!.tokenId });
  });

  it("every token gets its own id, so logging out one session leaves the others", async () => {
    const user = await t.signUp();
    const first = await t.shop.tokens.verify((await t.shop.tokens.issue({ id: user.id })).token);
    const second = await t.shop.tokens.verify((await t.shop.tokens.issue({ id: user.id })).token);
    expect(first!.tokenId).not.toBe(second!.tokenId);
  });
});

describe("refused tokens make the caller a guest", () => {
  it("a token signed with another secret (forged) is refused", async () => {
    const user = await t.signUp();
    const forger = new TokenService(t.shop.prisma, t.shop.events, "another-secret-another-secret-0123456789", 3600);
    const { token } = await forger.issue({ id: user.id });
    expect(await t.shop.tokens.verify(token)).toBeNull();
    const result = await t.gql(UPDATE_ACCOUNT, { name: "Mallory", email: "mallory@example.com" }, token);
    expect(result.errors?.[0]?.originalError).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("an expired token is refused", async () => {
    const user = await t.signUp();
    const pastTtl = new TokenService(t.shop.prisma, t.shop.events, TEST_JWT_SECRET, -10);
    const { token, expiresAt } = await pastTtl.issue({ id: user.id });
    expect(expiresAt.getTime()).toBeLessThan(Date.now());
    expect(await t.shop.tokens.verify(token)).toBeNull();
  });

  it("malformed tokens are refused", async () => {
    for (const token of ["", "abc", "a.b.c", "a.b", `${"x".repeat(5000)}.y.z`, "eyJhbGciOiJIUzI1NiJ9.e30."]) {
      expect(await t.shop.tokens.verify(token)).toBeNull();
    }
    expect(await t.shop.tokens.verify(42 as unknown as string)).toBeNull();
  });

  it("a token with alg=none is refused", async () => {
    const user = await t.signUp();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ sub: String(user.id), jti: "x", exp })}.`;
    expect(await t.shop.tokens.verify(token)).toBeNull();
  });

  it("a token with the right secret but another algorithm (HS512) is refused", async () => {
    const user = await t.signUp();
    const token = jwt.sign({ sub: String(user.id), jti: crypto.randomUUID() }, TEST_JWT_SECRET, { algorithm: "HS512", expiresIn: 3600 });
    expect(await t.shop.tokens.verify(token)).toBeNull();
  });

  it("a token without an expiry, an id or a numeric subject is refused", async () => {
    const user = await t.signUp();
    const sign = (claims: object) => jwt.sign(claims, TEST_JWT_SECRET, { algorithm: "HS256" });
    const exp = Math.floor(Date.now() / 1000) + 3600;
    // The user's real session id, so that each refusal below is down to the one claim that is wrong.
    const { tokenId: jti } = (await t.shop.tokens.verify(user.token))!;
    expect(await t.shop.tokens.verify(sign({ sub: String(user.id), jti }))).toBeNull();
    expect(await t.shop.tokens.verify(sign({ sub: String(user.id), exp }))).toBeNull();
    expect(await t.shop.tokens.verify(sign({ sub: String(user.id), jti: "not-a-session-id", exp }))).toBeNull();
    expect(await t.shop.tokens.verify(sign({ sub: "admin", jti, exp }))).toBeNull();
    expect(await t.shop.tokens.verify(sign({ sub: user.id, jti, exp }))).toBeNull();
    expect(await t.shop.tokens.verify(sign({ sub: "99999999999", jti, exp }))).toBeNull();
    expect(await t.shop.tokens.verify(sign({ sub: String(user.id), jti, exp }))).not.toBeNull();
  });

  it("a token of a user that no longer exists is refused", async () => {
    const user = await t.signUp();
    await t.shop.prisma.user.delete({ where: { id: user.id } });
    expect(await t.shop.tokens.verify(user.token)).toBeNull();
  });
});

describe("sessions", () => {
  it("logout ends exactly that session; ending it twice is harmless", async () => {
    const user = await t.signUp();
    const other = await t.shop.tokens.issue({ id: user.id });
    const viewer = (await t.shop.tokens.verify(user.token)) as Viewer;
    await t.shop.tokens.revoke(viewer);
    await t.shop.tokens.revoke(viewer);
    await Promise.all([t.shop.tokens.revoke(viewer), t.shop.tokens.revoke(viewer)]);
    expect(await t.shop.tokens.verify(user.token)).toBeNull();
    expect(await t.shop.prisma.session.count({ where: { id: viewer.tokenId } })).toBe(0);
    expect(await t.shop.tokens.verify(other.token)).toMatchObject({ userId: user.id });
  });

  it("a validly signed token without a session (never issued, or ended) is refused", async () => {
    const user = await t.signUp();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = jwt.sign({ sub: String(user.id), jti: crypto.randomUUID(), exp }, TEST_JWT_SECRET, { algorithm: "HS256" });
    expect(await t.shop.tokens.verify(token)).toBeNull();
  });

  it("a session belongs to one user: its id in another user's token is refused", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { tokenId } = (await t.shop.tokens.verify(owner.token))!;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = jwt.sign({ sub: String(other.id), jti: tokenId, exp }, TEST_JWT_SECRET, { algorithm: "HS256" });
    expect(await t.shop.tokens.verify(token)).toBeNull();
  });

  it("signing in clears sessions that have expired anyway", async () => {
    const user = await t.signUp();
    const expired = crypto.randomUUID();
    await t.shop.prisma.session.create({ data: { id: expired, userId: user.id, expiresAt: new Date(Date.now() - 60_000) } });
    await t.shop.tokens.issue({ id: user.id });
    expect(await t.shop.prisma.session.findUnique({ where: { id: expired } })).toBeNull();
  });

  it("verifying a token is ONE database round trip (session and role together)", async () => {
    const user = await t.signUp({ role: "admin" });
    const operations: string[] = [];
    const counted = t.shop.prisma.$extends({
      query: {
        async $allOperations({ operation, model, args, query }) {
          operations.push(model ? `${model}.${operation}` : operation);
          return query(args);
        },
      },
    });
    const tokens = new TokenService(counted as unknown as typeof t.shop.prisma, t.shop.events, TEST_JWT_SECRET, 3600);
    expect(await tokens.verify(user.token)).toMatchObject({ userId: user.id, role: "admin" });
    expect(operations).toEqual(["$queryRaw"]);
  });
});

describe("the role comes from the database, not the token", () => {
  it("a demoted admin loses admin at once, with the same token", async () => {
    const admin = await t.signUp({ role: "admin" });
    expect((await t.shop.tokens.verify(admin.token))!.role).toBe("admin");
    // A shopper holds no staff role (the database refuses one): both go together.
    await t.shop.prisma.user.update({ where: { id: admin.id }, data: { role: "user", staffRole: null } });
    expect((await t.shop.tokens.verify(admin.token))!.role).toBe("user");
    const result = await t.gql(`{ users { nodes { id } } }`, {}, admin.token);
    expect(result.errors?.[0]?.originalError).toMatchObject({ code: "FORBIDDEN" });
  });

  it("a promoted user is an admin at once", async () => {
    const user = await t.signUp();
    await t.shop.prisma.user.update({ where: { id: user.id }, data: { role: "admin" } });
    expect((await t.shop.tokens.verify(user.token))!.role).toBe("admin");
  });
});
