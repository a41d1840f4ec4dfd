// npm run bench:images — a benchmark, not a test. Real product photos, from the admin's upload to the
// shopper's screen.
//
// It draws 24 camera-like 12-megapixel JPEGs (bench/camera-photos.ts: 3-5 MB each, with noise, texture,
// EXIF and GPS), seeds a private schema of the PostgreSQL database in BENCH_DATABASE_URL (default: the
// local `test` database; BENCH_SCHEMA names it, a random bench_images_* otherwise) with the admin only,
// serves the real app (production mode, the built client) in a child process, creates one category and
// uploads the 24 photos as 24 products through the GraphQL API (multipart, one after the other), then
// prints:
// - the upload time of each createProduct, p50 and max (from sending the request to its answer);
// - in headless Chromium (a fresh profile each time: a first visit, nothing cached), the image bytes the
//   category page of those 24 products pulls before any scroll, at 1280x900 DPR 1 and at 390x844 DPR 3
//   (a phone), and the number of image requests;
// - the product page: its image bytes on the phone, and its Largest Contentful Paint on the phone over a
//   throttled network like Lighthouse's mobile run (150 ms round trips, 1.6 Mbit/s down; no CPU
//   throttling) and on the desktop unthrottled.
// When the shop computes some renditions after answering the upload, the bench waits for them (and says
// how long that took) before it opens the browser: the pages are measured as shoppers see them.
// The schema and the uploaded files are removed afterwards.
import { spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions } from "playwright-core";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config.js";
import { openDatabase, type Database } from "../src/db/client.js";
import { CLIENT_DIST, STOREFRONT_BUILD } from "../src/http/app.js";
import { seedDatabase } from "../seed/demo-shop.js";
import { startAppProcess } from "./app-process.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { cameraPhoto } from "./camera-photos.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = process.env.BENCH_SCHEMA ?? `bench_images_${crypto.randomBytes(4).toString("hex")}`;
const clientDist = process.env.BENCH_CLIENT_DIST ? path.resolve(process.env.BENCH_CLIENT_DIST) : CLIENT_DIST;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PRODUCTS = 24;
const CATEGORY = "Bench Photos";
/** How long to wait for renditions made after the upload's answer. */
const RENDITIONS_TIMEOUT_MS = Number(process.env.BENCH_RENDITIONS_TIMEOUT_MS ?? 15 * 60_000);
const here = path.dirname(new URL(import.meta.url).pathname);
const repoRoot = path.resolve(here, "../..");

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** Lighthouse's mobile network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

// ---- the built client and the server ------------------------------------------------------------------------

function ensureClientBuilt(): void {
  if (fs.existsSync(path.join(clientDist, "index.html"))) return;
  if (process.env.BENCH_CLIENT_DIST) throw new Error(`No built client at ${clientDist}.`);
  console.log("Building the client for production (npm run build -w client)...");
  const build = spawnSync("npm", ["run", "build", "-w", "client"], { cwd: repoRoot, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (build.status !== 0) throw new Error("The client build failed.");
}


async function graphql(base: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
}

async function must(base: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const body = await graphql(base, query, variables, token);
  if (body.errors?.length) throw new Error(`${query.slice(0, 50)}...: ${body.errors[0].message}`);
  return body.data!;
}

const CREATE_PRODUCT = `mutation($input: ProductInput!) { createProduct(input: $input) { product { slug } } }`;

/** One createProduct as the admin form sends it (the GraphQL multipart request); answers its time in ms. */
async function uploadProduct(base: string, token: string, index: number, categoryId: number, photo: Buffer): Promise<{ ms: number; slug: string }> {
  const form = new FormData();
  const input = { name: `Bench Fern ${String(index + 1).padStart(2, "0")}`, description: "A camera photo.", price: 20 + index, quantity: 5, categoryId, imageOne: null };
  form.append("operations", JSON.stringify({ query: CREATE_PRODUCT, variables: { input } }));
  form.append("map", JSON.stringify({ 0: ["variables.input.imageOne"] }));
  form.append("0", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `IMG_${index + 1}.jpg`);
  const started = performance.now();
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" },
    body: form,
  });
  const body = (await response.json()) as { data?: { createProduct: { product: { slug: string } } }; errors?: { message: string; extensions?: unknown }[] };
  const ms = performance.now() - started;
  if (body.errors?.length) throw new Error(`upload ${index + 1}: ${body.errors[0].message} ${JSON.stringify(body.errors[0].extensions)}`);
  return { ms, slug: body.data!.createProduct.product.slug };
}

/**
 * Waits until every stored picture has all its renditions, when the shop keeps that in an `images` table;
 * a shop without one (before pictures were processed) serves uploads as they are: nothing to wait for.
 */
async function waitForRenditions(db: Database): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    let pending: number;
    try {
      const [row] = await db.prisma.$queryRawUnsafe<{ pending: bigint }[]>(`SELECT count(*) AS pending FROM images WHERE state = 'pending'`);
      pending = Number(row.pending);
    } catch {
      return null;
    }
    if (pending === 0) return Date.now() - started;
    if (Date.now() - started > RENDITIONS_TIMEOUT_MS) throw new Error(`${pending} pictures still without all their renditions after ${RENDITIONS_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ---- the browser ---------------------------------------------------------------------------------------------

interface PageFigures {
  imageBytes: number;
  imageRequests: number;
  largestImage: number;
  lcpMs: number | null;
}

/** A first visit to `route`: the image bytes on the wire before any scroll, and the page's LCP. */
async function visit(browser: Browser, base: string, route: string, device: BrowserContextOptions, throttled = false): Promise<PageFigures> {
  const context = await browser.newContext(device);
  try {
    await context.addInitScript(() => {
      const record = window as unknown as { __lcp: number | null };
      record.__lcp = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (throttled) await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    const types = new Map<string, string>();
    const figures: PageFigures = { imageBytes: 0, imageRequests: 0, largestImage: 0, lcpMs: null };
    // Placeholders are data: URLs inside the API's answer, not downloads: only pictures fetched count.
    cdp.on("Network.responseReceived", (event) => {
      if (!event.response.url.startsWith("data:")) types.set(event.requestId, event.type);
    });
    cdp.on("Network.loadingFinished", (event) => {
      if (types.get(event.requestId) !== "Image") return;
      figures.imageBytes += event.encodedDataLength;
      figures.imageRequests += 1;
      figures.largestImage = Math.max(figures.largestImage, event.encodedDataLength);
    });
    await page.goto(`${base}${route}`, { waitUntil: "load", timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    // Let lazy images that the first layout asked for finish, then read the last LCP candidate.
    await page.waitForTimeout(500);
    await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    figures.lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number | null }).__lcp);
    return figures;
  } finally {
    await context.close();
  }
}

// ---- the run -------------------------------------------------------------------------------------------------

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main() {
  ensureClientBuilt();
  console.log(`Drawing ${PRODUCTS} camera-like photos (cached in the OS temp folder after the first run)...`);
  const photos: Buffer[] = [];
  for (let index = 0; index < PRODUCTS; index += 1) photos.push(await cameraPhoto(index + 1));
  const photoBytes = photos.map((photo) => photo.length);
  console.log(`  ${PRODUCTS} JPEGs of 4000x3000, ${MB(Math.min(...photoBytes))} to ${MB(Math.max(...photoBytes))} each`);

  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-images-uploads-"));
  const db = await openDatabase({ kind: "postgres", url, schema });
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    server?.kill();
    await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close().catch(() => undefined);
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void cleanup().then(() => process.exit(130)));
  }
  try {
    await db.migrate();
    await seedDatabase(db.prisma, { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, demo: false, imageStore: new LocalImageStore(uploadsDir) });
    // Pages rendered on the server, as `npm start` serves them (the LCP image is in the first HTML).
    if (!process.env.BENCH_STOREFRONT_BUILD && fs.existsSync(path.join(STOREFRONT_BUILD, "entry-server.js"))) {
      process.env.BENCH_STOREFRONT_BUILD = STOREFRONT_BUILD;
    }
    const started = await startAppProcess({ url, schema, uploadsDir, clientDist });
    server = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    const token = (await must(base, `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, { e: DEMO_ADMIN_EMAIL, p: DEMO_ADMIN_PASSWORD })).login
      .accessToken as string;
    const categoryId = (await must(base, `mutation($n: String!) { createCategory(name: $n) { category { id } } }`, { n: CATEGORY }, token)).createCategory.category.id as number;

    console.log(`Uploading ${PRODUCTS} products through the GraphQL API (schema ${schema})...`);
    const uploads: { ms: number; slug: string }[] = [];
    for (let index = 0; index < PRODUCTS; index += 1) uploads.push(await uploadProduct(base, token, index, categoryId, photos[index]));
    const times = uploads.map((upload) => upload.ms);
    console.log(`  upload p50 ${Math.round(percentile(times, 50))} ms, max ${Math.round(Math.max(...times))} ms`);
    const waited = await waitForRenditions(db);
    if (waited !== null) console.log(`  every rendition ready ${(waited / 1000).toFixed(1)} s after the last upload answered`);

    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
    });
    const categoryRoute = `/categories/${encodeURIComponent(CATEGORY)}`;
    // The newest product is the category page's first card, as a shopper would click it.
    const productRoute = `/products/${uploads[uploads.length - 1].slug}`;
    const categoryDesktop = await visit(browser, base, categoryRoute, DESKTOP);
    const categoryPhone = await visit(browser, base, categoryRoute, PHONE);
    const productPhone = await visit(browser, base, productRoute, PHONE, true);
    const productDesktop = await visit(browser, base, productRoute, DESKTOP);

    const rows = [
      ["upload p50 / max (12 MP JPEG, 3-5 MB)", `${Math.round(percentile(times, 50))} / ${Math.round(Math.max(...times))} ms`, "p50 < 2 s"],
      ["category page, 1280x900 DPR 1: image bytes before scrolling", `${MB(categoryDesktop.imageBytes)} (${categoryDesktop.imageRequests} images, largest ${kB(categoryDesktop.largestImage)})`, "<= 1 MB"],
      ["category page, 390x844 DPR 3: image bytes before scrolling", `${MB(categoryPhone.imageBytes)} (${categoryPhone.imageRequests} images, largest ${kB(categoryPhone.largestImage)})`, "<= 1 MB"],
      ["product page, 390x844 DPR 3: image bytes", `${kB(productPhone.imageBytes)} (${productPhone.imageRequests} images, largest ${kB(productPhone.largestImage)})`, "picture <= 250 kB"],
      ["product page LCP, phone, slow 4G (150 ms, 1.6 Mbit/s)", productPhone.lcpMs === null ? "none" : `${Math.round(productPhone.lcpMs)} ms`, ""],
      ["product page LCP, desktop, unthrottled", productDesktop.lcpMs === null ? "none" : `${Math.round(productDesktop.lcpMs)} ms`, ""],
    ];
    console.log(`\n| measure | figure | target |\n|---|---|---|\n${rows.map((row) => `| ${row.join(" | ")} |`).join("\n")}`);
    const over = [
      percentile(times, 50) >= 2000 ? "upload p50" : null,
      categoryDesktop.imageBytes > 1_000_000 ? "category page on the desktop" : null,
      categoryPhone.imageBytes > 1_000_000 ? "category page on the phone" : null,
      productPhone.largestImage > 250_000 ? "product picture on the phone" : null,
    ].filter(Boolean);
    console.log(over.length ? `\nOver target: ${over.join(", ")}.` : "\nEvery target met.");
  } finally {
    await cleanup();
  }
}

await main();
