import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ShopCssVariables } from "./ShopCssVariables";
import { shopCssVariables, shopTheme } from "./theme";

const styleOf = (markup: string) => markup.match(/<style data-mantine-styles="true"[^>]*>(.*?)<\/style>/s)?.[1];

describe("the theme's CSS variables, worked out once", () => {
  it("are the stylesheet Mantine's provider writes with the shop's resolver, to the character", () => {
    const mantines = styleOf(renderToStaticMarkup(<MantineProvider theme={shopTheme} cssVariablesResolver={shopCssVariables} withGlobalClasses={false} />));
    const ours = styleOf(renderToStaticMarkup(<MantineProvider theme={shopTheme} withCssVariables={false} withGlobalClasses={false}><ShopCssVariables /></MantineProvider>));
    expect(mantines).toContain("--mantine-color-dimmed: #5c636a");
    expect(ours).toBe(mantines);
  });

  it("in a page the server rendered, are the text the server wrote, not worked out again in the browser", async () => {
    vi.resetModules();
    const written = document.createElement("style");
    written.setAttribute("data-shop-theme", "");
    written.textContent = ":root{--written-by-the-server:1}";
    document.head.append(written);
    try {
      const fresh = await import("./ShopCssVariables");
      const markup = renderToStaticMarkup(<MantineProvider theme={shopTheme} withCssVariables={false} withGlobalClasses={false}><fresh.ShopCssVariables /></MantineProvider>);
      expect(styleOf(markup)).toBe(":root{--written-by-the-server:1}");
    } finally {
      written.remove();
    }
  });
});
