// Every Mantine component the client imports has its styles in mantineStyles.ts (the shop loads Mantine's
// styles per component, issue 21): a component added without them would show unstyled.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "../src");
const stylesDir = path.resolve(src, "../../node_modules/@mantine/core/styles");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("Mantine styles per component", () => {
  it("every component imported from @mantine/core has its stylesheet imported", () => {
    const imported = new Set<string>();
    for (const file of sources(src)) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
        for (const name of match[1].split(",")) {
          const trimmed = name.trim();
          if (trimmed && !trimmed.startsWith("type ")) imported.add(trimmed.split(/\s+as\s+/)[0]);
        }
      }
    }
    const styled = [...imported].filter((name) => fs.existsSync(path.join(stylesDir, `${name}.css`)));
    const styles = fs.readFileSync(path.join(src, "app/mantineStyles.ts"), "utf8");
    const missing = styled.filter((name) => !styles.includes(`"@mantine/core/styles/${name}.css"`));
    expect(missing).toEqual([]);
    expect(styled.length).toBeGreaterThan(10);
  });

  it("imports the stylesheets in the order of Mantine's styles.css, so later rules refine earlier ones", () => {
    const whole = fs.readFileSync(path.join(stylesDir, "../styles.css"), "utf8");
    const styles = fs.readFileSync(path.join(src, "app/mantineStyles.ts"), "utf8");
    const files = [...styles.matchAll(/"@mantine\/core\/styles\/([A-Za-z-]+\.css)"/g)].map((match) => match[1]);
    // Where each file's first rule sits in the whole stylesheet.
    const position = (file: string) => whole.indexOf(fs.readFileSync(path.join(stylesDir, file), "utf8").trim().split("\n")[0]);
    const positions = files.map(position);
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(files).toEqual([...files].sort((a, b) => position(a) - position(b)));
  });
});
