// What search engines read besides the pages: /robots.txt (personal and admin screens are
// not for crawling; where the sitemap is) and the sitemaps: /sitemap.xml is an index of
// /sitemaps/categories.xml and /sitemaps/products-N.xml, each streamed from the database as it is read.
import { once } from "node:events";
import express, { type Response, type Router } from "express";
import type { SitemapEntry, SitemapSource } from "../domain/catalog/index.js";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Crawlers may reuse these for an hour; the catalogue's own pages say what changed (lastmod). */
const CACHE = "public, max-age=3600";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /user",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /graphql",
    "Disallow: /public/api",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Writes, waiting while the connection's buffer is full, so a slow crawler does not make the server hold the whole file. */
async function write(res: Response, text: string): Promise<void> {
  if (!res.write(text)) await once(res, "drain");
}

const urlElement = (origin: string, entry: SitemapEntry) =>
  `<url><loc>${escapeXml(origin + entry.path)}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>\n`;

export function crawlingRoutes(sitemaps: SitemapSource, publicUrl: string | undefined): Router {
  const router = express.Router();
  const originOf = (req: express.Request) => publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;

  router.get("/robots.txt", (req, res) => {
    res.setHeader("Cache-Control", CACHE);
    res.type("text/plain").send(robotsTxt(originOf(req)));
  });

  router.get("/sitemap.xml", async (req, res, next) => {
    try {
      const origin = originOf(req);
      const files = await sitemaps.productFiles();
      const now = new Date().toISOString();
      const names = ["categories", ...Array.from({ length: files }, (_, index) => `products-${index + 1}`)];
      const body = names.map((name) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}.xml`)}</loc><lastmod>${now}</lastmod></sitemap>\n`).join("");
      res.setHeader("Cache-Control", CACHE);
      res.type("application/xml").send(`${XML_HEAD}<sitemapindex ${SITEMAP_NS}>\n${body}</sitemapindex>\n`);
    } catch (error) {
      next(error);
    }
  });

  router.get("/sitemaps/:name.xml", async (req, res, next) => {
    const name = req.params.name;
    const productFile = /^products-([1-9]\d{0,5})$/.exec(name);
    if (name !== "categories" && !productFile) return next();
    try {
      const origin = originOf(req);
      // A file past the last is a 404, not an empty sitemap.
      if (productFile && Number(productFile[1]) > (await sitemaps.productFiles())) return next();
      res.setHeader("Cache-Control", CACHE);
      res.type("application/xml");
      await write(res, `${XML_HEAD}<urlset ${SITEMAP_NS}>\n`);
      if (productFile) {
        for await (const batch of sitemaps.products(Number(productFile[1]))) await write(res, batch.map((entry) => urlElement(origin, entry)).join(""));
      } else {
        await write(res, (await sitemaps.categories()).map((entry) => urlElement(origin, entry)).join(""));
      }
      res.end("</urlset>\n");
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  });
  return router;
}
