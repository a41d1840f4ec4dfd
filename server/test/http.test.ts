import { getIntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${api.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("the GraphQL endpoint over HTTP", () => {
  it("answers a query posted as JSON", async () => {
    const response = await post(JSON.stringify({ query: "{ __typename }" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("serves Apollo Sandbox to a browser at GET /graphql", async () => {
    const response = await fetch(`${api.url}/graphql`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/sandbox/i);
  });

  it("malformed JSON gets a 400 with a message, not a 500 or a stack trace", async () => {
    const response = await post("{ not json");
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).not.toMatch(/at .*\.js:\d+/);
    expect(JSON.parse(body).message).toMatch(/not valid JSON/);
  });

  it("a body over 1 MB is refused with 413", async () => {
    const response = await post(JSON.stringify({ query: `{ __typename }`, variables: { pad: "x".repeat(1_100_000) } }));
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/too large/);
  });

  it("CSRF prevention stays on: a simple GET query without a preflight header is refused", async () => {
    const response = await fetch(`${api.url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF|preflight/i);
  });

  it("a multipart request without the preflight header is refused (uploads need Apollo's preflight header)", async () => {
    const form = new FormData();
    form.append("operations", JSON.stringify({ query: "{ __typename }" }));
    form.append("map", "{}");
    const response = await fetch(`${api.url}/graphql`, { method: "POST", body: form });
    expect(response.status).toBe(400);
  });

  it("refuses a query deeper than the limit before running it (introspection may go 15 deep: Sandbox's own query is 14)", async () => {
    const deep = `{ __schema { types { fields { type ${"{ ofType ".repeat(12)}{ name }${" }".repeat(12)} } } } }`;
    const response = await post(JSON.stringify({ query: deep }));
    const body = await response.json();
    expect(body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(body.errors[0].message).toMatch(/16 levels deep; the limit is 15/);
    expect(body.data).toBeUndefined();
    const sandbox = await (await post(JSON.stringify({ query: getIntrospectionQuery() }))).json();
    expect(sandbox.errors).toBeUndefined();
    expect(sandbox.data.__schema.queryType.name).toBe("Query");
  });

  it("refuses a request that asks for too many lists at once", async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `t${i}: __schema { types { fields { name } } }`).join(" ");
    const body = await (await post(JSON.stringify({ query: `{ ${aliases} }` }))).json();
    expect(body.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(body.errors[0].message).toMatch(/more than 20 lists/);
  });

  it("a storefront screen's query passes: a connection counts as one list, its edges and nodes included", async () => {
    const home = `{ newArrivals: products(first: 6, inStock: true) { edges { cursor node { id } } nodes { id } pageInfo { hasNextPage } }
      discounted: products(first: 12, inStock: true, discounted: true) { nodes { id category { name } } }
      categories { nodes { id name } } }`;
    const body = await (await post(JSON.stringify({ query: home }))).json();
    expect(body.errors).toBeUndefined();
    // 15 pages, each with edges and nodes: 15 lists, not 30.
    const pages = Array.from({ length: 15 }, (_, i) => `p${i}: products(first: 1) { edges { node { id } } nodes { id } }`).join(" ");
    expect((await (await post(JSON.stringify({ query: `{ ${pages} }` }))).json()).errors).toBeUndefined();
  });

  it("refuses more than 20 pages, or more than 1000 items asked for in pages", async () => {
    const pages = (count: number, first: string) => Array.from({ length: count }, (_, i) => `p${i}: products(first: ${first}) { nodes { id } }`).join(" ");
    const refusal = async (query: string, variables: Record<string, unknown> = {}) => {
      const body = await (await post(JSON.stringify({ query, variables }))).json();
      expect(body.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
      expect(body.data).toBeUndefined();
      return body.errors[0].message as string;
    };
    expect(await refusal(`{ ${pages(21, "1")} }`)).toMatch(/more than 20 lists \(ProductConnection at "products"\)/);
    expect(await refusal(`{ ${pages(11, "100")} }`)).toMatch(/up to 1100 items in pages.*the limit is 1000/);
    // A variable without a default may be 100.
    expect(await refusal(`query($n: Int) { ${pages(11, "$n")} }`)).toMatch(/up to 1100 items/);
    expect((await (await post(JSON.stringify({ query: `query($n: Int = 24) { ${pages(11, "$n")} }` }))).json()).errors).toBeUndefined();
    // Pages inside pages multiply: 100 users each asking for 20 orders weigh 2,100 items.
    expect(await refusal(`{ users(first: 100) { nodes { orders(first: 20) { nodes { id } } } } }`)).toMatch(/up to 2100 items/);
    expect(await refusal(`fragment O on User { orders { nodes { id } } } { users(first: 60) { nodes { ...O } } }`)).toMatch(/up to 1260 items/);
    const fine = await (await post(JSON.stringify({ query: `{ users(first: 20) { nodes { orders(first: 5) { nodes { lines { name } } } } } }` }))).json();
    expect(fine.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("an unknown path answers 404 as JSON", async () => {
    const response = await fetch(`${api.url}/nope/nothing-here`, { headers: { accept: "application/json" } });
    expect(response.status).toBe(404);
  });

  it("health: /healthz says the process is alive and /readyz that the database answers", async () => {
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("CORS: a configured dev origin may call the API, any other origin gets no CORS grant", async () => {
    const allowed = await fetch(`${api.url}/graphql`, { method: "OPTIONS", headers: { origin: "http://localhost:5173" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const other = await fetch(`${api.url}/graphql`, { method: "OPTIONS", headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("introspection can be switched off", () => {
  it("with INTROSPECTION=false an introspection query is refused", async () => {
    const closed = await serveTestShop(t, { introspection: false });
    try {
      const response = await fetch(`${closed.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ __schema { queryType { name } } }" }),
      });
      const body = await response.json();
      expect(body.errors[0].message).toMatch(/introspection/i);
    } finally {
      await closed.close();
    }
  });

  it("with introspection off, errors name no field the caller did not write (no \"Did you mean\")", async () => {
    const closed = await serveTestShop(t, { introspection: false });
    const send = (url: string, body: unknown) =>
      fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    try {
      const typo = { query: "{ prodcts(first: 1) { nodes { id } } }" };
      const badInput = { query: "query($s: ProductSort) { products(first: 1, sort: $s) { nodes { id } } }", variables: { s: "NEWES" } };
      // With introspection on, graphql's suggestions help whoever builds a client...
      expect(JSON.stringify(await send(api.url, typo))).toMatch(/Did you mean/);
      // ...off (production), they would map the schema for anyone: neither validation nor input errors carry them.
      for (const body of [typo, badInput]) {
        const answer = await send(closed.url, body);
        expect(answer.errors?.length, JSON.stringify(answer)).toBeGreaterThan(0);
        expect(JSON.stringify(answer)).not.toMatch(/Did you mean|products|NEWEST/);
      }
    } finally {
      await closed.close();
    }
  });
});

describe("operations: logs and headers", () => {
  it("logs one JSON line per request with a request id, and never the token", async () => {
    const { pino } = await import("pino");
    const lines: string[] = [];
    const logger = pino({ level: "info", redact: { paths: ["req.headers.authorization"], censor: "[redacted]" } }, { write: (line: string) => lines.push(line) });
    const { createLogger } = await import("../src/http/logging.js");
    expect(createLogger("silent").level).toBe("silent");
    const logged = await serveTestShop(t, { logger });
    try {
      const response = await fetch(`${logged.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer secret-token-abc123" },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const entry = lines.map((line) => JSON.parse(line)).find((record) => record.req?.id === id);
      expect(entry).toMatchObject({ req: { method: "POST", url: "/graphql" }, res: { statusCode: 200 } });
      expect(lines.join("\n")).not.toContain("secret-token-abc123");
    } finally {
      await logged.close();
    }
  });

  it("sends security headers (helmet) on the shop's pages and API", async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});
