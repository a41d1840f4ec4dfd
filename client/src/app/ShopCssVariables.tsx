// The theme's CSS variables, as Mantine's own <MantineCssVariables> writes them (the defaults of
// default-css-variables.css left out, the shop's resolver applied), but worked out once per process instead
// of on every render: the server renders a page per request, and working them out was 6% of its time
// (measured by the profile of npm run bench:html). The theme is a constant, so the text never changes
// while the process runs. In the browser they are not worked out at all: the page the server rendered carries
// them (this component's <style>), and hydration keeps that text; working them out there was a long task of
// about 17 ms on a slow phone (CPU 4x), with the defaults' resolver run at import costing as much again.
import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, useMantineTheme, type ConvertCSSVariablesInput, type MantineTheme } from "@mantine/core";
import { shopCssVariables } from "./theme";

type Variables = Record<string, string>;

let defaultsOnce: ReturnType<typeof defaultCssVariablesResolver> | undefined;

/** The entries of `values` that differ from Mantine's defaults (those are in its static stylesheet). */
function changed(values: Variables, defaultValues: Variables): Variables {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => defaultValues[name] !== value));
}

/** The variables' stylesheet for a theme, as MantineCssVariables computes it with deduplicateCssVariables. */
export function themeCss(theme: MantineTheme): string {
  const defaults = (defaultsOnce ??= defaultCssVariablesResolver(DEFAULT_THEME));
  const base = defaultCssVariablesResolver(theme);
  const shop = shopCssVariables(theme);
  const merged: ConvertCSSVariablesInput = {
    variables: changed({ ...base.variables, ...shop.variables }, defaults.variables),
    light: changed({ ...base.light, ...shop.light }, defaults.light),
    dark: changed({ ...base.dark, ...shop.dark }, defaults.dark),
  };
  return convertCssVariables(merged);
}

let css: string | undefined;

/** The variables as the server wrote them into the page being hydrated (none on the server, none in a page drawn by the browser). */
function writtenByServer(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector("style[data-shop-theme]")?.textContent ?? undefined;
}

/** In place of MantineProvider's own (withCssVariables={false}). */
export function ShopCssVariables() {
  const theme = useMantineTheme();
  css ??= writtenByServer() ?? themeCss(theme);
  return <style data-mantine-styles="true" data-shop-theme="" dangerouslySetInnerHTML={{ __html: css }} />;
}
