// The built page asks for its scripts only once it has loaded and been painted (issue 21).
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

  it("starts once the page has loaded and been painted: preloads every named module, then imports the entry", () => {
    // A stand-in for the page (the starter reads and writes only these).
    const links: Array<Record<string, string>> = [];
    const page = {
      readyState: "interactive",
      visibilityState: "visible",
      querySelector: (selector: string) => (selector === "script[data-entry]" ? { dataset: { entry: "/assets/index-a.js" } } : null),
      querySelectorAll: (selector: string) => (selector === 'meta[name="verdant:module"]' ? [{ content: "/assets/Box-b.js" }, { content: "/assets/Grid-c.js" }] : []),
      createElement: () => ({}),
      createDocumentFragment: () => ({ append: (link: Record<string, string>) => links.push(link) }),
      head: { append: () => undefined },
    };
    const imported: string[] = [];
    let onLoad: (() => void) | undefined;
    const frames: Array<() => void> = [];
    const timers: Array<{ callback: () => void; ms: number }> = [];
    // The starter's dynamic import, observed (a function body cannot import).
    const run = new Function("document", "addEventListener", "requestAnimationFrame", "setTimeout", "importModule", STARTER_SOURCE.replace("import(entry)", "importModule(entry)"));
    run(
      page,
      (_event: string, listener: () => void) => (onLoad = listener),
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
      (url: string) => imported.push(url),
    );
    expect(imported).toEqual([]);
    expect(links).toEqual([]);

    onLoad!();
    expect(imported).toEqual([]);
    frames.shift()!();
    timers.find((timer) => timer.ms === 0)!.callback();
    expect(imported).toEqual(["/assets/index-a.js"]);
    expect(links).toEqual([
      { rel: "modulepreload", crossOrigin: "", href: "/assets/Box-b.js" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/Grid-c.js" },
    ]);
    // Once: the safety timer that starts a page whose pictures never finish does nothing more.
    timers.find((timer) => timer.ms === 4000)!.callback();
    expect(imported).toHaveLength(1);
  });
});
