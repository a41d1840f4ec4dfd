// Delivery: API answers (GraphQL and REST) compressed with brotli or gzip as the caller accepts;
// the built client's hashed assets cached for a year and sent as the .br/.gz copies made at build;
// index.html revalidated on every visit; images never compressed again.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "./fixtures/images.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: Awaited<ReturnType<typeof serveTestShop>>;
let dist: string;
const script = `export const plants = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Plant number ${i}`))};\n`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly the headers given (fetch would add and undo its own Accept-Encoding). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

function decoded(answer: Raw): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
}

beforeAll(async () => {
  t = await createTestShop();
  const category = await t.shop.prisma.category.create({ data: { name: "Delivery Ferns" } });
  for (let i = 0; i < 30; i += 1) {
    await t.shop.prisma.product.create({
      data: { slug: `delivery-${i}`, name: `Delivery fern ${i}`, description: "A fern that ships well. ".repeat(4), categoryId: category.id, priceCents: 1500, quantity: 3, imageOne: "/uploads/fern.png" },
    });
  }
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "client-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "index.html"), `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`);
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), script);
  // What client/build/precompress.ts writes at build time.
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js.br"), brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js.gz"), gzipSync(script));
  fs.writeFileSync(path.join(dist, "assets", "fern-abc123.png"), PNG);
  fs.writeFileSync(path.join(dist, "placeholder-plant.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);
  fs.writeFileSync(path.join(t.uploadsDir, "fern.png"), Buffer.concat([PNG, Buffer.alloc(4000)]));
  api = await serveTestShop(t, { clientDist: dist });
});

afterAll(async () => {
  await api?.close();
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const PRODUCTS = JSON.stringify({ query: "{ products(first: 30) { nodes { id slug name description price category { name } } } }" });
const graphql = (acceptEncoding?: string) =>
  request(`${api.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    body: PRODUCTS,
  });

describe("API answers are compressed as the caller accepts", () => {
  it("GraphQL: brotli when accepted, else gzip, else plain; the same answer every way", async () => {
    const plain = await graphql();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const answer = JSON.parse(plain.body.toString("utf8"));
    expect(answer.data.products.nodes).toHaveLength(30);

    const br = await graphql("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decoded(br))).toEqual(answer);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await graphql("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(gzip))).toEqual(answer);
  });

  it("REST: the spec's whole list, the same JSON, compressed", async () => {
    const plain = await request(`${api.url}/public/api/products`);
    const br = await request(`${api.url}/public/api/products`, { headers: { "accept-encoding": "br" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(plain.body.toString("utf8")));
    expect(JSON.parse(decoded(br))).toHaveLength(30);
  });

  it("uploaded images are sent as they are, never compressed again", async () => {
    const image = await request(`${api.url}/uploads/fern.png`, { headers: { "accept-encoding": "br, gzip" } });
    expect(image.status).toBe(200);
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.length).toBe(PNG.length + 4000);
  });
});

describe("the built client: hashed assets cached for a year and sent precompressed, index.html revalidated", () => {
  const asset = `/assets/index-abc123.js`;

  it("a hashed script: the build's brotli copy, else its gzip copy, else the file; immutable for a year", async () => {
    const br = await request(`${api.url}${asset}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    // Byte for byte the file written at build: nothing is compressed per request.
    expect(br.body.equals(fs.readFileSync(path.join(dist, "assets", "index-abc123.js.br")))).toBe(true);

    const gzip = await request(`${api.url}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(script);

    const plain = await request(`${api.url}${asset}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const head = await request(`${api.url}${asset}`, { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
  });

  it("a hashed image is cached for a year and not compressed", async () => {
    const image = await request(`${api.url}/assets/fern-abc123.png`, { headers: { "accept-encoding": "br, gzip" } });
    expect(image.status).toBe(200);
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("index.html, for / and for any route of the app, must be revalidated (no-cache)", async () => {
    for (const route of ["/", "/index.html", "/category/Indoor%20Plants", "/admin/orders"]) {
      const page = await request(`${api.url}${route}`, { headers: { accept: "text/html", "accept-encoding": "br" } });
      expect(page.status, route).toBe(200);
      expect(page.headers["cache-control"], route).toBe("no-cache");
      expect(decoded(page)).toMatch(/<div id="root">/);
    }
  });

  it("other files of the client (not hashed) are cached briefly, and compressed when text", async () => {
    const svg = await request(`${api.url}/placeholder-plant.svg`, { headers: { "accept-encoding": "br" } });
    expect(svg.status).toBe(200);
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    expect(svg.headers["content-encoding"]).toBe("br");
  });

  it("a missing asset, or a path outside the client, answers a JSON 'Not found.'", async () => {
    for (const route of ["/assets/index-old999.js", "/../package.json", "/%2e%2e/package.json", "/assets/%E0%A4%A"]) {
      const answer = await request(`${api.url}${route}`, { headers: { accept: "*/*" } });
      expect(answer.status, route).toBe(404);
      expect(JSON.parse(decoded(answer))).toMatchObject({ message: "Not found." });
    }
  });
});
