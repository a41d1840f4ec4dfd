// The storefront's pages arrive rendered by the server (issue 21): the HTML and its stylesheet are the
// content, the scripts only make it interactive. So the scripts are not even asked for until the page has
// loaded (its stylesheets and pictures) and been painted: index.html names a small starter script instead of
// the entry module, and its modulepreloads become <meta name="verdant:module"> tags that fetch nothing.
// Once the page has loaded, the starter turns them (and the screen's own, which the server writes the same
// way) into modulepreloads, all at once, and imports the entry.
//
// Why: on a slow phone network the 200 kB of scripts competed with the stylesheet and the LCP picture, and
// Lighthouse's simulation counts every request that finished before the largest paint as needed for it
// (mobile LCP 2.3-2.9 s with the content and its picture in the HTML; 1.0-1.3 s with the scripts after it).
// Links work without scripts, so the page is usable while they come; nothing typed is lost (ShopLayout).
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** The starter: plain JavaScript, served as a hashed asset (the CSP allows only the shop's own scripts). */
export const STARTER_SOURCE = `// Starts the storefront's scripts once the page has loaded and been painted (client/build/scripts-after-content.ts).
const entry = document.querySelector("script[data-entry]").dataset.entry;
let started = false;
function start() {
  if (started) return;
  started = true;
  // Added together (one at a time, each costs a millisecond or so of the main thread).
  const links = document.createDocumentFragment();
  for (const meta of document.querySelectorAll('meta[name="verdant:module"]')) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = meta.content;
    links.append(link);
  }
  document.head.append(links);
  import(entry);
}
// After the next frame is painted; a tab in the background paints no frames, so it starts at once.
function afterPaint() {
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
  else start();
}
if (document.readyState === "complete") afterPaint();
else addEventListener("load", afterPaint, { once: true });
// A picture that never finishes loading must not keep the page from becoming interactive.
setTimeout(start, 4000);
`;

export const STARTER_FILE = `assets/start-${createHash("sha256").update(STARTER_SOURCE).digest("base64url").slice(0, 8)}.js`;

/**
 * index.html as Vite wrote it, with the entry module replaced by the starter (which names the entry in
 * data-entry) and its modulepreloads by <meta name="verdant:module"> tags.
 */
export function scriptsAfterLoad(html: string): string {
  return html
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      `<script type="module" fetchpriority="low" crossorigin src="/${STARTER_FILE}" data-entry="$1"></script>`,
    )
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<meta name="verdant:module" content="$1">');
}

export function scriptsAfterContent(): Plugin {
  return {
    name: "verdant-scripts-after-content",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: STARTER_FILE, source: STARTER_SOURCE });
    },
    transformIndexHtml: { order: "post", handler: scriptsAfterLoad },
  };
}
