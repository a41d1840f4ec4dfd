// Sign-in and sign-up throttling (domain/throttle.ts): per account and address, per account, per
// address; counts in the database (shared by replicas); 429 / TOO_MANY_REQUESTS with Retry-After.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, proxyTrust } from "../src/config.js";
import { ShopError } from "../src/domain/shared/errors.js";
import { createShop } from "../src/domain/shop.js";
import { addressKey, PASSWORD_CHECK_LIMITS, SIGN_IN_LIMITS, SIGN_UP_LIMITS, Throttle, waitText } from "../src/domain/accounts/throttle.js";
import { openRestApi, type RestApi } from "./rest-support.js";
import { createTestShop, oldClientInput, refusal, serveTestShop, TEST_JWT_SECRET, type TestShop } from "./support.js";
import { accountPayload, passwordChangePayload, registrationPayload } from "../src/rest/payloads.js";

let t: TestShop;
let api: RestApi;
let graphqlServer: Awaited<ReturnType<typeof serveTestShop>>;

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  graphqlServer = await serveTestShop(t);
});
afterAll(async () => {
  await api?.close();
  await graphqlServer?.close();
  await t?.close();
});

let addressCounter = 0;
/** A fresh client address (TEST-NET-3), so tests do not share counters. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

const login = (email: string, password: string, address: string | null) => t.shop.accounts.login({ email, password }, address);
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => "ok",
    (error: unknown) => (error instanceof ShopError ? error.code : String(error)),
  );

describe("sign-in from one address to one account: strict, and the right password clears it", () => {
  it(`${SIGN_IN_LIMITS.accountAndAddress.attempts} wrong passwords, then even the right one waits; the message and retryAfter say how long`, async () => {
    const user = await t.signUp();
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) {
      expect(await outcome(login(user.email, "wrong-password-1", address))).toBe("UNAUTHENTICATED");
    }
    const error = await refusal(login(user.email, user.password, address));
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.accountAndAddress.seconds - 10);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountAndAddress.seconds);
    expect(error.message).toBe("Too many sign-in attempts. Please wait 5 minutes and try again.");
    // The owner elsewhere is not locked out.
    expect(await outcome(login(user.email, user.password, freshAddress()))).toBe("ok");
  });

  it("a correct password clears the count: the owner who mistypes now and then is never locked out", async () => {
    const user = await t.signUp();
    const address = freshAddress();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts - 1; i += 1) {
        expect(await outcome(login(user.email, "typo-password-1", address))).toBe("UNAUTHENTICATED");
      }
      expect(await outcome(login(user.email, user.password, address))).toBe("ok");
    }
  });

  it("once the window has ended the owner may try again", async () => {
    const user = await t.signUp();
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) await outcome(login(user.email, "wrong-password-1", address));
    expect(await outcome(login(user.email, user.password, address))).toBe("TOO_MANY_REQUESTS");
    // Time passes: the window of every counter of this account ends.
    await t.shop.prisma.throttleCounter.updateMany({
      where: { key: { contains: user.email } },
      data: { windowEndsAt: new Date(Date.now() - 1000) },
    });
    expect(await outcome(login(user.email, user.password, address))).toBe("ok");
  });

  it("refused attempts do not count: hammering a locked account from one address does not lock it everywhere", async () => {
    const user = await t.signUp();
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts + 40; i += 1) await outcome(login(user.email, "wrong-password-1", address));
    const counter = await t.shop.prisma.throttleCounter.findUnique({ where: { key: `sign-in:account:${user.email}` } });
    expect(counter?.hits).toBe(SIGN_IN_LIMITS.accountAndAddress.attempts);
    expect(await outcome(login(user.email, user.password, freshAddress()))).toBe("ok");
  });

  it("a burst of parallel guesses cannot slip past the limit (the count is taken before the password is checked)", async () => {
    const user = await t.signUp();
    const address = freshAddress();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => outcome(login(user.email, "wrong-password-1", address))));
    expect(outcomes.filter((result) => result === "UNAUTHENTICATED")).toHaveLength(SIGN_IN_LIMITS.accountAndAddress.attempts);
    expect(outcomes.filter((result) => result === "TOO_MANY_REQUESTS")).toHaveLength(12 - SIGN_IN_LIMITS.accountAndAddress.attempts);
  });
});

describe("sign-in per account and per address", () => {
  it(`guesses spread over many addresses: after ${SIGN_IN_LIMITS.account.attempts} the account waits (15 minutes at most)`, async () => {
    const user = await t.signUp();
    for (let i = 0; i < SIGN_IN_LIMITS.account.attempts; i += 1) {
      expect(await outcome(login(user.email, "wrong-password-1", freshAddress()))).toBe("UNAUTHENTICATED");
    }
    const error = await refusal(login(user.email, user.password, freshAddress()));
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.seconds);
  });

  it(`one address trying many accounts (unknown ones too): after ${SIGN_IN_LIMITS.address.attempts} failures the address waits`, async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.address.attempts; i += 1) {
      expect(await outcome(login(`nobody${i}@example.com`, "wrong-password-1", address))).toBe("UNAUTHENTICATED");
    }
    const user = await t.signUp();
    expect(await outcome(login(user.email, user.password, address))).toBe("TOO_MANY_REQUESTS");
    expect(await outcome(login(user.email, user.password, freshAddress()))).toBe("ok");
  });

  it("the counts live in the database: two replicas (two shops on one database) count the same attempts", async () => {
    const replica = createShop(t.shop.prisma, { jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: 3600, imageStore: t.imageStore, events: t.shop.events });
    const user = await t.signUp();
    const address = freshAddress();
    const shops = [t.shop, replica];
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) {
      await outcome(shops[i % 2].accounts.login({ email: user.email, password: "wrong-password-1" }, address));
    }
    for (const shop of shops) {
      expect(await outcome(shop.accounts.login({ email: user.email, password: user.password }, address))).toBe("TOO_MANY_REQUESTS");
    }
  });
});

describe("sign-up per address", () => {
  it(`${SIGN_UP_LIMITS.address.attempts} sign-ups from one address, then it waits; another address may still sign up`, async () => {
    const address = freshAddress();
    const registration = (i: number) => ({ name: "Seedling", email: `seedling${i}-${address}@example.com`, password: "sprout4ever", password_confirmation: "sprout4ever" });
    for (let i = 0; i < SIGN_UP_LIMITS.address.attempts; i += 1) {
      expect(await outcome(t.shop.accounts.register(oldClientInput(registrationPayload, registration(i)), address))).toBe("ok");
    }
    const error = await refusal(t.shop.accounts.register(oldClientInput(registrationPayload, registration(99)), address));
    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", message: "Too many sign-ups from your network. Please wait 15 minutes and try again." });
    expect(await outcome(t.shop.accounts.register(oldClientInput(registrationPayload, registration(100)), freshAddress()))).toBe("ok");
  });
});

describe("a signed-in user's password checks (password and email changes)", () => {
  it(`${PASSWORD_CHECK_LIMITS.user.attempts} wrong old passwords, then the session waits; a right one before that clears the count`, async () => {
    const user = await t.signUp({ password: "old-password-1" });
    const viewer = (await t.shop.tokens.verify(user.token))!;
    const change = (old: string) =>
      t.shop.accounts.updatePassword(viewer, oldClientInput(passwordChangePayload, { old_password: old, password: "new-password-2", password_confirmation: "new-password-2" }));
    for (let i = 0; i < PASSWORD_CHECK_LIMITS.user.attempts - 1; i += 1) expect(await outcome(change("guess-password-1"))).toBe("BAD_USER_INPUT");
    // A right current password (for an email change) clears the count.
    const email = `moved-${Date.now()}@example.com`;
    expect(await outcome(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, { name: "Moved", email, current_password: "old-password-1" })))).toBe("ok");
    for (let i = 0; i < PASSWORD_CHECK_LIMITS.user.attempts; i += 1) expect(await outcome(change("guess-password-1"))).toBe("BAD_USER_INPUT");
    const error = await refusal(change("old-password-1"));
    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", message: "Too many wrong passwords. Please wait 5 minutes and try again." });
    const rest = await api.post("/update-password", {
      token: user.token,
      json: { old_password: "old-password-1", password: "new-password-2", password_confirmation: "new-password-2" },
    });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("counters", () => {
  it("old counters are pruned", async () => {
    await t.shop.prisma.throttleCounter.create({ data: { key: "sign-in:address:198.51.100.1", hits: 3, windowEndsAt: new Date(Date.now() - 60_000) } });
    const live = await t.shop.prisma.throttleCounter.count({ where: { windowEndsAt: { gt: new Date() } } });
    await new Throttle(t.shop.prisma).count(new Map([["sign-in:address:198.51.100.2", SIGN_IN_LIMITS.address]]));
    expect(await t.shop.prisma.throttleCounter.findUnique({ where: { key: "sign-in:address:198.51.100.1" } })).toBeNull();
    expect(await t.shop.prisma.throttleCounter.count({ where: { windowEndsAt: { gt: new Date() } } })).toBe(live + 1);
  });

  it("an IPv6 address counts by its /64; IPv4 and IPv4-mapped IPv6 alike by the address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey(undefined)).toBeNull();
    expect(addressKey("not an address")).toBeNull();
  });

  it("waits are said in seconds under a minute, else in whole minutes rounded up", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(42)).toBe("42 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
  });
});

describe("over HTTP: the client address is Express's req.ip (behind the local proxy, its X-Forwarded-For)", () => {
  it("REST /login answers 429 with Retry-After and a message saying when; another address is not affected", async () => {
    const user = await t.signUp();
    const from = { "x-forwarded-for": "198.51.100.20" };
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) {
      expect((await api.post("/login", { json: { email: user.email, password: "wrong-password-1" }, headers: from })).status).toBe(401);
    }
    const refused = await api.post("/login", { json: { email: user.email, password: user.password }, headers: from });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "Too many sign-in attempts. Please wait 5 minutes and try again.",
      message: "Too many sign-in attempts. Please wait 5 minutes and try again.",
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountAndAddress.seconds);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const elsewhere = await api.post("/login", { json: { email: user.email, password: user.password }, headers: { "x-forwarded-for": "198.51.100.21" } });
    expect(elsewhere.status).toBe(200);
  });

  it("REST /register answers 429 after too many sign-ups from one address", async () => {
    const from = { "x-forwarded-for": "198.51.100.30" };
    const body = (i: number) => ({ name: "Bud", email: `bud${i}@example.com`, password: "blossom4ever", password_confirmation: "blossom4ever" });
    for (let i = 0; i < SIGN_UP_LIMITS.address.attempts; i += 1) expect((await api.post("/register", { json: body(i), headers: from })).status).toBe(201);
    const refused = await api.post("/register", { json: body(99), headers: from });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("GraphQL login: TOO_MANY_REQUESTS with extensions.retryAfter and a Retry-After header", async () => {
    const user = await t.signUp();
    const send = async (password: string) => {
      const response = await fetch(`${graphqlServer.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.40" },
        body: JSON.stringify({
          query: "mutation($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }",
          variables: { email: user.email, password },
        }),
      });
      return { headers: response.headers, body: await response.json() };
    };
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) {
      expect((await send("wrong-password-1")).body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    }
    const refused = await send(user.password);
    const error = refused.body.errors[0];
    expect(error.message).toBe("Too many sign-in attempts. Please wait 5 minutes and try again.");
    expect(error.extensions.code).toBe("TOO_MANY_REQUESTS");
    expect(error.extensions.retryAfter).toBeGreaterThan(0);
    expect(refused.headers.get("retry-after")).toBe(String(error.extensions.retryAfter));
  });
});

describe("behind a load balancer (TRUST_PROXY)", () => {
  /** A sign-in sent from `from` (a local address standing for a host), naming `forwardedFor` in X-Forwarded-For. */
  const signIn = (url: string, from: string, forwardedFor: string, email: string, password: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email, password });
      const { hostname, port } = new URL(url);
      const request = http.request(
        { host: hostname, port, path: "/public/api/login", method: "POST", localAddress: from, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-forwarded-for": forwardedFor } },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  it("counts by the caller's address when the balancer's is trusted, and ignores X-Forwarded-For from anyone else", async () => {
    // The balancer at 127.0.0.2, as if on another host: not loopback's 127.0.0.1, so only TRUST_PROXY makes it trusted.
    const behindBalancer = await serveTestShop(t, { trustProxy: ["127.0.0.2"] });
    try {
      const user = await t.signUp();
      for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) {
        expect(await signIn(behindBalancer.url, "127.0.0.2", "203.0.113.7", user.email, "wrong-password-1")).toBe(401);
      }
      expect(await signIn(behindBalancer.url, "127.0.0.2", "203.0.113.7", user.email, user.password)).toBe(429);
      // Another shopper behind the same balancer is not locked out by the first one's failures.
      expect(await signIn(behindBalancer.url, "127.0.0.2", "203.0.113.8", user.email, user.password)).toBe(200);
      // A caller that is not the balancer cannot escape its own count by naming another address.
      const other = await t.signUp();
      for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) {
        expect(await signIn(behindBalancer.url, "127.0.0.3", `203.0.113.${20 + i}`, other.email, "wrong-password-1")).toBe(401);
      }
      expect(await signIn(behindBalancer.url, "127.0.0.3", "203.0.113.99", other.email, other.password)).toBe(429);
    } finally {
      await behindBalancer.close();
    }
  });

  it("TRUST_PROXY is read and checked at start: hops, addresses and ranges; never 'trust everyone'", () => {
    const base = {};
    expect(loadConfig(base).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.10, uniquelocal" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.10", "uniquelocal"]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=true would let any caller pick its own address/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.300" })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: "balancer.internal" })).toThrow(/TRUST_PROXY must be/);
    // One hop trusts the connection's peer only: the address it names is the caller's.
    const oneHop = proxyTrust(1);
    expect([oneHop("10.0.0.5", 0), oneHop("203.0.113.7", 1)]).toEqual([true, false]);
  });
});
