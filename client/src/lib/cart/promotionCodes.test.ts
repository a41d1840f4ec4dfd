import { describe, expect, it } from "vitest";
import { codesInAddress, MAX_CODES, normalCode, readCodes, withCode, withoutCode } from "./promotionCodes";

describe("Promotion codes kept with the cart: trimmed, upper case, each once, at most five", () => {
  it("a code is kept as the server compares it", () => {
    expect(normalCode("  spring10 ")).toBe("SPRING10");
    expect(withCode([], " spring10")).toEqual(["SPRING10"]);
  });

  it("adds a code once, at the end; a blank or too long code, or a sixth, is not kept (the same list back)", () => {
    const kept = withCode(["SPRING10"], "big20");
    expect(kept).toEqual(["SPRING10", "BIG20"]);
    expect(withCode(kept, "Spring10")).toBe(kept);
    expect(withCode(kept, "   ")).toBe(kept);
    expect(withCode(kept, "X".repeat(65))).toBe(kept);
    const full = ["A", "B", "C", "D", "E"];
    expect(full).toHaveLength(MAX_CODES);
    expect(withCode(full, "F")).toBe(full);
  });

  it("removes a code whatever its case; removing one not kept gives the same list", () => {
    const kept = ["SPRING10", "BIG20"];
    expect(withoutCode(kept, "spring10")).toEqual(["BIG20"]);
    expect(withoutCode(kept, "WINTER5")).toBe(kept);
  });

  it("reads the codes of a shared link (?code=, repeatable)", () => {
    expect(codesInAddress("?code=spring10&q=fern&code=%20big20%20&code=")).toEqual(["SPRING10", "BIG20"]);
    expect(codesInAddress("?q=fern")).toEqual([]);
  });

  it("reads saved codes, dropping anything that is not a code", () => {
    expect(readCodes(["spring10", 5, "SPRING10", "big20"])).toEqual(["SPRING10", "BIG20"]);
    expect(readCodes("SPRING10")).toEqual([]);
  });
});
