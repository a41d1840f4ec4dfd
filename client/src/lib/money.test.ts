// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatMoney, fromCents, toCents } from "./money";

describe("Currency format: en-US, USD", () => {
  it("prints dollars with the en-US currency format", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(19.99)).toBe("$19.99");
  });

  it("prints every amount exactly as Intl's en-US dollar format does", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const amounts = [0, 0.004, 0.005, 0.01, 0.1, 0.995, 1, 9.99, 10, 99.5, 999.99, 1000, 1234.5, 12345.678, 999999.999, 1e9, -0.001, -5, -1234.56, 2.675, 1.005];
    for (let cents = 0; cents < 200_000; cents += 7) amounts.push(cents / 100);
    for (const amount of amounts) expect(formatMoney(amount)).toBe(intl.format(amount));
  });

  it("accepts amounts that arrive as strings (a region's fee may arrive as a string)", () => {
    expect(formatMoney("15")).toBe("$15.00");
  });

  it("converts between dollars and whole cents without drift", () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(fromCents(toCents("12.34"))).toBe(12.34);
  });
});
