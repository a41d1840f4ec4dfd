// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatMoney, fromCents, toCents } from "./money";

describe("Currency format: en-US, USD", () => {
  it("prints dollars with the en-US currency format", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(19.99)).toBe("$19.99");
  });

  it("accepts amounts that arrive as strings (a region's fee may arrive as a string)", () => {
    expect(formatMoney("15")).toBe("$15.00");
  });

  it("converts between dollars and whole cents without drift", () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(fromCents(toCents("12.34"))).toBe(12.34);
  });
});
