// The guest pages' turns to be drawn: renders run a few at once, the rest wait in order, and a
// page whose visitors have all gone away before its turn is not drawn at all. The renderer here is a stand-in
// whose pages finish when the test says, so the order of turns can be watched.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "../src/http/page-cache.js";
import type { RenderedHtml, StorefrontRenderer } from "../src/http/storefront.js";
import { eventually, handDrivenBus } from "./catalogue-cache-support.js";

/** A renderer whose pages are finished by hand: `finish(address)`. */
function handFinishedRenderer() {
  const drawn: string[] = [];
  const unfinished = new Map<string, (page: RenderedHtml) => void>();
  const renderer: StorefrontRenderer = {
    pageAddress: (url) => url,
    render: (address) => {
      drawn.push(address);
      return new Promise((resolve) => unfinished.set(address, resolve));
    },
  };
  const finish = (address: string) => {
    unfinished.get(address)!({ status: 200, html: `<p>${address}</p>` });
    unfinished.delete(address);
  };
  return { renderer, drawn, finish };
}

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** How many requests the server has read for each path, and paths whose visitor's connection closed. */
const arrived = new Map<string, number>();
const closed = new Set<string>();

async function serve(renderer: StorefrontRenderer): Promise<string> {
  arrived.clear();
  closed.clear();
  const cache = createPageCache(handDrivenBus().bus, renderer, { maxAgeSeconds: 0, logger: pino({ level: "silent" }) });
  const app = express();
  app.use((req, res, next) => {
    arrived.set(req.path, (arrived.get(req.path) ?? 0) + 1);
    res.on("close", () => closed.add(req.path));
    next();
  });
  app.use(cache.serve);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

/** A page asked for on a connection of its own; `leave()` closes it before the answer. */
function visit(origin: string, path: string) {
  const request = http.get(`${origin}${path}`, { agent: false, headers: { accept: "text/html" } });
  const answered = new Promise<string>((resolve, reject) => {
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve(body));
    });
    request.on("error", reject);
  });
  return { answered, leave: () => request.destroy() };
}

describe("turns to draw a guest page", () => {
  it("three pages are drawn at once, the next in order of arrival; one whose visitor left before its turn is not drawn", async () => {
    const { renderer, drawn, finish } = handFinishedRenderer();
    const origin = await serve(renderer);
    const first = ["/a", "/b", "/c"].map((path) => visit(origin, path));
    await eventually(async () => drawn.length === 3);
    const gone = visit(origin, "/gone");
    gone.answered.catch(() => undefined);
    const waiting = visit(origin, "/waiting");
    // Both wait for a turn (the server has read them) before one of them leaves.
    await eventually(async () => arrived.has("/gone") && arrived.has("/waiting"));
    expect(drawn).toEqual(["/a", "/b", "/c"]);
    gone.leave();
    await eventually(async () => closed.has("/gone"));

    finish("/a");
    expect(await first[0].answered).toBe("<p>/a</p>");
    await eventually(async () => drawn.length === 4);
    expect(drawn).toEqual(["/a", "/b", "/c", "/waiting"]);
    finish("/waiting");
    expect(await waiting.answered).toBe("<p>/waiting</p>");
    finish("/b");
    finish("/c");
    await Promise.all(first.map((visitor) => visitor.answered));
    expect(drawn).not.toContain("/gone");
  });

  it("a page two visitors wait for is drawn once, and still drawn when one of them leaves", async () => {
    const { renderer, drawn, finish } = handFinishedRenderer();
    const origin = await serve(renderer);
    const busy = ["/a", "/b", "/c"].map((path) => visit(origin, path));
    await eventually(async () => drawn.length === 3);
    const leaving = visit(origin, "/shared");
    leaving.answered.catch(() => undefined);
    const staying = visit(origin, "/shared");
    await eventually(async () => arrived.get("/shared") === 2);
    leaving.leave();
    await eventually(async () => closed.has("/shared"));
    finish("/a");
    await eventually(async () => drawn.length === 4);
    finish("/shared");
    expect(await staying.answered).toBe("<p>/shared</p>");
    expect(drawn.filter((address) => address === "/shared")).toHaveLength(1);
    finish("/b");
    finish("/c");
    await Promise.all(busy.map((visitor) => visitor.answered));
  });
});
