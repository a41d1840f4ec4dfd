// A clean first start: the calls a new user tries first print no warning. Served as main.ts serves them
// (http/server.ts), where every answer already carries a few 'close' listeners (the drain's set of answers
// in flight, the request's timing and its log line): what an answer adds on top must stay within node's
// limit of ten per response, or each such answer prints "MaxListenersExceededWarning: 11 close listeners
// added to [ServerResponse]".
import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp, type ShopApp } from "../src/http/app.js";
import { createHttpServer } from "../src/http/server.js";
import { streamList } from "../src/rest/router.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let shopApp: ShopApp;
let server: http.Server;
let url: string;
const warnings: string[] = [];
const noteWarning = (warning: Error) => {
  if (warning.name === "MaxListenersExceededWarning") warnings.push(warning.message);
};

beforeAll(async () => {
  t = await createTestShop();
  const category = await t.shop.prisma.category.create({ data: { name: "Quiet Plants" } });
  await t.shop.prisma.product.create({
    data: { slug: "quiet-fern", name: "Quiet Fern", description: "Says nothing.", categoryId: category.id, priceCents: 1200, quantity: 3, imageOne: "/uploads/quiet-fern.jpg" },
  });
  shopApp = await createApp({ env: "test", introspection: true, corsOrigins: [], uploadsDir: t.uploadsDir, storefrontBuild: null }, t.shop, t.db);
  server = createHttpServer(shopApp.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.on("warning", noteWarning);
});
afterAll(async () => {
  process.off("warning", noteWarning);
  await new Promise((resolve) => server?.close(resolve));
  await shopApp?.stop();
  await t?.close();
});

beforeEach(() => {
  warnings.length = 0;
});

/** A request with exactly these headers (fetch would add its own Accept-Encoding), read to the end. */
function call(path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${url}${path}`, { method: body === undefined ? "GET" : "POST", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Warnings are emitted on the next tick. */
const warningsSoFar = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings;
};

describe("a new user's first calls print no warning", () => {
  it.each([
    ["no encoding", {}],
    ["gzip", { "accept-encoding": "gzip" }],
    ["brotli only", { "accept-encoding": "br" }],
    ["what browsers accept", { "accept-encoding": "gzip, deflate, br" }],
  ])("the REST catalogue lists (kept gzipped), accepting %s, twice (built, then kept)", async (_, headers: Record<string, string>) => {
    for (const path of ["/public/api/products", "/public/api/categories", "/public/api/regions"]) {
      for (let time = 0; time < 2; time += 1) expect((await call(path, headers)).status).toBe(200);
    }
    expect(await warningsSoFar()).toEqual([]);
  });

  it("GraphQL, POSTed (the second time by the query lane) and as a GET", async () => {
    const query = "{ products(first: 2) { nodes { id name } } }";
    const encodings: Array<Record<string, string>> = [{}, { "accept-encoding": "gzip, deflate, br" }];
    for (const headers of encodings) {
      for (let time = 0; time < 2; time += 1) {
        const answer = await call("/graphql", { "content-type": "application/json", ...headers }, JSON.stringify({ query }));
        expect(answer.status).toBe(200);
      }
      expect((await call(`/graphql?query=${encodeURIComponent(query)}`, { "apollo-require-preflight": "true", ...headers })).status).toBe(200);
    }
    expect(await warningsSoFar()).toEqual([]);
  });
});

describe("a whole list streamed to a slow caller", () => {
  it("waits for the caller with one pair of listeners, however many times it waits, and leaves none behind", async () => {
    // A caller that takes every batch only after a pause: each write waits for 'drain'.
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
      written: [] as string[],
      status: () => res,
      type: () => res,
      write(text: string) {
        res.written.push(text);
        setImmediate(() => res.emit("drain"));
        return false;
      },
      end: () => undefined,
    });
    let mostListeners = 0;
    async function* batches() {
      for (let batch = 0; batch < 40; batch += 1) {
        mostListeners = Math.max(mostListeners, res.listenerCount("close"), res.listenerCount("drain"));
        yield [{ batch }];
      }
    }
    await streamList(res as unknown as Parameters<typeof streamList>[0], 200, { items: batches() });
    expect(JSON.parse(res.written.join(""))).toHaveLength(40);
    expect(mostListeners).toBe(1);
    expect([res.listenerCount("close"), res.listenerCount("drain")]).toEqual([0, 0]);
    expect(await warningsSoFar()).toEqual([]);
  });
});
