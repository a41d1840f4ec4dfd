// @vitest-environment node
import { describe, expect, it } from "vitest";
import { discountPercent, regionFee, unitPrice } from "./pricing";

describe("Discount badge: rounded percentage of (price - discount_price) / price * 100", () => {
  it("rounds the percentage", () => {
    expect(discountPercent({ price: 30, discountPrice: 20 })).toBe(33);
    expect(discountPercent({ price: 30, discountPrice: 19.5 })).toBe(35);
    expect(discountPercent({ price: 100, discountPrice: 75 })).toBe(25);
  });

  it("has no badge when there is no discount price", () => {
    expect(discountPercent({ price: 30, discountPrice: null })).toBeNull();
  });
});

describe("Unit price is the discount price when it is not null, else price", () => {
  it("uses the discount price when present", () => {
    expect(unitPrice({ price: 30, discountPrice: 20 })).toBe(20);
  });
  it("uses the price when the discount price is null", () => {
    expect(unitPrice({ price: 30, discountPrice: null })).toBe(30);
  });
  it("treats a discount price of 0 as a discount (only null means none)", () => {
    expect(unitPrice({ price: 30, discountPrice: 0 })).toBe(0);
  });
});

describe("A region's fee", () => {
  it("is 0 when no region is chosen", () => {
    expect(regionFee(undefined)).toBe(0);
    expect(regionFee(null)).toBe(0);
  });

  it("reads a fee that arrives as a string", () => {
    expect(regionFee({ fee: "7.50" })).toBe(7.5);
  });
});
