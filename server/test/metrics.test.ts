// GET /metrics for operators: Prometheus text behind a bearer token, with the shop's own numbers
// (requests by route, operation and outcome, the pool, the catalogue cache, live sockets, the event bus,
// orders placed, throttle refusals) beside node's process metrics. Across workers: workers.pg.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../src/domain/accounts/throttle.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestShop;
let api: Awaited<ReturnType<typeof serveTestShop>>;

beforeAll(async () => {
  t = await createTestShop();
  api = await serveTestShop(t, { metricsToken: TOKEN });
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const scrape = async () => {
  const response = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

/** The value of one sample (name with its labels, as written), 0 when absent. */
export function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${api.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe("GET /metrics", () => {
  it("is off without METRICS_TOKEN, and asks for the token when it is set", async () => {
    const off = await serveTestShop(t);
    try {
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    } finally {
      await off.close();
    }
    expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${api.url}/metrics`, { headers: { authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(401);
    const response = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    for (const name of [
      "shop_http_request_duration_seconds_bucket",
      "shop_http_requests_in_flight",
      "shop_db_pool_connections_total",
      "shop_db_query_duration_seconds_count",
      "shop_catalogue_cache_entries",
      "shop_live_sockets",
      "shop_live_subscriptions",
      "shop_event_bus_listening",
      "shop_event_bus_reconnects",
      "shop_event_bus_last_heard_age_seconds",
      "shop_search_index_products",
      "shop_search_index_ready",
      "shop_orders_placed_total",
      "shop_throttle_refusals_total",
      "shop_worker_processes",
      "process_cpu_user_seconds_total",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}`, "m"));
    }
    expect(sample(text, "shop_event_bus_listening")).toBe(1);
  });

  it("times requests by route, GraphQL operation name and outcome, on both GraphQL paths and REST", async () => {
    const probe = { query: "query ShopMetricsProbe { categories(first: 1) { nodes { id } } }", operationName: "ShopMetricsProbe" };
    const series = (outcome: string) => `shop_http_request_duration_seconds_count{route="graphql",operation="ShopMetricsProbe",outcome="${outcome}"}`;
    const before = await scrape();
    // The first sighting goes through Apollo, the second through the query lane: both are counted alike.
    for (let i = 0; i < 2; i += 1) expect((await post("/graphql", probe)).status).toBe(200);
    await post("/graphql", { query: "query ShopMetricsProbe { categories(first: 1) { nodes { nope } } }", operationName: "ShopMetricsProbe" });
    await fetch(`${api.url}/public/api/categories`);
    const after = await scrape();
    expect(sample(after, series("ok")) - sample(before, series("ok"))).toBe(2);
    expect(sample(after, series("client_error")) - sample(before, series("client_error"))).toBe(1);
    const rest = `shop_http_request_duration_seconds_count{route="rest:listCategories",operation="",outcome="ok"}`;
    expect(sample(after, rest) - sample(before, rest)).toBe(1);
    expect(sample(after, "shop_db_query_duration_seconds_count")).toBeGreaterThan(sample(before, "shop_db_query_duration_seconds_count"));
  });

  it("counts orders placed (a retried checkout once) and throttle refusals", async () => {
    const shopper = await t.signUp();
    const category = await t.shop.prisma.category.create({ data: { name: "Metric Plants" } });
    const product = await t.shop.prisma.product.create({ data: { slug: "metric-fern", name: "Metric Fern", description: "Counted.", categoryId: category.id, priceCents: 1000, quantity: 5, imageOne: "/uploads/fern.jpg" } });
    const region = await t.shop.prisma.region.create({ data: { name: "Metricshire", feeCents: 100 } });
    const before = await scrape();
    const order = { query: "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id } } }", variables: { input: { lines: [{ productId: product.id, quantity: 1 }], regionId: region.id, reference: newReference() } } };
    for (let i = 0; i < 2; i += 1) expect((await (await post("/graphql", order, shopper.token)).json()).errors).toBeUndefined();
    for (let i = 0; i <= SIGN_IN_LIMITS.accountAndAddress.attempts; i += 1) await post("/public/api/login", { email: shopper.email, password: "wrong-password-1" });
    const after = await scrape();
    expect(sample(after, "shop_orders_placed_total") - sample(before, "shop_orders_placed_total")).toBe(1);
    expect(sample(after, "shop_throttle_refusals_total") - sample(before, "shop_throttle_refusals_total")).toBe(1);
  });
});
