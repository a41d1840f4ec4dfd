// The storefront's pages arrive rendered by the server (issue 21): the HTML and its stylesheet are the
// content, the scripts only make it interactive. So the scripts are not even asked for until the page's
// content has been painted: index.html names a small starter script instead of the entry module, and its
// modulepreloads become <meta name="verdant:module"> tags that fetch nothing. Once the browser reports the
// first contentful paint, the starter turns them (and the screen's own, which the server writes the same
// way) into modulepreloads, a few per task, and then imports the entry.
//
// Why: on a slow phone network the 200 kB of scripts competed with the stylesheet and the LCP picture, and
// Lighthouse's simulation counts every request that finished before the largest paint as needed for it
// (mobile LCP 2.3-2.9 s with the content and its picture in the HTML; 1.0-1.3 s with the scripts after it).
// Not later than the paint: waiting for the page's 'load' (its pictures) left it without answers to taps for
// longer on a slow phone, for no gain in Lighthouse (same scores and LCP with either).
//
// Until the app has hydrated, a tap on a button or a box is kept and replayed once it has (the phone's
// 'Filters', Add to cart, the wish-list heart), and so is a choice in a list ('Sort by') and the sending of
// a form the app answers (sign-in, sign-up, the newsletter); a form that works without scripts (the search
// boxes: method="get" with an action) goes to the server as any form does; a link of the shop waits for the
// app (up to 3 s, then the browser follows it); 'Skip to content' focuses the page's heading as the app's
// does; nothing typed is lost (the screens read their fields once hydrated: lib/ssr/typedEarly.ts).
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** The starter: plain JavaScript, served as a hashed asset (the CSP allows only the shop's own scripts). */
export const STARTER_SOURCE = `// Starts the storefront's scripts once the page has been painted (client/build/scripts-after-content.ts).
const entry = document.querySelector("script[data-entry]").dataset.entry;

// Until the app has taken the page over, its buttons and boxes do nothing: each one tapped meanwhile is kept
// (once, however often it was tapped) and tapped again once the app answers; a box stays as it was till then.
// Links and forms work without scripts and are left alone.
const tapped = [];
function keepTap(event) {
  const control = event.target.closest?.('button[type="button"], input[type="checkbox"], input[type="radio"]');
  if (!control || control.disabled) return;
  if (control.localName === "input") event.preventDefault();
  if (!tapped.includes(control)) tapped.push(control);
}
document.addEventListener("click", keepTap, true);
// A choice in a list (a <select>): the box shows it at once; the app is told once it answers.
const chosen = new Map();
function keepChoice(event) {
  if (event.target.localName === "select") chosen.set(event.target, event.target.value);
}
document.addEventListener("change", keepChoice, true);
// A form the app answers (one without method="get" and an action, which the server answers itself): held,
// not sent to the server as the page's address (a password would go into the URL), and sent again once the
// app answers, with the button that sent it. Listened to as the event bubbles, after React's own listener:
// a form the app has hydrated is the app's (it calls preventDefault), one not yet hydrated is kept.
let keptForm = null;
function keepSubmit(event) {
  const form = event.target;
  if (event.defaultPrevented || form.localName !== "form") return;
  if (form.getAttribute("method")?.toLowerCase() === "get" && form.hasAttribute("action")) return;
  event.preventDefault();
  keptForm = { form, submitter: event.submitter };
}
document.addEventListener("submit", keepSubmit);
// 'Skip to content' does at once what the app's does (SkipLink.tsx): focus the page's heading, not merely
// scroll to the main area, so a keyboard user who presses it first thing lands where the app would put them.
function skipToContent(event) {
  const link = event.target.closest?.('a[href="#main-content"]');
  const main = link && document.getElementById("main-content");
  const target = main && (main.querySelector("[data-page-heading]") ?? main);
  if (!target) return;
  event.preventDefault();
  target.focus();
}
document.addEventListener("click", skipToContent, true);
// A link of the shop followed now waits for the app (a moment): it then moves in place, as every later link
// does, focus on the new page's heading. If the app has not taken over within 3 s, the browser follows it.
let keptLink = null;
function keepLink(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest?.("a[href]");
  if (!link || link.target || link.hasAttribute("download") || link.origin !== location.origin || link.getAttribute("href").startsWith("#")) return;
  event.preventDefault();
  keptLink = link;
  setTimeout(() => {
    if (keptLink !== link) return;
    keptLink = null;
    location.assign(link.href);
  }, 3000);
}
document.addEventListener("click", keepLink, true);
// Just before hydrating: React listens from then on (a tap during hydration is React's to answer).
document.addEventListener("verdant:hydrating", () => {
  document.removeEventListener("click", keepTap, true);
  document.removeEventListener("click", skipToContent, true);
  document.removeEventListener("click", keepLink, true);
  document.removeEventListener("change", keepChoice, true);
}, { once: true });
// Hydrated: the kept taps, in their order, on the controls still in the page.
document.addEventListener("verdant:hydrated", () => {
  document.removeEventListener("click", keepTap, true);
  document.removeEventListener("change", keepChoice, true);
  document.removeEventListener("submit", keepSubmit);
  for (const control of tapped.splice(0)) if (control.isConnected && !control.disabled) control.click();
  // The app may have drawn the list again with its own choice: the shopper's is put back, and the app told.
  for (const [select, value] of chosen) {
    if (!select.isConnected || select.disabled) continue;
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  chosen.clear();
  const sent = keptForm;
  keptForm = null;
  if (sent?.form.isConnected) sent.form.requestSubmit(sent.submitter?.isConnected && sent.submitter.form === sent.form ? sent.submitter : undefined);
  const link = keptLink;
  keptLink = null;
  if (link?.isConnected) link.click();
}, { once: true });

let started = false;
// Each modulepreload link put into the page costs the main thread 2-3 ms on a slow phone (the browser starts
// its fetch at once): a page's 18 together were one task of about 180 ms there, over Lighthouse's 50 ms for a
// long task. So they go in a few at a time, each batch in a task of its own, and the entry is imported after
// the last (its modules are then already on their way).
const PRELOADS_PER_TASK = 4;
function start() {
  if (started) return;
  started = true;
  const modules = Array.from(document.querySelectorAll('meta[name="verdant:module"]'), (meta) => meta.content);
  function preloadSome() {
    const links = document.createDocumentFragment();
    for (const href of modules.splice(0, PRELOADS_PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    if (modules.length > 0) setTimeout(preloadSome, 0);
    else import(entry);
  }
  preloadSome();
}
// Once the browser has painted the page's content (its first contentful paint: the moment it reports it, not
// merely the next frame, which a busy phone may show later), in a task of its own. A page the server did not
// render (an empty root: the app draws everything) and a tab in the background have nothing to paint first,
// so they start at once; a browser that reports no paint starts a second after the parse.
const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
const rendered = document.getElementById("root")?.hasChildNodes() ?? false;
if (!rendered || document.visibilityState !== "visible" || painted()) setTimeout(start, 0);
else {
  new PerformanceObserver((_, observer) => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: "paint" });
  setTimeout(start, 1000);
}
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
