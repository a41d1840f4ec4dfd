// The storefront's pages come from the server with their content, head and structured data,
// as a crawler or a link preview reads them without running JavaScript; unknown products, categories and
// addresses answer 404 with the not-found screen; guest pages are kept like catalogue answers (ETag, 304,
// compressed once, replaced after a catalogue write); robots.txt and the sitemaps list the catalogue.
import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SitemapSource } from "../src/domain/catalog/sitemap.js";
import { eventually } from "./catalogue-cache-support.js";
import { print } from "graphql";
import { loadStorefrontEntry, screenPreloads } from "../src/http/storefront.js";
import { buildStorefront, type BuiltStorefront } from "./storefront-support.js";
import { storefrontRenders } from "../src/metrics.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

const ORIGIN = "https://shop.example.com";
let t: TestShop;
let served: Awaited<ReturnType<typeof serveTestShop>>;
let categoryId: number;
let built: BuiltStorefront;

beforeAll(async () => {
  built = await buildStorefront();
  t = await createTestShop();
  served = await serveTestShop(t, { ...built, publicUrl: ORIGIN });
  categoryId = (await t.db.prisma.category.create({ data: { name: "Rendered Ferns" } })).id;
  await t.db.prisma.product.create({
    data: { slug: "boston-fern", name: "Boston Fern", description: "A lush fern for bright bathrooms.", categoryId, priceCents: 2450, discountPriceCents: 1999, quantity: 7, imageOne: "/uploads/fern.png", ratingSum: 9, peopleRated: 2 },
  });
  await t.db.prisma.product.create({
    data: { slug: "sold-out-fern", name: "Sold Out Fern", description: "Gone for now.", categoryId, priceCents: 1000, quantity: 0, imageOne: "/uploads/fern2.png" },
  });
}, 180_000);
afterAll(async () => {
  await served?.close();
  await t?.close();
});

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  body: Buffer;
  text(): Promise<string>;
}

/** A GET on a connection of its own (a kept-alive one may be closed by the server during a long test step), body as sent. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${served.url}${path}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: { get: (name) => (response.headers[name] === undefined ? null : String(response.headers[name])) },
            body,
            text: async () => body.toString(),
          });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Pages the server has drawn so far (shop_storefront_renders_total). */
const pageRenders = async () => (await storefrontRenders.get()).values[0]?.value ?? 0;

const page = (path: string, headers: Record<string, string> = {}) => get(path, { accept: "text/html", ...headers });

/** The JSON-LD blocks of a page, parsed (a block that is not valid JSON fails the test). */
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(head(html))?.[1];

describe("a product page fetched without JavaScript", () => {
  it("holds the product's name, price and availability, its Open Graph tags and valid JSON-LD", async () => {
    const response = await page("/products/boston-fern");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain("Boston Fern");
    expect(root).toContain("$19.99");
    expect(root).toContain("7 item(s) left");

    // The product screen's chunk is named by the page itself (preloaded with the main script, not after it
    // has run), once; nothing is preloaded before the page has loaded.
    const headPart = html.slice(0, html.indexOf("</head>"));
    expect(headPart).toMatch(/<meta name="verdant:module" content="\/assets\/ProductScreen-[^"]+\.js">/);
    const named = [...headPart.matchAll(/<meta name="verdant:module" content="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(named).size).toBe(named.length);
    expect(html).not.toContain('rel="modulepreload"');
    // The content comes first: the starter asks for the scripts once the page has loaded.
    expect(html).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/start-[^"]+\.js" data-entry="\/assets\/index-[^"]+\.js"><\/script>/);
    // A shared link reads as the tab does.
    expect(html).toContain("<title>Boston Fern · Verdant</title>");
    expect(meta(html, "og:title")).toBe("Boston Fern · Verdant");
    expect(meta(html, "og:type")).toBe("product");
    expect(meta(html, "og:url")).toBe(`${ORIGIN}/products/boston-fern`);
    expect(meta(html, "og:image")).toMatch(/^https:\/\/shop\.example\.com\//);
    expect(meta(html, "product:price:amount")).toBe("19.99");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "description")).toBe("A lush fern for bright bathrooms.");
    expect(head(html)).toContain(`<link rel="canonical" href="${ORIGIN}/products/boston-fern"/>`);
    // One description: the page's replaces the static one.
    expect(head(html).match(/<meta name="description"/g)).toHaveLength(1);

    const [product, breadcrumbs] = structuredData(html);
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Boston Fern",
      // The discount price is the price a shopper pays.
      offers: { "@type": "Offer", price: "19.99", priceCurrency: "USD", availability: "https://schema.org/InStock" },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, ratingCount: 2 },
    });
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: `${ORIGIN}/` },
        { position: 2, name: "Rendered Ferns", item: `${ORIGIN}/categories/Rendered%20Ferns` },
        { position: 3, name: "Boston Fern", item: `${ORIGIN}/products/boston-fern` },
      ],
    });

    // The browser picks up the answers the page was drawn with instead of asking again.
    const state = JSON.parse(/<script type="application\/json" id="shop-page-state">([^<]*)<\/script>/.exec(html)![1]);
    expect(JSON.stringify(state.apollo)).toContain("Boston Fern");
  });

  it("an unrated product out of stock says so, with no rating", async () => {
    const html = await (await page("/products/sold-out-fern")).text();
    expect(html).toContain("Out Of Stock");
    const [product] = structuredData(html);
    expect(product.offers).toMatchObject({ price: "10.00", availability: "https://schema.org/OutOfStock" });
    expect(product).not.toHaveProperty("aggregateRating");
  });

  it("the home page describes the shop and its search; a category page its breadcrumbs, with the sort left out of the canonical address", async () => {
    const home = await (await page("/")).text();
    expect(structuredData(home)).toContainEqual(
      expect.objectContaining({ "@type": "WebSite", potentialAction: expect.objectContaining({ "@type": "SearchAction" }) }),
    );
    const category = await (await page("/categories/Rendered%20Ferns?sort=price-asc")).text();
    expect(category).toContain("Boston Fern");
    expect(head(category)).toContain(`<link rel="canonical" href="${ORIGIN}/categories/Rendered%20Ferns"/>`);
    expect(structuredData(category)[0]).toMatchObject({ "@type": "BreadcrumbList" });
  });
});

describe("not found and not for search engines", () => {
  it.each(["/products/no-such-plant", "/categories/No%20Such%20Category", "/no/such/page"])("%s answers 404 with the not-found screen", async (path) => {
    const response = await page(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("404 Not Found");
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
  });

  it("account and admin pages are marked noindex", async () => {
    for (const [path, title] of [
      ["/user", "My account · Verdant"],
      ["/admin/dashboard", "Verdant"],
    ]) {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      const pageHead = head(await response.text());
      expect(pageHead).toContain('<meta name="robots" content="noindex"/>');
      // The account's title while the session loads (after hydration); the admin's frame, sent before its screen, the shop's.
      expect(pageHead).toContain(`<title>${title}</title>`);
    }
  });

  it("the search boxes are search forms; sign-in, sign-up, forgot password, cart and checkout come with their layout, saying without scripts that they need them", async () => {
    const home = await (await page("/")).text();
    // The header's search box: Enter before the scripts (or without them) asks the server for the results page.
    const searchForm = /<form (?=[^>]*action="\/search")(?=[^>]*method="get")[^>]*>(?:(?!<\/form>).)*?<input (?=[^>]*type="search")[^>]*name="q"[^>]*>/g;
    expect(home.match(searchForm)).toHaveLength(1);
    const search = await (await page("/search?q=fern")).text();
    // The header's and the page's, which holds the text searched.
    expect(search.match(searchForm)).toHaveLength(2);
    expect(search.match(searchForm)![1]).toContain('value="fern"');
    expect(search).toContain("Boston Fern");
    for (const [path, heading, needs] of [
      ["/login-user", "Welcome back", "Signing in needs JavaScript"],
      ["/signup", "Create account", "Creating an account needs JavaScript"],
      ["/forgot-password", "Forgot your password\\?", "Asking for a reset link needs JavaScript"],
      ["/cart", "Cart", "The cart and checkout need JavaScript"],
      ["/checkout", "Checkout", "Your account and checkout need JavaScript"],
    ]) {
      const html = await (await page(path)).text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toMatch(new RegExp(`<noscript>.*?${needs}.*?</noscript>`));
    }
    const signIn = await (await page("/login-user")).text();
    // Sent with POST (nothing typed in an address), the fields named as the app reads them once it runs.
    expect(signIn).toMatch(/<form (?=[^>]*method="post")[^>]*aria-label="Welcome back"/);
    expect(signIn).toMatch(/<input[^>]*name="email"/);
    expect(signIn).toMatch(/<input[^>]*name="password"/);
    // Forgot password likewise: its form and its named email field, not the frame with the loading view.
    const forgot = await (await page("/forgot-password")).text();
    expect(forgot).toMatch(/<form (?=[^>]*method="post")[^>]*aria-label="Forgot your password\?"/);
    expect(forgot).toMatch(/<input[^>]*name="email"/);
    // The new-password screen stays the frame: its token is in the address's fragment, which the server never sees.
    expect(await (await page("/reset-password")).text()).not.toMatch(/<input[^>]*name="password"/);
  });

  it("a form sent without JavaScript to a page is answered with that page (303): nothing sent is read", async () => {
    const response = await fetch(`${served.url}/login-user`, {
      method: "POST",
      redirect: "manual",
      headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.c&password=secret",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login-user");
    // The API is not a page: its own answers stand.
    const api = await fetch(`${served.url}/public/api/nothing`, { method: "POST", headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" }, body: "a=b" });
    expect(api.status).not.toBe(303);
  });
});

/** Renders a page with the built entry, its queries answered by the test shop's real API over HTTP. */
async function renderPage(url: string) {
  const entry = (await loadStorefrontEntry(built.storefrontBuild))!;
  const asked: string[] = [];
  const page = await entry.renderPage(url, {
    origin: ORIGIN,
    runQuery: async ({ query, variables, operationName }) => {
      asked.push(operationName ?? "");
      const response = await fetch(`${served.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
        body: JSON.stringify({ query: print(query), variables, operationName }),
      });
      return response.json();
    },
  });
  return { page, asked };
}

describe("a page is drawn once", () => {
  it("the page's query is asked before rendering, once, and React draws the page a single time; a query that fails still renders the screen's answer", async () => {
    for (const [url, operation] of [
      ["/", "HomePage"],
      ["/categories/Rendered%20Ferns?sort=price-lowest&inStock=1&price=10-", "CategoryPage"],
      ["/search?q=fern&sort=highest-rated&discounted=1", "SearchPage"],
      ["/products/boston-fern", "ProductDetail"],
    ] as const) {
      const { page, asked } = await renderPage(url);
      expect(page.kind, url).toBe("page");
      if (page.kind !== "page") continue;
      expect(asked, url).toEqual([operation]);
      expect(page.passes, url).toBe(1);
      expect(page.status, url).toBe(200);
      expect(page.body, url).toContain(url === "/" ? "Boston Fern" : "Fern");
    }
    // An unknown product: its query fails, the screen asks again and draws the not-found screen (404).
    const { page: missing, asked } = await renderPage("/products/no-such-fern");
    expect(missing.kind === "page" && missing.status).toBe(404);
    expect(asked).toEqual(["ProductDetail", "ProductDetail"]);
  });
});

describe("guest pages are kept like catalogue answers", () => {
  it("the same page carries the same ETag, answers 304 to it, comes compressed, and changes after a catalogue write", async () => {
    const first = await page("/products/boston-fern");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const body = await first.text();

    const unchanged = await page("/products/boston-fern", { "if-none-match": etag });
    expect(unchanged.status).toBe(304);

    const compressed = await page("/products/boston-fern", { "accept-encoding": "gzip, br" });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    // A kept page is answered ahead of the app (before Express), with the headers Express's answer has (a
    // proxy naming the protocol sends the request through Express, which finds the same page).
    const viaExpress = await page("/products/boston-fern", { "accept-encoding": "gzip, br", "x-forwarded-proto": "https" });
    expect(brotliDecompressSync(viaExpress.body).toString()).toBe(body);
    for (const name of ["content-security-policy", "x-content-type-options", "strict-transport-security", "content-type", "cache-control", "vary", "etag"]) {
      expect(compressed.headers.get(name), name).toBe(viaExpress.headers.get(name));
    }
    expect(compressed.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(compressed.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // An API caller asking the same address for JSON is not given the page.
    expect((await get("/products/boston-fern", { accept: "application/json" })).headers.get("content-type")).not.toContain("text/html");
    expect(brotliDecompressSync(compressed.body).toString()).toBe(body);

    await t.db.prisma.product.update({ where: { slug: "boston-fern" }, data: { discountPriceCents: 1799 } });
    await eventually(async () => (await (await page("/products/boston-fern")).text()).includes("$17.99"));
    expect((await page("/products/boston-fern")).headers.get("etag")).not.toBe(etag);
  });

  it("a page just rendered goes out quickly compressed; once kept, later visitors get its smallest copy", async () => {
    const br = { "accept-encoding": "br" };
    // A page no other test asks for: this request renders it.
    const address = "/categories/Rendered%20Ferns?sort=price-highest&discounted=1";
    const fresh = await page(address, br);
    const body = brotliDecompressSync(fresh.body).toString();
    expect(body).toContain("Boston Fern");
    // Compressed again at brotli's quality 9 after the first answer went: smaller, and the same page.
    await eventually(async () => (await page(address, br)).body.length < fresh.body.length);
    expect(brotliDecompressSync((await page(address, br)).body).toString()).toBe(body);
  });

  it("visitors asking a page while it is being drawn wait for that one drawing, and get the page with the app's headers", async () => {
    const address = "/search?q=fern&sort=price-lowest";
    const rendersBefore = await pageRenders();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => page(n % 2 ? `${address}&utm_source=${n}` : address)));
    expect(await pageRenders()).toBe(rendersBefore + 1);
    const first = answers[0];
    expect(await first.text()).toContain("Boston Fern");
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await answer.text()).toBe(await first.text());
    }
    expect(new Set(answers.map((answer) => answer.headers.get("x-request-id"))).size).toBe(answers.length);
  });

  it("addresses that differ only in what no screen reads (tracking tags, made-up parameters) are one page, drawn once", async () => {
    const address = "/categories/Rendered%20Ferns?sort=price-lowest&inStock=1";
    const kept = await page(address);
    const rendersBefore = await pageRenders();
    for (const extra of ["&utm_source=newsletter&utm_medium=email", "&fbclid=IwAR0abc", "&x=1", "&x=2&gclid=3"]) {
      const answer = await page(`${address}${extra}`);
      expect(answer.status, extra).toBe(200);
      expect(answer.headers.get("etag"), extra).toBe(kept.headers.get("etag"));
      expect(await answer.text(), extra).toBe(await kept.text());
    }
    expect(await pageRenders()).toBe(rendersBefore);
    // A parameter a screen reads is another page.
    expect((await page("/categories/Rendered%20Ferns?sort=price-highest&inStock=1")).headers.get("etag")).not.toBe(kept.headers.get("etag"));
  });
});

describe("the address a page is drawn for", () => {
  it("leaves out only parameters no screen reads: each page drawn with them is the page drawn without them", async () => {
    const entry = (await loadStorefrontEntry(built.storefrontBuild))!;
    const draw = async (url: string) => {
      const { page: drawn } = await renderPage(url);
      return drawn.kind === "page" ? { status: drawn.status, head: drawn.head, body: drawn.body, state: drawn.state } : drawn;
    };
    const extras = "utm_source=news&utm_campaign=spring&fbclid=abc&gclid=1&ref=chat&page=2&x=%3Cb%3E";
    for (const url of [
      "/",
      "/categories/Rendered%20Ferns?sort=price-lowest&inStock=1&price=10-&discounted=1",
      "/search?q=fern&sort=highest-rated&category=Rendered%20Ferns&price=10-30",
      "/products/boston-fern",
      "/products/no-such-fern",
      "/cart",
      "/login",
    ]) {
      const withExtras = `${url}${url.includes("?") ? "&" : "?"}${extras}`;
      const address = entry.pageAddress(withExtras);
      expect(address, url).toBe(new URL(url, ORIGIN).pathname + new URL(url, ORIGIN).search);
      expect(await draw(withExtras), url).toEqual(await draw(address));
    }
  });
});

describe("crawling", () => {
  it("robots.txt keeps crawlers out of the personal screens and points to the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const path of ["/admin", "/user", "/cart", "/checkout"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("at 10,000 products the sitemaps list every product once, across files of at most the file size", async () => {
    const extra = await t.db.prisma.category.create({ data: { name: "Many Seedlings" } });
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      slug: `seedling-${index}`,
      name: `Seedling ${index}`,
      description: "A seedling.",
      categoryId: extra.id,
      priceCents: 100,
      quantity: 1,
      imageOne: "/uploads/seedling.png",
    }));
    for (let start = 0; start < rows.length; start += 2500) await t.db.prisma.product.createMany({ data: rows.slice(start, start + 2500) });
    const total = await t.db.prisma.product.count();

    const index = (await get("/sitemap.xml")).body.toString();
    expect(index).toContain("<sitemapindex");
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/categories.xml</loc>`);
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/products-1.xml</loc>`);
    const products = (await get("/sitemaps/products-1.xml")).body.toString();
    expect(products.match(/<url>/g)).toHaveLength(total);
    expect(products).toMatch(/<url><loc>https:\/\/shop\.example\.com\/products\/seedling-9999<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod><\/url>/);
    expect((await get("/sitemaps/products-2.xml")).status).toBe(404);
    const categories = (await get("/sitemaps/categories.xml")).body.toString();
    expect(categories).toContain(`<loc>${ORIGIN}/categories/Many%20Seedlings</loc>`);

    // Files of 4,000: three files, every product in exactly one.
    const source = new SitemapSource(t.db.prisma, 4000);
    expect(await source.productFiles()).toBe(Math.ceil(total / 4000));
    const seen: string[] = [];
    for (let file = 1; file <= (await source.productFiles()); file += 1) {
      let inFile = 0;
      for await (const batch of source.products(file)) {
        inFile += batch.length;
        seen.push(...batch.map((entry) => entry.path));
      }
      expect(inFile).toBeLessThanOrEqual(4000);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  }, 120_000);
});

describe("screen preloads from the build manifest", () => {
  it("lists a screen's chunk and what it imports, leaving out what the first load already brings", () => {
    const preloads = screenPreloads({
      "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_Box.js"] },
      "_Box.js": { file: "assets/Box-2.js" },
      "_Grid.js": { file: "assets/Grid-3.js", imports: ["_Box.js", "_Deep.js"] },
      "_Deep.js": { file: "assets/Deep-5.js" },
      "src/ProductScreen.tsx": { file: "assets/ProductScreen-4.js", name: "ProductScreen", isDynamicEntry: true, imports: ["index.html", "_Grid.js", "_Box.js"] },
    });
    const hrefs = [...(preloads.get("ProductScreen") ?? "").matchAll(/<meta name="verdant:module" content="([^"]+)">/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["/assets/ProductScreen-4.js", "/assets/Grid-3.js", "/assets/Deep-5.js"]);
    expect(preloads.has("Box")).toBe(false);
  });

  it("puts the CSS of a screen's chunks in the head as stylesheets, so the page is painted styled", () => {
    const preloads = screenPreloads({
      "index.html": { file: "assets/index-1.js", isEntry: true, css: ["assets/index-1.css"] },
      "_Filters.js": { file: "assets/Filters-2.js", css: ["assets/Filters-2.css"] },
      "src/SearchScreen.tsx": { file: "assets/SearchScreen-3.js", name: "SearchScreen", isDynamicEntry: true, imports: ["index.html", "_Filters.js"] },
      "src/CategoryScreen.tsx": { file: "assets/CategoryScreen-4.js", name: "CategoryScreen", isDynamicEntry: true, imports: ["_Filters.js"], css: ["assets/Filters-2.css"] },
    });
    const stylesheets = (screen: string) => [...(preloads.get(screen) ?? "").matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(stylesheets("SearchScreen")).toEqual(["/assets/Filters-2.css"]);
    // Once, however many of its chunks name it; never the first load's own.
    expect(stylesheets("CategoryScreen")).toEqual(["/assets/Filters-2.css"]);
  });
});
