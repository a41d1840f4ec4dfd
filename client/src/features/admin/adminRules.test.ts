// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatGrowth } from "./adminRules";

describe("Dashboard: growth percentages are shown as whole numbers with a leading plus sign", () => {
  it("puts a plus sign before a positive growth", () => {
    expect(formatGrowth(12)).toBe("+12%");
  });

  it("shows no sign for zero and a minus sign for a fall", () => {
    expect(formatGrowth(0)).toBe("0%");
    expect(formatGrowth(-4)).toBe("-4%");
  });

  it("shows a whole number", () => {
    expect(formatGrowth(12.6)).toBe("+13%");
    expect(formatGrowth(-0.2)).toBe("0%");
  });
});
