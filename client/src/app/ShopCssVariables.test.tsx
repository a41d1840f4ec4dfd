import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShopCssVariables } from "./ShopCssVariables";
import { shopCssVariables, shopTheme } from "./theme";

const styleOf = (markup: string) => markup.match(/<style data-mantine-styles="true">(.*?)<\/style>/s)?.[1];

describe("the theme's CSS variables, worked out once", () => {
  it("are the stylesheet Mantine's provider writes with the shop's resolver, to the character", () => {
    const mantines = styleOf(renderToStaticMarkup(<MantineProvider theme={shopTheme} cssVariablesResolver={shopCssVariables} withGlobalClasses={false} />));
    const ours = styleOf(renderToStaticMarkup(<MantineProvider theme={shopTheme} withCssVariables={false} withGlobalClasses={false}><ShopCssVariables /></MantineProvider>));
    expect(mantines).toContain("--mantine-color-dimmed: #5c636a");
    expect(ours).toBe(mantines);
  });
});
