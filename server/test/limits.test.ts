// Limits on what one GraphQL request may ask (graphql/limits.ts): aliases, tokens, cost and one
// password-or-order mutation at a time; and every operation the client sends passes them.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Kind, parse, print, specifiedRules, validate, type DocumentNode, type OperationDefinitionNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LARGEST_PAGE,
  MAX_ALIASES,
  MAX_COST,
  MAX_TOKENS,
  ONE_AT_A_TIME,
  queryCost,
  queryLimitRules,
  UNSIZED_LIST,
} from "../src/graphql/limits.js";
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

const costOf = async (source: string) => {
  const document = parse(source);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
  );
  return queryCost(await buildShopSchema(), operation, fragments);
};

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

describe("query cost", () => {
  it("a list counts its page size times what each item asks for; a scalar root field counts 1", async () => {
    // products(first: 6): the page 1, and 6 products, each with its category.
    expect(await costOf(`{ products(first: 6) { nodes { name category { name } } } }`)).toBe(1 + 6 * 2);
    // A page without `first` counts its default (categories: 100).
    expect(await costOf(`{ categories { nodes { id } } }`)).toBe(1 + 100);
    // A list without any page size counts as UNSIZED_LIST (an order's lines).
    expect(await costOf(`{ order(orderNumber: "x") { lines { name } } }`)).toBe(1 + UNSIZED_LIST);
    // A page size in a variable counts as the largest page, whatever the request sends.
    expect(await costOf(`query($n: Int) { products(first: $n) { nodes { name } } }`)).toBe(1 + LARGEST_PAGE);
    expect(await costOf(`{ myRating(productId: 1) }`)).toBe(1);
  });

  it("a connection's `first` (or its default) sizes its edges and nodes", async () => {
    // The shape of issue 9's connections, on a schema of its own so the rule is pinned whatever ours has.
    const { buildSchema } = await import("graphql");
    const schema = buildSchema(`
      type Query { products(first: Int = 24, after: String): ProductConnection! }
      type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! totalCount: Int! }
      type ProductEdge { cursor: String! node: Product! }
      type PageInfo { endCursor: String hasNextPage: Boolean! }
      type Product { name: String! category: Category! }
      type Category { name: String! }`);
    const cost = (source: string) => {
      const document = parse(source);
      const fragments = Object.fromEntries(
        document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
      );
      return queryCost(schema, document.definitions[0] as OperationDefinitionNode, fragments);
    };
    // connection 1 + 50 edges x (edge 1 + node 1 + category 1) + pageInfo 1
    expect(cost(`{ products(first: 50) { edges { node { name category { name } } } pageInfo { hasNextPage } totalCount } }`)).toBe(1 + 50 * 3 + 1);
    expect(cost(`{ products { nodes { name } } }`)).toBe(1 + 24);
    expect(cost(`query($first: Int) { products(first: $first) { nodes { name } } }`)).toBe(1 + LARGEST_PAGE);
    expect(cost(`{ products(first: 100) { ...Page } } fragment Page on ProductConnection { nodes { category { name } } }`)).toBe(1 + 100 * 2);
  });

  it(`a request that may return more than ${MAX_COST} objects is refused before it runs`, async () => {
    // 5 pages of 100 users, each with a page of 10 orders of 20 lines: few page items, many objects.
    const wide = Array.from({ length: 5 }, (_, i) => `p${i}: users(first: 100) { nodes { orders(first: 1) { nodes { lines { name } } } } }`).join(" ");
    expect(await costOf(`{ ${wide} }`)).toBe(5 * (1 + 100 * (1 + 1 + 1 * (1 + UNSIZED_LIST))));
    expect(await problems(`{ ${wide} }`)).toHaveLength(1);
    const { status, body } = await post(`{ ${wide} }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe(
      `This request may return up to 11505 objects; the limit is ${MAX_COST}. Ask for smaller pages or fewer fields.`,
    );
  });

  it("fragments spread many times are costed without walking them again and again", async () => {
    // 2^40 paths through the spreads: walking each would never end (the test times out), a memo takes a moment.
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Category { id }` : `fragment F${i} on Category { ...F${i + 1} ...F${i + 1} }`,
    ).join(" ");
    expect(await problems(`{ categories { nodes { ...F0 } } } ${fragments}`)).toEqual([]);
  });
});

describe("every operation the client sends passes the limits", () => {
  it("validates each typed document of client/src/graphql/generated/graphql.ts (cost, aliases, tokens listed)", async () => {
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
    const report: string[] = [];
    for (const [name, document] of documents) {
      const source = print(document);
      const reparsed = parse(source, { maxTokens: MAX_TOKENS });
      expect(validate(schema, reparsed, [...specifiedRules, ...queryLimitRules]).map((error) => `${name}: ${error.message}`)).toEqual([]);
      const operation = reparsed.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
      const fragments = Object.fromEntries(
        reparsed.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [])),
      );
      report.push(`${name}\tcost ${queryCost(schema, operation, fragments)}`);
    }
    if (process.env.LIMITS_REPORT) fs.writeFileSync(process.env.LIMITS_REPORT, report.join("\n") + "\n");
  });
});
