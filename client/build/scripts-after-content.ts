// The storefront's pages arrive rendered by the server (issue 21): the HTML and its stylesheet are the
// content, the scripts only make it interactive. Left alone, Chrome fetches the entry module and its
// modulepreloads at high priority, competing with the stylesheet and the LCP picture on a slow phone
// network, and Lighthouse counts them as holding back the first paint (mobile FCP 2.4 s with the
// content already in the HTML). Asking for them at low priority lets the stylesheet and the picture go first.
import type { Plugin } from "vite";

/** Adds fetchpriority="low" to the module scripts and modulepreload links Vite writes into index.html. */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

export function scriptsAfterContent(): Plugin {
  return {
    name: "verdant-scripts-after-content",
    apply: "build",
    transformIndexHtml: { order: "post", handler: lowPriorityScripts },
  };
}
