// Limits on what one GraphQL request may ask (graphql/limits.ts): aliases, tokens, cost and depth (with
// graphql-armor's rules), and one password-or-order mutation at a time; every operation the client sends
// passes them.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Kind, parse, print, specifiedRules, validate, type DocumentNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COST_WEIGHTS, MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_TOKENS, ONE_AT_A_TIME, queryLimitRules } from "../src/graphql/limits.js";
import { buildShopSchema } from "../src/graphql/schema.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: Awaited<ReturnType<typeof serveTestShop>>;

beforeAll(async () => {
  t = await createTestShop();
  api = await serveTestShop(t);
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const post = async (query: string, variables?: Record<string, unknown>) => {
  const response = await fetch(`${api.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
};

const problems = async (source: string) =>
  validate(await buildShopSchema(), parse(source, { maxTokens: MAX_TOKENS }), [...specifiedRules, ...queryLimitRules]).map((error) => error.message);

describe("alias floods", () => {
  it("5,000 aliases of product(slug) are refused before parsing ends (token limit); nothing runs", async () => {
    const flood = Array.from({ length: 5000 }, (_, i) => `p${i}: product(slug: "fern") { name }`).join(" ");
    const { status, body } = await post(`{ ${flood} }`);
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
    // graphql-js words it "more that 2000 tokens".
    expect(body.errors[0].message).toMatch(new RegExp(`Document contains more th.. ${MAX_TOKENS} tokens`));
    expect(body.data).toBeUndefined();
  });

  it(`more than ${MAX_ALIASES} aliases in a short document are refused`, async () => {
    const flood = Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `p${i}: product(slug: "fern") { name }`).join(" ");
    const { status, body } = await post(`{ ${flood} }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe(
      `This request uses more than ${MAX_ALIASES} aliases. Send fewer fields per request.`,
    );
    const fine = Array.from({ length: MAX_ALIASES }, (_, i) => `p${i}: categories(first: 5) { nodes { id } }`).join(" ");
    expect(await problems(`{ ${fine} }`)).toEqual([]);
  });
});

describe("one password or order mutation per request", () => {
  it("10 register aliases create no account: the request is refused whole", async () => {
    const register = (i: number) =>
      `r${i}: register(input: { name: "Bot", email: "bot${i}@example.com", password: "abc12345", passwordConfirmation: "abc12345" }) { message }`;
    const before = await t.shop.prisma.user.count();
    const { status, body } = await post(`mutation { ${Array.from({ length: 10 }, (_, i) => register(i)).join(" ")} }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe(
      `A request may run only one of ${ONE_AT_A_TIME.join(", ")}; this one asks for 10. Send them one at a time.`,
    );
    expect(await t.shop.prisma.user.count()).toBe(before);
  });

  it.each([
    ["two logins", `mutation { a: login(email: "a@b.co", password: "x") { accessToken } b: login(email: "a@b.co", password: "y") { accessToken } }`],
    ["a login and a register", `mutation { login(email: "a@b.co", password: "x") { accessToken } register(input: { name: "n", email: "e@x.co", password: "p", passwordConfirmation: "p" }) { message } }`],
    ["two orders through a fragment", `mutation { ...Twice } fragment Twice on Mutation { a: placeOrder(input: { lines: [], regionId: 1, reference: "AAAAAAAAAAAAAAAA" }) { message } b: placeOrder(input: { lines: [], regionId: 1, reference: "BBBBBBBBBBBBBBBB" }) { message } }`],
    ["two password changes", `mutation { a: updatePassword(oldPassword: "a", password: "b", passwordConfirmation: "b") { message } b: updatePassword(oldPassword: "c", password: "b", passwordConfirmation: "b") { message } }`],
  ])("%s in one request are refused", async (_name, source) => {
    expect((await problems(source)).some((message) => message.startsWith("A request may run only one of"))).toBe(true);
  });

  it("one of them, or other mutations side by side, pass", async () => {
    expect(await problems(`mutation { login(email: "a@b.co", password: "x") { accessToken } }`)).toEqual([]);
    expect(await problems(`mutation { a: toggleFavourite(productId: 1) { isFavourite } b: toggleFavourite(productId: 2) { isFavourite } }`)).toEqual([]);
  });
});

describe("query cost (graphql-armor's count)", () => {
  const PRODUCT = "name category { name }";
  // products(first: n): (the page 2 + its nodes 2 + name 1 + category 2 + its name 1) x n = 8n.
  const pageOf = (first: string) => `products(first: ${first}) { nodes { ${PRODUCT} } }`;

  it(`an object costs ${COST_WEIGHTS.object}, a scalar ${COST_WEIGHTS.scalar}, the same at any depth; a \`first\` written in the query multiplies what it selects`, async () => {
    // 625 x 8 = 5,000: at the limit; 626 x 8 = 5,008: over it.
    expect(await problems(`{ ${pageOf("625")} }`)).toEqual([]);
    expect(await problems(`{ ${pageOf("626")} }`)).toEqual([
      `This request costs 5008 (an object 2, a scalar 1, times the page sizes written in it); the limit is ${MAX_COST}. Ask for smaller pages or fewer fields.`,
    ]);
    // Aliased pages add up: 2 x 313 x 8 = 5,008.
    expect(await problems(`{ a: ${pageOf("313")} b: ${pageOf("313")} }`)).toHaveLength(1);
  });

  it("a page size sent in a variable or left to its default is the page-items limit's to count (armor counts it once)", async () => {
    const pages = (count: number, first: string) => Array.from({ length: count }, (_, i) => `p${i}: ${pageOf(first)}`).join(" ");
    // Armor alone would let 11 pages of a variable size through; the page items count each as 100.
    expect(await problems(`query($n: Int) { ${pages(11, "$n")} }`)).toEqual([expect.stringMatching(/^This request asks for up to 1100 items in pages/)]);
    expect(await problems(`query($n: Int = 24) { ${pages(11, "$n")} }`)).toEqual([]);
  });

  it(`a request that may return more than ${MAX_COST} values is refused before it runs`, async () => {
    // 5 pages of 100 users, each with a page of 1 order and its lines: few page items (1,000), a large answer.
    const wide = Array.from({ length: 5 }, (_, i) => `p${i}: users(first: 100) { nodes { orders(first: 1) { nodes { lines { name } } } } }`).join(" ");
    expect(await problems(`{ ${wide} }`)).toHaveLength(1);
    const { status, body } = await post(`{ ${wide} }`);
    expect(status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: "GRAPHQL_VALIDATION_FAILED", reason: "QUERY_TOO_COSTLY" });
    // Each user: (its node 2 + orders 2 + nodes 2 + lines 2 + name 1) x 100 pages of 5 = 5,500.
    expect(body.errors[0].message).toBe(
      `This request costs 5500 (an object 2, a scalar 1, times the page sizes written in it); the limit is ${MAX_COST}. Ask for smaller pages or fewer fields.`,
    );
  });

  it("fragments spread many times are costed without walking them again and again", async () => {
    // 2^40 paths through the spreads: walking each would never end (the test times out); armor remembers
    // each fragment's cost, and counts each spread (2^40 of them: far over the limit).
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Category { id }` : `fragment F${i} on Category { ...F${i + 1} ...F${i + 1} }`,
    ).join(" ");
    const started = performance.now();
    expect(await problems(`{ categories { nodes { ...F0 } } } ${fragments}`)).toEqual([expect.stringMatching(/^This request costs \d+ .*the limit is 5000/)]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("depth (graphql-armor's count, in the shop's levels)", () => {
  // users, edges, node, orders, edges, node, lines, image: 8 levels of data; renditions a 9th.
  const deepest = (image: string) => `users(first: 1) { edges { node { orders(first: 1) { edges { node { lines { image { ${image} } } } } } } } }`;
  it(`data may go ${MAX_DEPTH} levels deep; fragments add no level`, async () => {
    expect(await problems(`{ ${deepest("alt")} }`)).toEqual([]);
    expect(await problems(`{ ${deepest("renditions { url }")} }`)).toEqual([`This query is 9 levels deep; the limit is ${MAX_DEPTH}.`]);
    const spread = `{ users(first: 1) { ...U } } fragment U on UserConnection { edges { node { orders(first: 1) { ...O } } } } fragment O on OrderConnection { edges { node { lines { image { ... on Image { alt } } } } } }`;
    expect(await problems(spread)).toEqual([]);
  });

  it("a query over both limits (data and introspection) is refused once, with the data limit", async () => {
    const introspection = `__schema { types { fields { type ${"{ ofType ".repeat(12)}{ name }${" }".repeat(12)} } } }`;
    expect(await problems(`{ ${introspection} }`)).toEqual([`This query is 16 levels deep; the limit is 15.`]);
    expect(await problems(`{ ${introspection} ${deepest("renditions { url }")} }`)).toEqual([`This query is 9 levels deep; the limit is ${MAX_DEPTH}.`]);
  });
});

describe("every operation the client sends passes the limits", () => {
  it("validates each typed document of client/src/graphql/generated/graphql.ts", async () => {
    const file = path.resolve(import.meta.dirname, "../../client/src/graphql/generated/graphql.ts");
    expect(fs.existsSync(file), `${file} is missing: run npm run codegen`).toBe(true);
    const generated = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const documents = Object.entries(generated).filter(
      (entry): entry is [string, DocumentNode] =>
        typeof entry[1] === "object" &&
        entry[1] !== null &&
        (entry[1] as DocumentNode).kind === Kind.DOCUMENT &&
        // Fragment documents are only parts of the operations that spread them.
        (entry[1] as DocumentNode).definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
    );
    expect(documents.length).toBeGreaterThan(20);
    const schema = await buildShopSchema();
    for (const [name, document] of documents) {
      const reparsed = parse(print(document), { maxTokens: MAX_TOKENS });
      expect(validate(schema, reparsed, [...specifiedRules, ...queryLimitRules]).map((error) => `${name}: ${error.message}`)).toEqual([]);
    }
  });
});
