// @vitest-environment node
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_BUDGET_BYTES, firstLoadFiles } from "./first-load-budget";

const chunk = (fileName: string, isEntry: boolean, imports: string[] = []) => ({ type: "chunk" as const, fileName, isEntry, imports, code: "" });

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

  it("is 200 kB", () => {
    expect(FIRST_LOAD_BUDGET_BYTES).toBe(200_000);
  });
});
