// @vitest-environment node
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { firstLoadBudget, firstLoadFiles } from "./first-load-budget";

const chunk = (fileName: string, isEntry: boolean, imports: string[] = []) => ({ type: "chunk" as const, fileName, isEntry, imports, code: "" });

type Chunk = ReturnType<typeof chunk>;

/** An entry chunk of random base64 (6 random bits a character): gzip leaves it at about `gzipBytes`. */
const incompressible = (fileName: string, gzipBytes: number): Chunk => ({
  ...chunk(fileName, true),
  code: randomBytes(gzipBytes).toString("base64"),
});
const firstLoadOf = (gzipBytes: number): Record<string, Chunk> => ({ "index.js": incompressible("index.js", gzipBytes) });

/** Runs the plugin's check as the build does; the build error it raises, if any. */
function runBudget(bundle: Record<string, Chunk>, budget?: number): string | undefined {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  const plugin = firstLoadBudget(budget);
  const writeBundle = plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  let failure: string | undefined;
  writeBundle.call({ error: (message: string) => void (failure = message) }, {}, bundle);
  return failure;
}

describe("Budget: the storefront's first load is at most 200 KB of gzipped JavaScript (admin screens are separate lazy chunks)", () => {
  it("counts the entry chunk and what it imports statically, not lazy chunks", () => {
    const bundle = {
      "index.js": chunk("index.js", true, ["vendor.js"]),
      "vendor.js": chunk("vendor.js", false, ["shared.js"]),
      "shared.js": chunk("shared.js", false),
      "AdminPlaceholder.js": chunk("AdminPlaceholder.js", false, ["shared.js"]),
      "index.css": { type: "asset" },
    };
    expect(firstLoadFiles(bundle).map((file) => file.fileName).sort()).toEqual(["index.js", "shared.js", "vendor.js"]);
  });

  it("is 205 kB: a first load of about 150 kB builds, one of about 250 kB fails the build", () => {
    expect(runBudget(firstLoadOf(150_000))).toBeUndefined();
    expect(runBudget(firstLoadOf(250_000))).toMatch(/^First load JavaScript is 2\d\d\.\d\d kB gzipped; the budget is 205\.00 kB\.$/);
  });

  it("counts gzipped bytes against the budget: exactly at the budget builds, one byte over fails", () => {
    const bundle = firstLoadOf(50_000);
    const gzipped = gzipSync(bundle["index.js"]!.code).length;
    expect(runBudget(bundle, gzipped)).toBeUndefined();
    expect(runBudget(bundle, gzipped - 1)).toContain("gzipped; the budget is");
  });

  it("does not count lazy chunks (the admin screens) against the budget", () => {
    const bundle = { ...firstLoadOf(10_000), "Admin.js": { ...incompressible("Admin.js", 300_000), isEntry: false } };
    expect(runBudget(bundle)).toBeUndefined();
  });
});
