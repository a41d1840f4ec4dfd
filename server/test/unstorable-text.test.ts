// NUL characters and lone surrogates (which PostgreSQL refuses) are invalid input at the edge, in every
// way text arrives; and no error answer, in any mode, carries SQL or a stack.
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUnstorableText, isUnstorableText } from "../src/domain/shared/text.js";
import { API, makeCategory, openRestApi, productForm, TINY_PNG, type RestApi } from "./rest-support.js";
import { createTestShop, refusal, serveTestShop, type TestShop } from "./support.js";

const NUL = "\u0000";
const LONE_HIGH = "\uD800";
const LONE_LOW = "\uDC00";

let t: TestShop;
let api: RestApi;
let graphqlServer: Awaited<ReturnType<typeof serveTestShop>>;
let logLines: string[] = [];
let admin: { token: string };
let user: { token: string };

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  // Development mode: the mode that used to show SQL in GraphQL errors.
  graphqlServer = await serveTestShop(t, { env: "development", logger });
  admin = await t.signUp({ role: "admin" });
  user = await t.signUp();
});
afterAll(async () => {
  await api?.close();
  await graphqlServer?.close();
  await t?.close();
});

const graphql = async (query: string, variables?: Record<string, unknown>, token?: string) => {
  const response = await fetch(`${graphqlServer.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
};

const badTextMessage = (field: string) =>
  `The ${field} contains characters that are not allowed (a NUL character or a broken UTF-16 surrogate). Remove them and try again.`;

describe("the shared check", () => {
  it("finds NUL and lone surrogates, in values and keys, at any depth; a proper pair is fine", () => {
    expect(isUnstorableText(`a${NUL}b`)).toBe(true);
    expect(isUnstorableText(`a${LONE_HIGH}`)).toBe(true);
    expect(isUnstorableText(`${LONE_LOW}a`)).toBe(true);
    expect(isUnstorableText(`${LONE_LOW}${LONE_HIGH}`)).toBe(true);
    expect(isUnstorableText("🌿 Fern — café")).toBe(false);
    expect(findUnstorableText({ cart: [{ id: 1 }, { name: `x${NUL}` }] }, "")).toBe("cart.1.name");
    expect(findUnstorableText({ [`na${NUL}me`]: "x" }, "input")).toBe("input.na\uFFFDme");
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep, "list")).toMatch(/^list(\.0)+$/);
    expect(findUnstorableText({ a: ["fine", 1, null, true] }, "")).toBeNull();
  });

  it("the domain's own text checks refuse it too (for callers that skip the edge)", async () => {
    const viewer = (await t.shop.tokens.verify(admin.token))!;
    const error = await refusal(t.shop.categories.create(viewer, { name: `Ferns${NUL}` }));
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", fields: { name: [badTextMessage("name")] } });
    const loginError = await refusal(t.shop.accounts.login({ email: "a@b.co", password: `pass${LONE_HIGH}` }));
    expect(loginError.fields).toEqual({ password: [badTextMessage("password")] });
  });
});

describe("GraphQL: variables and inline literals", () => {
  it.each([
    ["NUL", NUL],
    ["a lone high surrogate", LONE_HIGH],
    ["a lone low surrogate", LONE_LOW],
  ])("%s in a variable is BAD_USER_INPUT naming the variable's field; nothing is written", async (_name, bad) => {
    const before = await t.shop.prisma.user.count();
    const { status, body } = await graphql(
      "mutation($input: RegisterInput!) { register(input: $input) { message } }",
      { input: { name: `Ro${bad}se`, email: "rose@example.com", password: "tulips4ever", passwordConfirmation: "tulips4ever" } },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { message: badTextMessage("input.name"), extensions: { code: "BAD_USER_INPUT", fields: { "input.name": [badTextMessage("input.name")] } } },
    ]);
    expect(await t.shop.prisma.user.count()).toBe(before);
  });

  it("in an inline literal (searches and slugs included) it is BAD_USER_INPUT naming the argument", async () => {
    for (const query of [`{ products(search: "fern\\u0000") { nodes { id } } }`, `{ product(slug: "fern\\u0000") { id } }`]) {
      const { status, body } = await graphql(query);
      expect(status).toBe(400);
      expect(body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(Object.keys(body.errors[0].extensions.fields)).toEqual([query.includes("search") ? "search" : "slug"]);
    }
    const inInput = await graphql(
      `mutation { register(input: { name: "x\\u0000", email: "e@x.co", password: "abc12345", passwordConfirmation: "abc12345" }) { message } }`,
    );
    expect(inInput.body.errors[0].extensions.fields).toEqual({ "input.name": [badTextMessage("input.name")] });
  });

  it("a search with NUL in a variable is refused, not a 500 with SQL", async () => {
    const { status, body } = await graphql("query($s: String) { products(search: $s) { nodes { id } } }", { s: `a${NUL}` });
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ message: badTextMessage("s"), extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("REST: JSON bodies, form fields, query strings, path parameters", () => {
  it("a JSON body: 422 naming the field", async () => {
    const answer = await api.post("/register", {
      json: { name: `Rose${NUL}`, email: "rose@example.com", password: "tulips4ever", password_confirmation: "tulips4ever" },
    });
    expect(answer).toMatchObject({ status: 422, body: { name: [badTextMessage("name")] } });
    const nested = await api.post("/check-cart", { token: user.token, json: { cart: [{ id: 1, cartQuantity: 1, name: `Fern${LONE_HIGH}` }] } });
    expect(nested.status).toBe(422);
    expect(nested.body["cart.0.name"]).toEqual([badTextMessage("cart.0.name")]);
  });

  it("a form-encoded body: 422", async () => {
    const answer = await api.post("/login", { raw: { body: "email=a%00b%40example.com&password=x", type: "application/x-www-form-urlencoded" } });
    expect(answer).toMatchObject({ status: 422, body: { email: [badTextMessage("email")] } });
  });

  it("a multipart form field: 422, and no product is made", async () => {
    const category = await makeCategory(t, "Text Checks");
    const form = productForm(
      { name: "Odd Fern", description: `Leafy${NUL}`, price: "10", quantity: "3", category: category.name },
      { image_one: { bytes: TINY_PNG, name: "fern.png" } },
    );
    const answer = await api.post("/product-store", { token: admin.token, form });
    expect(answer).toMatchObject({ status: 422, body: { description: [badTextMessage("description")] } });
    expect(await t.shop.prisma.product.count({ where: { name: "Odd Fern" } })).toBe(0);
  });

  it("a query string and a path parameter: 422", async () => {
    const search = await api.get("/products?search=fern%00");
    expect(search).toMatchObject({ status: 422, body: { search: [badTextMessage("search")] } });
    const slug = await api.get("/products/fern%00");
    expect(slug).toMatchObject({ status: 422, body: { slug: [badTextMessage("slug")] } });
    const order = await api.get("/order/ORD%00", { token: user.token });
    expect(order.status).toBe(422);
  });
});

describe("no error answer carries SQL or a stack, in any mode", () => {
  it("an unexpected failure in development: GraphQL says INTERNAL_SERVER_ERROR in plain words; the log keeps the error, not the token", async () => {
    const original = t.shop.accounts.me;
    t.shop.accounts.me = async () => {
      throw new Error('Raw query failed. Code: `22021`. Message: `SELECT "password_hash" FROM "users" WHERE id = $1`');
    };
    try {
      logLines = [];
      const { body } = await graphql("{ me { id } }", undefined, user.token);
      expect(body.errors).toEqual([
        { message: "Something went wrong on our side. Please try again.", locations: [{ line: 1, column: 3 }], path: ["me"], extensions: { code: "INTERNAL_SERVER_ERROR" } },
      ]);
      expect(JSON.stringify(body)).not.toMatch(/SELECT|password_hash|stacktrace|\.ts:\d+/);
      const logged = logLines.join("");
      expect(logged).toMatch(/unexpected error in a GraphQL request/);
      expect(logged).toMatch(/SELECT/);
      expect(logged).not.toContain(user.token);
    } finally {
      t.shop.accounts.me = original;
    }
  });

  it("the same failure over REST: 500 with the plain message only", async () => {
    const original = t.shop.accounts.me;
    t.shop.accounts.me = async () => {
      throw new Error('SELECT "password_hash" FROM "users"');
    };
    try {
      const response = await fetch(`${api.url}${API}/me`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: "Something went wrong on our side. Please try again.",
        message: "Something went wrong on our side. Please try again.",
      });
    } finally {
      t.shop.accounts.me = original;
    }
  });
});
