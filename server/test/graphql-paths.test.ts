// One way to execute GraphQL (graphql/execute.ts): the server render's answers are the answers Apollo gives
// over HTTP, data and errors alike, and the query lane's too. The storefront's four page queries (home,
// category, search, product) are the ones the render itself asks (client/src/app/pageQueries.ts, through
// http/storefront.ts); each is sent again to Apollo as the browser would send it, and the two JSON answers
// must be the same, down to an error's message, code, path and location.
import http from "node:http";
import { print, type DocumentNode, type FormattedExecutionResult } from "graphql";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShopGraphQL, type OperationRequest, type ShopGraphQL } from "../src/graphql/execute.js";
import { buildShopSchema } from "../src/graphql/schema.js";
import { createStorefrontRenderer, loadStorefrontEntry, type StorefrontEntry, type StorefrontRenderer } from "../src/http/storefront.js";
import { buildStorefront } from "./storefront-support.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

const ORIGIN = "https://shop.example.com";
const silent = pino({ level: "silent" });

let t: TestShop;
let served: Awaited<ReturnType<typeof serveTestShop>>;
let closed: Awaited<ReturnType<typeof serveTestShop>>;
let graphql: ShopGraphQL;
let renderer: StorefrontRenderer;

/** What the render asked while drawing pages, and what it was answered. */
interface Asked {
  document: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string;
  answer: FormattedExecutionResult;
}
let asked: Asked[] = [];

beforeAll(async () => {
  const built = await buildStorefront();
  t = await createTestShop();
  served = await serveTestShop(t, { ...built, publicUrl: ORIGIN });
  closed = await serveTestShop(t, { introspection: false });
  const category = await t.db.prisma.category.create({ data: { name: "Path Ferns" } });
  const fern = (slug: string, name: string, priceCents: number, discountPriceCents: number | null, quantity: number, ratingSum = 0, peopleRated = 0) =>
    t.db.prisma.product.create({
      data: { slug, name, description: `${name}, for a bright room.`, categoryId: category.id, priceCents, discountPriceCents, quantity, imageOne: "/uploads/fern.png", ratingSum, peopleRated },
    });
  await fern("boston-fern", "Boston Fern", 2450, 1999, 7, 9, 2);
  await fern("maidenhair-fern", "Maidenhair Fern", 1800, null, 3, 4, 1);
  await fern("staghorn-fern", "Staghorn Fern", 3200, 2900, 0);

  // The render's executor, made as the app makes it. The storefront's entry is watched: every query a page
  // asks through http/storefront.ts is recorded with the answer the page was given.
  graphql = createShopGraphQL({ schema: await buildShopSchema(), shop: t.shop, introspection: true, logger: silent });
  const entry = (await loadStorefrontEntry(built.storefrontBuild))!;
  const watched: StorefrontEntry = {
    ...entry,
    renderPage: (url, options) =>
      entry.renderPage(url, {
        ...options,
        runQuery: async (query) => {
          const answer = await options.runQuery(query);
          asked.push({ document: query.query, variables: query.variables, operationName: query.operationName ?? "", answer });
          return answer;
        },
      }),
  };
  renderer = createStorefrontRenderer({ entry: watched, clientDist: built.clientDist, graphql, shop: t.shop, logger: silent });
}, 180_000);
afterAll(async () => {
  await served?.close();
  await closed?.close();
  await t?.close();
});

interface HttpAnswer {
  status: number;
  json: unknown;
}

/**
 * A GraphQL POST as the browser sends it. Chunked (no Content-Length), Apollo answers: the query lane takes
 * only bodies of known length. With Content-Length the lane may answer.
 */
function post(url: string, body: object, { chunked }: { chunked: boolean }): Promise<HttpAnswer> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json", "apollo-require-preflight": "true" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
    });
    request.on("error", reject);
    if (chunked) {
      request.write(text.slice(0, 1));
      request.end(text.slice(1));
    } else {
      request.setHeader("content-length", Buffer.byteLength(text));
      request.end(text);
    }
  });
}

const bodyOf = ({ document, variables, operationName }: OperationRequest) => ({
  query: typeof document === "string" ? document : print(document),
  variables,
  operationName,
});

/** The answer as JSON carries it (no undefined keys), for a strict comparison. */
const asJson = (answer: unknown) => JSON.parse(JSON.stringify(answer)) as unknown;

/** Runs the operation through the executor and through Apollo over HTTP: the two answers must be the same. */
async function bothPaths(request: OperationRequest, { executor = graphql, url = served.url } = {}) {
  const answer = asJson(await executor.run(request, executor.guestContext()));
  const apollo = await post(url, bodyOf(request), { chunked: true });
  expect(answer, JSON.stringify(request.variables)).toStrictEqual(apollo.json);
  return answer as FormattedExecutionResult;
}

const render = async (url: string) => {
  asked = [];
  const page = await renderer.render(url, ORIGIN);
  return { page, asked };
};

describe("the server render answers its page queries as Apollo does over HTTP", () => {
  it.each([
    ["/", "HomePage"],
    ["/categories/Path%20Ferns?sort=price-lowest&inStock=1&price=10-", "CategoryPage"],
    ["/search?q=fern&sort=highest-rated&discounted=1", "SearchPage"],
    ["/products/boston-fern", "ProductDetail"],
  ])("%s (%s)", async (url, operationName) => {
    const { page, asked } = await render(url);
    expect(page.status).toBe(200);
    // The page's query, asked once before drawing (pageQueries), with data in its answer.
    expect(asked.map((query) => query.operationName)).toEqual([operationName]);
    const [query] = asked;
    expect(query.answer.errors).toBeUndefined();
    expect(JSON.stringify(query.answer.data)).toMatch(/Fern/);
    const apollo = await post(served.url, bodyOf(query), { chunked: true });
    expect(apollo.status).toBe(200);
    expect(asJson(query.answer)).toStrictEqual(apollo.json);
    // The query lane (a text it has seen before is compiled) answers the same again.
    await post(served.url, bodyOf(query), { chunked: false });
    expect((await post(served.url, bodyOf(query), { chunked: false })).json).toStrictEqual(apollo.json);
  });

  it("an unknown product: the same NOT_FOUND error (message, code, path and location) on both paths", async () => {
    const { page, asked } = await render("/products/no-such-fern");
    expect(page.status).toBe(404);
    // The page's query fails; the screen asks again and draws the not-found screen.
    expect(asked.map((query) => query.operationName)).toEqual(["ProductDetail", "ProductDetail"]);
    for (const query of asked) {
      expect(query.answer.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" }, path: ["product"], locations: [expect.any(Object)] });
      expect(asJson(query.answer)).toStrictEqual((await post(served.url, bodyOf(query), { chunked: true })).json);
    }
  });

  it("a search for text the shop cannot store: the same refusal", async () => {
    const { asked } = await render("/search?q=a%00b");
    expect(asked.map((query) => query.operationName)).toContain("SearchPage");
    for (const query of asked) {
      expect(query.answer).toMatchObject({ errors: [{ extensions: { code: "BAD_USER_INPUT" } }] });
      expect(asJson(query.answer)).toStrictEqual((await post(served.url, bodyOf(query), { chunked: true })).json);
    }
  });
});

describe("the executor's errors are Apollo's, step by step", () => {
  let category: Asked;
  beforeAll(async () => {
    [category] = (await render("/categories/Path%20Ferns")).asked;
  });

  it("bad arguments: a page size the shop refuses, a variable of the wrong type, a price that is not money, a missing variable", async () => {
    const { document, variables } = category;
    const { category: _name, ...withoutCategory } = variables;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...variables, first: 0 }, "BAD_USER_INPUT"],
      [{ ...variables, first: "ten" }, "BAD_USER_INPUT"],
      [{ ...variables, minPrice: "ten dollars" }, "BAD_USER_INPUT"],
      [withoutCategory, "BAD_USER_INPUT"],
      [{ ...variables, sort: "CHEAPEST" }, "BAD_USER_INPUT"],
    ];
    for (const [given, code] of cases) {
      const answer = await bothPaths({ document, variables: given, operationName: "CategoryPage" });
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(given)).toBe(code);
    }
  });

  it("an operation name the document does not have", async () => {
    const answer = await bothPaths({ document: category.document, variables: category.variables, operationName: "NoSuchPage" });
    expect(answer.errors?.[0]?.extensions?.code).toBe("OPERATION_RESOLUTION_FAILURE");
  });

  it("a document that does not parse, one that does not validate, and one over a limit", async () => {
    expect((await bothPaths({ document: "{ products(first: 1) { nodes { id }" })).errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    const unknown = await bothPaths({ document: "{ prodcts(first: 1) { nodes { id } } }" });
    expect(unknown.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Did you mean "products"/), extensions: { code: "GRAPHQL_VALIDATION_FAILED" } });
    const aliases = Array.from({ length: 21 }, (_, i) => `p${i}: product(slug: "boston-fern") { name }`).join(" ");
    expect((await bothPaths({ document: `{ ${aliases} }` })).errors?.[0]?.extensions).toEqual({ code: "GRAPHQL_VALIDATION_FAILED", reason: "TOO_MANY_ALIASES" });
    const deep = `{ __schema { types { fields { type ${"{ ofType ".repeat(12)}{ name }${" }".repeat(12)} } } } }`;
    expect((await bothPaths({ document: deep })).errors?.[0]?.extensions?.reason).toBe("QUERY_TOO_DEEP");
  });

  it("a failing resolver: the plain INTERNAL_SERVER_ERROR message on both paths, logged", async () => {
    const logged: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void logged.push(line) });
    const executor = createShopGraphQL({ schema: graphql.schema, shop: t.shop, introspection: true, logger });
    const catalog = Object.getPrototypeOf(t.shop.catalog) as { page: (...args: unknown[]) => unknown };
    const page = catalog.page;
    catalog.page = () => Promise.reject(new Error("SELECT secret FROM products: connection lost"));
    try {
      const answer = await bothPaths({ document: category.document, variables: category.variables, operationName: "CategoryPage" }, { executor });
      expect(answer.errors?.[0]?.extensions?.code).toBe("INTERNAL_SERVER_ERROR");
      expect(JSON.stringify(answer)).not.toMatch(/secret|SELECT/);
    } finally {
      catalog.page = page;
    }
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual(["unexpected error in a GraphQL request"]);
  });

  it("with introspection off: no field the caller did not write is named, on either path", async () => {
    const production = createShopGraphQL({ schema: graphql.schema, shop: t.shop, introspection: false, logger: silent });
    for (const request of [
      { document: "{ prodcts(first: 1) { nodes { id } } }" },
      { document: category.document, variables: { ...category.variables, sort: "PRICE_LOWES" }, operationName: "CategoryPage" },
      { document: "{ __schema { queryType { name } } }" },
    ]) {
      const answer = await bothPaths(request, { executor: production, url: closed.url });
      expect(answer.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer)).not.toMatch(/Did you mean|PRICE_LOWEST|products"/);
    }
  });
});
