import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EAGER_LINE, LAZY_LINE, lazyDefaults } from "./mantine-lazy-defaults";

const mantineModule = path.join(path.dirname(createRequire(import.meta.url).resolve("@mantine/core")), "..", "esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs");

describe("Mantine's default CSS variables worked out on first use, not at import", () => {
  it("the installed Mantine still has the line the build makes lazy, once, and reads only .variables, .light and .dark of it", () => {
    const code = fs.readFileSync(mantineModule, "utf8");
    expect(code.split(EAGER_LINE)).toHaveLength(2);
    const reads = new Set(Array.from(code.matchAll(/defaultCssVariables\.(\w+)/g), (match) => match[1]));
    expect(reads).toEqual(new Set(["variables", "light", "dark"]));
    expect(lazyDefaults(code)).not.toContain(EAGER_LINE);
  });

  it("the lazy constant asks the resolver nothing until read, then once, and reads as the eager one did", () => {
    const resolved = { variables: { "--a": "1" }, light: { "--b": "2" }, dark: { "--c": "3" } };
    let calls = 0;
    const resolver = (theme: unknown) => {
      calls += 1;
      expect(theme).toBe("the default theme");
      return resolved;
    };
    const lazy = new Function("defaultCssVariablesResolver", "DEFAULT_THEME", `${LAZY_LINE}\nreturn defaultCssVariables;`)(resolver, "the default theme") as typeof resolved;
    expect(calls).toBe(0);
    expect([lazy.variables, lazy.light, lazy.dark]).toEqual([resolved.variables, resolved.light, resolved.dark]);
    expect(lazy.variables).toBe(resolved.variables);
    expect(calls).toBe(1);
  });

  it("stops the build when the line has changed", () => {
    expect(() => lazyDefaults("const defaultCssVariables = somethingElse();")).toThrow(/no longer in remove-default-variables/);
  });
});
