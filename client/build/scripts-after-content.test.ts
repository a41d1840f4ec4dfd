// The built page asks for its scripts only once its content has been painted (issue 21), and keeps taps made before hydration.
/// <reference lib="dom" />
// The starter runs in the page: its test uses jsdom's document (the build folder is compiled without the DOM's types).
import { describe, expect, it } from "vitest";
import { STARTER_FILE, STARTER_SOURCE, scriptsAfterLoad } from "./scripts-after-content";

const vitePage = `<head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/Box-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head>`;

describe("scripts after the content", () => {
  it("names the starter instead of the entry module, and the modulepreloads as tags that fetch nothing; the stylesheet stays", () => {
    const page = scriptsAfterLoad(vitePage);
    expect(STARTER_FILE).toMatch(/^assets\/start-[\w-]{8}\.js$/);
    expect(page).toContain(`<script type="module" fetchpriority="low" crossorigin src="/${STARTER_FILE}" data-entry="/assets/index-a.js"></script>`);
    expect(page).toContain('<meta name="verdant:module" content="/assets/Box-b.js">');
    expect(page).not.toContain("modulepreload");
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(scriptsAfterLoad(page)).toBe(page);
  });

  it("starts once the browser reports the first contentful paint: preloads every named module, a few per task, then imports the entry", () => {
    // A stand-in for the page (the starter reads and writes only these).
    const links: Array<Record<string, string>> = [];
    const page = {
      readyState: "interactive",
      visibilityState: "visible",
      addEventListener: () => undefined,
      querySelector: (selector: string) => (selector === "script[data-entry]" ? { dataset: { entry: "/assets/index-a.js" } } : null),
      getElementById: (id: string) => (id === "root" ? { hasChildNodes: () => true } : null),
      querySelectorAll: (selector: string) => (selector === 'meta[name="verdant:module"]' ? MODULES.map((content) => ({ content })) : []),
      createElement: () => ({}),
      createDocumentFragment: () => ({ append: (link: Record<string, string>) => links.push(link) }),
      head: { append: () => undefined },
    };
    const paints: string[] = [];
    const performance = { getEntriesByName: (name: string) => paints.filter((paint) => paint === name) };
    let reportPaint: (() => void) | undefined;
    let observing = false;
    class PerformanceObserver {
      constructor(callback: (list: unknown, observer: PerformanceObserver) => void) {
        reportPaint = () => callback({}, this);
      }
      observe(options: { type: string }) {
        observing = options.type === "paint";
      }
      disconnect() {
        observing = false;
      }
    }
    const imported: string[] = [];
    const timers: Array<{ callback: () => void; ms: number }> = [];
    runStarter(page, {
      performance,
      PerformanceObserver,
      setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
      importModule: (url: string) => imported.push(url),
    });
    expect(observing).toBe(true);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);

    // The first paint (no content yet) is not the one.
    paints.push("first-paint");
    reportPaint!();
    expect(timers).toHaveLength(1);
    paints.push("first-contentful-paint");
    reportPaint!();
    expect(observing).toBe(false);
    expect(imported).toEqual([]);
    // In a task of its own, four preloads per task: 4, 4 and 2 of the ten, then the entry.
    const preloaded = () => links.map((link) => link.href);
    const nextTask = () => timers.splice(timers.findIndex((timer) => timer.ms === 0), 1)[0].callback();
    nextTask();
    expect(preloaded()).toEqual(MODULES.slice(0, 4));
    expect(imported).toEqual([]);
    nextTask();
    expect(preloaded()).toEqual(MODULES.slice(0, 8));
    expect(imported).toEqual([]);
    nextTask();
    expect(preloaded()).toEqual(MODULES);
    expect(imported).toEqual(["/assets/index-a.js"]);
    expect(links[0]).toEqual({ rel: "modulepreload", crossOrigin: "", href: "/assets/m0.js" });
    expect(timers.filter((timer) => timer.ms === 0)).toEqual([]);
    // Once: the safety timer for a browser that reports no paint does nothing more.
    timers.find((timer) => timer.ms === 1000)!.callback();
    expect(imported).toHaveLength(1);
  });

  it("starts at once on a page the server did not render (an empty root: nothing to paint before the app)", () => {
    const page = {
      visibilityState: "visible",
      addEventListener: () => undefined,
      querySelector: () => ({ dataset: { entry: "/assets/index-a.js" } }),
      querySelectorAll: () => [],
      getElementById: (id: string) => (id === "root" ? { hasChildNodes: () => false } : null),
      createDocumentFragment: () => ({ append: () => undefined }),
      head: { append: () => undefined },
    };
    const timers: Array<{ callback: () => void; ms: number }> = [];
    const imported: string[] = [];
    let observed = false;
    runStarter(page, {
      performance: { getEntriesByName: () => [] },
      PerformanceObserver: class {
        observe() {
          observed = true;
        }
      },
      setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
      importModule: (url: string) => imported.push(url),
    });
    expect(observed).toBe(false);
    expect(timers.map((timer) => timer.ms)).toEqual([0]);
    timers[0].callback();
    expect(imported).toEqual(["/assets/index-a.js"]);
  });

  it("keeps the buttons and boxes tapped before hydration, and taps each once again when hydrated; links are left alone", () => {
    document.head.innerHTML = '<script type="module" data-entry="/assets/index-a.js"></script>';
    document.body.innerHTML = `
      <button type="button" id="filters">Filters</button>
      <button type="button" id="add"><svg><path id="icon"></path></svg>Add to cart</button>
      <button type="button" id="gone">Gone</button>
      <input type="checkbox" id="box"><a href="#elsewhere" id="link">Elsewhere</a><a href="/categories/Ferns" id="page">Ferns</a>
      <button type="submit" id="send">Send</button>`;
    const element = (id: string) => document.getElementById(id)!;
    runStarter(document, {
      performance: { getEntriesByName: () => [] },
      PerformanceObserver: class {
        observe() {}
      },
      setTimeout: () => 0,
      importModule: () => undefined,
    });
    const clicks: string[] = [];
    const record = (event: Event) => clicks.push((event.target as Element).id);
    document.addEventListener("click", record);
    try {
      element("filters").click();
      element("icon").dispatchEvent(new MouseEvent("click", { bubbles: true }));
      element("add").click();
      element("gone").click();
      element("box").click();
      element("link").click();
      element("send").click();
      // A page of the shop: held until the app takes over (not followed by the browser now).
      const followed = new MouseEvent("click", { bubbles: true, cancelable: true });
      element("page").dispatchEvent(followed);
      expect(followed.defaultPrevented).toBe(true);
      // The box did not change yet: its tick is the app's to make.
      expect((element("box") as HTMLInputElement).checked).toBe(false);
      element("gone").remove();
      clicks.length = 0;

      // React listens from now on: a tap during hydration is its own.
      document.dispatchEvent(new Event("verdant:hydrating"));
      element("filters").click();
      expect(clicks).toEqual(["filters"]);
      clicks.length = 0;

      document.dispatchEvent(new Event("verdant:hydrated"));
      // Once each, in order, then the link held; the removed button is forgotten.
      expect(clicks).toEqual(["filters", "add", "box", "page"]);
      expect((element("box") as HTMLInputElement).checked).toBe(true);
      // And only once.
      clicks.length = 0;
      document.dispatchEvent(new Event("verdant:hydrated"));
      expect(clicks).toEqual([]);
    } finally {
      document.removeEventListener("click", record);
      document.body.innerHTML = "";
    }
  });

  it("keeps a form the app answers sent before hydration and sends it once hydrated, with its button; a search form (GET with an action) goes to the server", () => {
    document.head.innerHTML = '<script type="module" data-entry="/assets/index-a.js"></script>';
    document.body.innerHTML = `
      <form id="sign-in" method="post"><input name="email" value="a@b.c"><button type="submit" id="go">Sign in</button></form>
      <form id="search" method="get" action="/search"><input name="q"><button type="submit" id="find">Search</button></form>`;
    runStarter(document, { performance: { getEntriesByName: () => [] }, PerformanceObserver: class { observe() {} }, setTimeout: () => 0, importModule: () => undefined });
    const sent: Array<{ form: string; button: string | undefined; prevented: boolean }> = [];
    // After the starter's listener: what reached the page, and whether the browser would send it.
    const record = (event: Event) => {
      const submit = event as SubmitEvent;
      sent.push({ form: (submit.target as Element).id, button: submit.submitter?.id, prevented: submit.defaultPrevented });
      submit.preventDefault();
    };
    document.addEventListener("submit", record);
    try {
      const signIn = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: document.getElementById("go") });
      document.getElementById("sign-in")!.dispatchEvent(signIn);
      const search = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: document.getElementById("find") });
      document.getElementById("search")!.dispatchEvent(search);
      // Held: not sent as the page's address (a password would go into the URL); the search goes to the server.
      expect(sent).toEqual([
        { form: "sign-in", button: "go", prevented: true },
        { form: "search", button: "find", prevented: false },
      ]);
      sent.length = 0;
      document.dispatchEvent(new Event("verdant:hydrating"));
      document.dispatchEvent(new Event("verdant:hydrated"));
      // Sent once more, to the app now, with the button pressed.
      expect(sent).toEqual([{ form: "sign-in", button: "go", prevented: false }]);
      sent.length = 0;
      document.dispatchEvent(new Event("verdant:hydrated"));
      expect(sent).toEqual([]);
    } finally {
      document.removeEventListener("submit", record);
      document.body.innerHTML = "";
    }
  });

  it("keeps a choice in a list made before hydration, and puts it back and tells the app once hydrated", () => {
    document.head.innerHTML = '<script type="module" data-entry="/assets/index-a.js"></script>';
    document.body.innerHTML = `<select id="sort"><option value="default">Default</option><option value="price-lowest">Lowest price</option></select>`;
    runStarter(document, { performance: { getEntriesByName: () => [] }, PerformanceObserver: class { observe() {} }, setTimeout: () => 0, importModule: () => undefined });
    const select = document.getElementById("sort") as HTMLSelectElement;
    const told: string[] = [];
    const record = (event: Event) => told.push((event.target as HTMLSelectElement).value);
    try {
      select.value = "price-lowest";
      select.dispatchEvent(new Event("change", { bubbles: true }));
      document.addEventListener("change", record);
      // The app draws the list with its own choice as it hydrates.
      document.dispatchEvent(new Event("verdant:hydrating"));
      select.value = "default";
      document.dispatchEvent(new Event("verdant:hydrated"));
      expect(select.value).toBe("price-lowest");
      expect(told).toEqual(["price-lowest"]);
    } finally {
      document.removeEventListener("change", record);
      document.body.innerHTML = "";
    }
  });

  it("'Skip to content' focuses the page's heading before hydration, as the app's skip link does; then leaves it to the app", () => {
    document.head.innerHTML = '<script type="module" data-entry="/assets/index-a.js"></script>';
    document.body.innerHTML = `
      <a href="#main-content" id="skip">Skip to content</a><nav><a href="/">Home</a></nav>
      <main id="main-content" tabindex="-1"><h1 tabindex="-1" data-page-heading id="heading">Ferns</h1></main>`;
    runStarter(document, { performance: { getEntriesByName: () => [] }, PerformanceObserver: class { observe() {} }, setTimeout: () => 0, importModule: () => undefined });
    try {
      document.getElementById("skip")!.click();
      expect(document.activeElement?.id).toBe("heading");
      (document.activeElement as HTMLElement).blur();
      document.dispatchEvent(new Event("verdant:hydrating"));
      const skip = new MouseEvent("click", { bubbles: true, cancelable: true });
      document.getElementById("skip")!.dispatchEvent(skip);
      expect(skip.defaultPrevented).toBe(false);
    } finally {
      document.body.innerHTML = "";
    }
  });
});

/** Ten modules a page names for preloading. */
const MODULES = Array.from({ length: 10 }, (_, index) => `/assets/m${index}.js`);

/** Runs the starter as a page would, with these stand-ins for the browser's globals (its dynamic import observed: a function body cannot import). */
function runStarter(document: unknown, globals: { performance: unknown; PerformanceObserver: unknown; setTimeout: unknown; importModule: unknown }) {
  const run = new Function("document", "performance", "PerformanceObserver", "setTimeout", "importModule", STARTER_SOURCE.replace("import(entry)", "importModule(entry)"));
  run(document, globals.performance, globals.PerformanceObserver, globals.setTimeout, globals.importModule);
}
