// Mantine works out its default theme's CSS variables (some 400, every colour converted) when its module
// remove-default-variables.mjs is evaluated, whether or not anything asks for them. The shop never does in the
// browser (MantineProvider withCssVariables={false}; app/ShopCssVariables.tsx writes the variables on the
// server), yet it was a fifth of the storefront's start-up evaluation, in a task Lighthouse counts as blocking
// on a slow phone. This plugin makes that one constant lazy: worked out on first use, as before, by the same
// function. If Mantine changes the line, the build stops, so the change cannot go unnoticed.
import type { Plugin } from "vite";

const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
export const EAGER_LINE = "const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);";
// Read only as defaultCssVariables.variables / .light / .dark: an object whose properties work it out once.
export const LAZY_LINE =
  "let defaultCssVariablesOnce; const defaultCssVariables = { get variables() { return (defaultCssVariablesOnce ??= defaultCssVariablesResolver(DEFAULT_THEME)).variables; }, get light() { return (defaultCssVariablesOnce ??= defaultCssVariablesResolver(DEFAULT_THEME)).light; }, get dark() { return (defaultCssVariablesOnce ??= defaultCssVariablesResolver(DEFAULT_THEME)).dark; } };";

/** The module's code with the constant made lazy; throws when the line is not there as expected. */
export function lazyDefaults(code: string): string {
  if (!code.includes(EAGER_LINE)) throw new Error(`mantine-lazy-defaults: "${EAGER_LINE}" is no longer in remove-default-variables.mjs: look at what Mantine changed`);
  return code.replace(EAGER_LINE, LAZY_LINE);
}

export function mantineLazyDefaults(): Plugin {
  return {
    name: "verdant:mantine-lazy-defaults",
    apply: "build",
    transform(code, id) {
      return MODULE.test(id) ? { code: lazyDefaults(code), map: null } : null;
    },
  };
}
