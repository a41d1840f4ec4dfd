// The storefront's pages rendered on the server, so crawlers and link previews read a page's content, head
// and structured data without running JavaScript: the client's own routes and screens, built for the
// server by `vite build --ssr` (client/dist-server/entry-server.js), drawn for a guest. Their queries run
// here, in-process, through graphql/execute.ts with a guest's context: no HTTP request to itself, and the
// answers (errors included) are those Apollo gives over HTTP.
// The rendered app, the head elements it hoisted and its state go into the built index.html.
//
// Personal data never enters these pages: the server sees no token (it lives in the browser's storage),
// so every page is what a guest sees, and the signed-in parts appear after hydration.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DocumentNode, FormattedExecutionResult } from "graphql";
import type { Logger } from "pino";
import type { Shop } from "../domain/shop.js";
import type { ShopGraphQL } from "../graphql/execute.js";

/** What client/src/entry-server.tsx exports (the server does not compile the client's sources). */
export interface StorefrontEntry {
  PAGE_STATE_ELEMENT_ID: string;
  /** The address a request's page is drawn for and kept under: the path and only the parameters the screens read. */
  pageAddress(url: string): string;
  renderPage(
    url: string,
    options: {
      origin: string;
      runQuery: (query: { query: DocumentNode; variables: Record<string, unknown>; operationName: string | undefined }) => Promise<FormattedExecutionResult>;
      signal?: AbortSignal;
      notFound?: boolean;
    },
  ): Promise<
    { kind: "redirect"; status: number; location: string } | { kind: "page"; status: number; head: string; body: string; state: string; screens: string[]; passes: number }
  >;
}

/** A page ready to send: its status and the whole HTML document. */
export interface RenderedHtml {
  status: number;
  html: string;
  /** Set for a redirect (then html is empty). */
  location?: string;
}

/** Screens that are personal or not for search engines: rendered as a shell, marked noindex. */
export const NOINDEX_PATHS = /^\/(admin|user|cart|checkout|login|login-user|signup|forgot-password|reset-password)(\/|$)/;

/** Loads the server build of the storefront, or null when it was not built (the built index.html is served as it is). */
export async function loadStorefrontEntry(serverBuild: string): Promise<StorefrontEntry | null> {
  const file = path.join(serverBuild, "entry-server.js");
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as StorefrontEntry;
}

/** The built index.html cut where the page's parts go. */
interface Template {
  beforeHead: string;
  afterHeadBeforeRoot: string;
  afterRoot: string;
}

const ROOT = '<div id="root"></div>';

function readTemplate(clientDist: string): Template {
  const html = fs.readFileSync(path.join(clientDist, "index.html"), "utf8");
  const headEnd = html.indexOf("</head>");
  const root = html.indexOf(ROOT);
  if (headEnd < 0 || root < headEnd) throw new Error(`${clientDist}/index.html has no </head> before ${ROOT}.`);
  // Mantine's light scheme, set before any style applies (no flash; the shop has no dark scheme to pick).
  const beforeHead = html.slice(0, headEnd).replace("<html ", '<html data-mantine-color-scheme="light" ');
  return { beforeHead, afterHeadBeforeRoot: html.slice(headEnd, root), afterRoot: html.slice(root + ROOT.length) };
}

/** One chunk of Vite's build manifest (client/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The modules of each lazy screen, from the build manifest: the screen's chunk and the chunks it imports
 * that index.html does not already name. Written as <meta name="verdant:module"> tags, as index.html's own
 * (client/build/scripts-after-content.ts): nothing is fetched before the page has loaded and been painted,
 * then the starter script turns them all into modulepreloads at once, so the screen's chunks come with the
 * main script instead of after it has run, and Vite's loader, finding the links, adds none of its own.
 */
export function screenPreloads(manifest: Record<string, ManifestChunk>): Map<string, string> {
  const inFirstLoad = new Set<string>();
  const addImports = (key: string, into: Set<string>) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (into.has(imported)) continue;
      into.add(imported);
      addImports(imported, into);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) {
      inFirstLoad.add(key);
      addImports(key, inFirstLoad);
    }
  }
  const tags = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.name) continue;
    const needed = new Set<string>();
    addImports(key, needed);
    const chunks = [key, ...needed].filter((entry) => !inFirstLoad.has(entry));
    // The screen's own styles (its chunks' CSS) go in the head as stylesheets: the server-rendered page is
    // painted styled, not restyled (and shifted) when the chunk arrives. Vite's loader finds them and adds none.
    const styles = [...new Set(chunks.flatMap((entry) => manifest[entry].css ?? []))];
    tags.set(
      chunk.name,
      styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("") +
        chunks.map((entry) => `<meta name="verdant:module" content="/${manifest[entry].file}">`).join(""),
    );
  }
  return tags;
}

function readScreenPreloads(clientDist: string): Map<string, string> {
  const file = path.join(clientDist, ".vite", "manifest.json");
  if (!fs.existsSync(file)) return new Map();
  return screenPreloads(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ManifestChunk>);
}

/**
 * A category page names a category that does not exist (its screen cannot tell: an unknown category simply
 * has no products), so the page answers 404. Names match whatever their case, as the products filter does.
 */
async function isUnknownCategory(shop: Shop, pathname: string): Promise<boolean> {
  const match = /^\/categories\/([^/]+)\/?$/.exec(pathname);
  if (!match) return false;
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return true;
  }
  // Read as the catalogue is (a read replica when allowed): a guest's page. A replica's "none" is asked again of the primary.
  return !(await shop.categories.exists(name));
}

export interface StorefrontRenderer {
  /** The address `url`'s page is drawn for: the same page for every address that differs only in what no screen reads. */
  pageAddress(url: string): string;
  /** Draws the page of a page address. */
  render(address: string, origin: string, signal?: AbortSignal): Promise<RenderedHtml>;
}

export function createStorefrontRenderer({
  entry,
  clientDist,
  graphql,
  shop,
  logger,
}: {
  entry: StorefrontEntry;
  clientDist: string;
  graphql: Pick<ShopGraphQL, "run" | "guestContext">;
  shop: Shop;
  logger: Logger;
}): StorefrontRenderer {
  const template = readTemplate(clientDist);
  const preloads = readScreenPreloads(clientDist);

  return {
    pageAddress: entry.pageAddress,
    async render(url, origin, signal) {
      // One guest context per page: its loaders batch the page's reads. Unexpected errors are logged with the page's address.
      const context = graphql.guestContext(logger.child({ url }));
      const pathname = new URL(url, origin).pathname;
      const rendered = await entry.renderPage(url, {
        origin,
        signal,
        notFound: await isUnknownCategory(shop, pathname),
        runQuery: ({ query, variables, operationName }) => graphql.run({ document: query, variables, operationName }, context),
      });
      if (rendered.kind === "redirect") return { status: rendered.status, html: "", location: rendered.location };

      let before = template.beforeHead;
      // The screen's own title and description replace the static ones.
      if (rendered.head.includes("<title>")) before = before.replace(/<title>[^<]*<\/title>\s*/, "");
      if (rendered.head.includes('<meta name="description"')) before = before.replace(/<meta name="description"[^>]*>\s*/, "");
      const robots = NOINDEX_PATHS.test(pathname) || rendered.status === 404 ? '<meta name="robots" content="noindex"/>' : "";
      const html =
        before +
        rendered.head +
        robots +
        rendered.screens.map((screen) => preloads.get(screen) ?? "").join("") +
        template.afterHeadBeforeRoot +
        `<div id="root">${rendered.body}</div><script type="application/json" id="${entry.PAGE_STATE_ELEMENT_ID}">${rendered.state}</script>` +
        template.afterRoot;
      return { status: rendered.status, html };
    },
  };
}
