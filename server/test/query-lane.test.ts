// The query lane (http/query-lane.ts) answers plain JSON queries itself and hands everything else to
// Express and Apollo. Whichever path serves a request, the caller gets the same answer: each request here
// is sent twice, once with Content-Length (the lane may take it) and once chunked (the lane never takes a
// body of unknown length), and the two answers must agree in status, headers and body.
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let served: Awaited<ReturnType<typeof serveTestShop>>;
let user: { token: string };
const logLines: { msg: string; req?: { id: string } }[] = [];

beforeAll(async () => {
  t = await createTestShop();
  const logger = pino({ level: "debug" }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  served = await serveTestShop(t, { logger, env: "production", introspection: false });
  user = await t.signUp();
  const category = await t.db.prisma.category.create({ data: { name: "Lane Ferns" } });
  for (let index = 1; index <= 3; index += 1) {
    await t.db.prisma.product.create({
      data: { slug: `lane-fern-${index}`, name: `Lane Fern ${index}`, description: "A fern.", categoryId: category.id, priceCents: 1000 + index, discountPriceCents: index === 2 ? 900 : null, quantity: index, imageOne: "/uploads/fern.png" },
    });
  }
});
afterAll(async () => {
  await served?.close();
  await t?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  requestId: string;
}

function send(body: string, headers: Record<string, string>, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${served.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const { date: _date, "x-request-id": requestId, ...rest } = response.headers;
        resolve({ status: response.statusCode!, headers: rest, body: Buffer.concat(chunks), requestId: String(requestId) });
      });
    });
    request.on("error", reject);
    if (chunked) {
      // Two writes without a Content-Length: node sends Transfer-Encoding: chunked.
      request.write(body.slice(0, 1));
      request.end(body.slice(1));
    } else {
      request.setHeader("content-length", Buffer.byteLength(body));
      request.end(body);
    }
  });
}

const answeredByLane = (answer: Answer) => logLines.some((line) => line.msg === "answered by the query lane" && line.req?.id === answer.requestId);

/** The query texts sent so far: the lane remembers texts, whatever the variables. */
const sent = new Set<string>();
function queryTextOf(body: string): string {
  try {
    return String(JSON.parse(body).query);
  } catch {
    return body;
  }
}

/** Sends the request both ways; both answers must be the same. Returns the one sent with Content-Length. */
async function bothWays(body: string, headers: Record<string, string> = {}) {
  // The lane compiles a query text the second time it sees it: the first answer comes from Apollo.
  const first = await send(body, headers, false);
  const text = queryTextOf(body);
  if (!sent.has(text)) expect(answeredByLane(first)).toBe(false);
  sent.add(text);
  const sized = await send(body, headers, false);
  const chunked = await send(body, headers, true);
  expect(answeredByLane(chunked)).toBe(false);
  expect(sized.status).toBe(chunked.status);
  expect(sized.headers).toEqual(chunked.headers);
  expect(sized.body.toString("latin1")).toBe(chunked.body.toString("latin1"));
  return { ...sized, lane: answeredByLane(sized), json: () => JSON.parse((sized.headers["content-encoding"] === "gzip" ? gunzipSync(sized.body) : sized.body).toString("utf8")) };
}

const PRODUCT_FIELDS = "id slug name description price discountPrice unitPrice quantity imageOne imageTwo rating peopleRated createdAt category { id name }";
const json = (value: unknown) => JSON.stringify(value);

describe("queries the lane answers: the same answer as Express and Apollo give", () => {
  it.each([
    ["a page of products with its cursor", { query: `{ products(first: 2) { nodes { ${PRODUCT_FIELDS} } edges { cursor } pageInfo { hasNextPage endCursor } totalCount } }` }],
    ["the home page's lists with aliases", { query: `{ a: products(inStock: true, first: 2) { nodes { id name } } b: products(discounted: true, first: 2) { nodes { id price discountPrice } } categories { nodes { id name } } }` }],
    ["a product by slug in a variable", { query: `query P($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`, variables: { slug: "lane-fern-2" } }],
    ["the operation named among several, with a fragment", { query: `query A { __typename } query B { products(first: 1) { nodes { ...F } } } fragment F on Product { id name }`, operationName: "B" }],
    ["a search", { query: `{ products(search: "fern", first: 5) { nodes { name } totalCount } }` }],
    ["extensions other than a persisted query", { query: "{ categories { nodes { name } } }", extensions: { clientLibrary: { name: "@apollo/client" } } }],
  ])("%s", async (_name, request) => {
    const answer = await bothWays(json(request));
    expect(answer.status).toBe(200);
    expect(answer.json().errors).toBeUndefined();
    expect(answer.lane).toBe(true);
  });

  it("a signed-in viewer's own data", async () => {
    const answer = await bothWays(json({ query: "{ me { email name } }" }), { authorization: `Bearer ${user.token}` });
    expect(answer.json().data.me.name).toMatch(/Shopper/);
    expect(answer.lane).toBe(true);
  });

  it("the media type the caller prefers, CORS for an allowed origin and a compressed body", async () => {
    // Over compression's 1 kB threshold.
    const request = json({ query: `{ a: products(first: 3) { nodes { ${PRODUCT_FIELDS} } } b: products(first: 3) { nodes { ${PRODUCT_FIELDS} } } }` });
    const preferred = await bothWays(request, { accept: "application/graphql-response+json, application/json;q=0.9" });
    expect(preferred.headers["content-type"]).toBe("application/graphql-response+json; charset=utf-8");
    const cors = await bothWays(request, { origin: "http://localhost:5173" });
    expect(cors.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const compressed = await bothWays(request, { "accept-encoding": "gzip" });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.json().data.a.nodes).toHaveLength(3);
    expect([preferred.lane, cors.lane, compressed.lane]).toEqual([true, true, true]);
  });
});

describe("requests the lane hands on: answered by Express and Apollo as before", () => {
  it.each([
    ["a query with an error (a missing product)", json({ query: `{ product(slug: "no-such-fern") { id } }` }), 200],
    ["a variable of the wrong type", json({ query: "query P($slug: String!) { product(slug: $slug) { id } }", variables: { slug: 5 } }), 400],
    ["a missing variable", json({ query: "query P($slug: String!) { product(slug: $slug) { id } }" }), 400],
    ["text the shop cannot store", json({ query: "query P($slug: String!) { product(slug: $slug) { id } }", variables: { slug: "a\u0000b" } }), 400],
    ["a syntax error", json({ query: "{ products( }" }), 400],
    ["an unknown field", json({ query: "{ nothing }" }), 400],
    ["introspection, off in production", json({ query: "{ __schema { types { name } } }" }), 400],
    ["an operation name that is not in the document", json({ query: "query A { __typename }", operationName: "B" }), 400],
    ["a mutation", json({ query: 'mutation { login(email: "nobody@example.com", password: "wrong-password") { accessToken } }' }), 200],
    ["variables sent as a string", json({ query: "{ __typename }", variables: "{}" }), 400],
    ["a batch (an array)", json([{ query: "{ __typename }" }]), 400],
    ["a persisted query", json({ extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } }), 200],
    ["an empty object", "{}", 400],
    ["an empty body", "", 400],
    ["JSON that is not an object", '"{ __typename }"', 400],
    ["malformed JSON", "{ not json", 400],
  ])("%s", async (_name, body, status) => {
    const answer = await bothWays(body);
    expect(answer.status).toBe(status);
    expect(answer.lane).toBe(false);
  });

  it("input objects in variables: coerced and refused exactly as Apollo does", async () => {
    const productId = (await t.db.prisma.product.findFirstOrThrow({ where: { slug: "lane-fern-3" } })).id;
    const query = "query Check($lines: [CartLineInput!]!) { checkCart(lines: $lines) { message subtotal totalQuantity } }";
    const auth = { authorization: `Bearer ${user.token}` };
    const cases: [unknown, boolean][] = [
      [[{ productId, quantity: 1 }], true],
      // A single value where a list is expected is a list of one; 2.0 is a whole number.
      [{ productId, quantity: 2.0 }, true],
      [[{ productId, quantity: 1, price: 1 }], false],
      [[{ productId: String(productId), quantity: 1 }], false],
      [[{ productId }], false],
      [null, false],
    ];
    for (const [lines, valid] of cases) {
      const answer = await bothWays(json({ query, variables: { lines } }), auth);
      expect(answer.status, JSON.stringify(lines)).toBe(valid ? 200 : 400);
      expect(answer.lane, JSON.stringify(lines)).toBe(valid);
    }
  });

  it("an Accept header that takes neither JSON type", async () => {
    const answer = await bothWays(json({ query: "{ __typename }" }), { accept: "text/plain" });
    expect(answer.status).toBe(406);
    expect(answer.lane).toBe(false);
  });

  it("a body in another charset is refused with 415 either way", async () => {
    const answer = await bothWays(json({ query: "{ __typename }" }), { "content-type": "application/json; charset=utf-16" });
    expect(answer.status).toBe(415);
  });

  it("a failing resolver: Apollo answers, with the plain message and nothing internal", async () => {
    const catalog = Object.getPrototypeOf(t.shop.catalog) as { page: (...args: unknown[]) => unknown };
    const page = catalog.page;
    catalog.page = () => Promise.reject(new Error("SELECT secret FROM products: connection lost"));
    try {
      const answer = await bothWays(json({ query: "{ products(first: 1) { nodes { id } } }" }));
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).not.toMatch(/secret|SELECT/);
      expect(answer.json().errors[0].extensions.code).toBe("INTERNAL_SERVER_ERROR");
      expect(answer.lane).toBe(false);
    } finally {
      catalog.page = page;
    }
    expect((await bothWays(json({ query: "{ products(first: 1) { nodes { id } } }" }))).lane).toBe(true);
  });

  it("a failure before the query runs (the sessions table unreachable): Apollo answers 500 with the plain message", async () => {
    const tokens = t.shop.tokens as { viewerFromAuthorization: (...args: unknown[]) => unknown };
    const lookUp = tokens.viewerFromAuthorization;
    tokens.viewerFromAuthorization = () => Promise.reject(new Error("SELECT secret FROM sessions: connection lost"));
    try {
      const answer = await bothWays(json({ query: "{ me { email } }" }), { authorization: `Bearer ${user.token}` });
      expect(answer.status).toBe(500);
      expect(answer.body.toString()).not.toMatch(/secret|SELECT/);
      expect(answer.lane).toBe(false);
    } finally {
      tokens.viewerFromAuthorization = lookUp;
    }
  });
});

describe("which query texts are compiled", () => {
  it("a text is compiled when it comes a second time, and the texts remembered are bounded", async () => {
    const { compileQueries } = await import("../src/graphql/compiled-queries.js");
    const { buildShopSchema } = await import("../src/graphql/schema.js");
    const { createShopGraphQL } = await import("../src/graphql/execute.js");
    const graphql = createShopGraphQL({ schema: await buildShopSchema(), shop: t.shop, introspection: false, logger: pino({ level: "silent" }) });
    const compiled = compileQueries(graphql);
    const context = async () => graphql.guestContext();
    const request = { query: "{ products(first: 1) { nodes { name } } }", operationName: null, variables: null };

    expect(await compiled.run(request, context)).toBeNull();
    expect(await compiled.run(request, context)).toEqual({ products: { nodes: [{ name: expect.stringMatching(/Lane Fern/) }] } });

    // One-off texts (10,000 characters each, 5 MB in all, over the 2 MB kept) are noted apart, in memory bounded by bytes: they
    // push out each other (the first is forgotten: seen again, it counts as new), never a compiled query.
    const text = (index: number) => ({ query: `{ __typename } # ${index} ${"x".repeat(10_000)}`, operationName: null, variables: null });
    for (let index = 0; index < 250; index += 1) expect(await compiled.run(text(index), context)).toBeNull();
    expect(await compiled.run(request, context)).not.toBeNull();
    expect(await compiled.run(text(0), context)).toBeNull();
    expect(await compiled.run(text(249), context)).toEqual({ __typename: "Query" });

    // Compiled queries are bounded by their estimated heap too: enough long ones push out the oldest.
    for (let index = 1000; index < 1040; index += 1) {
      await compiled.run(text(index), context);
      expect(await compiled.run(text(index), context)).toEqual({ __typename: "Query" });
    }
    expect(await compiled.run(request, context)).toBeNull();
    expect(await compiled.run(request, context)).not.toBeNull();
  });
});
