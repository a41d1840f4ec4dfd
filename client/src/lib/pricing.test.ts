// @vitest-environment node
import { describe, expect, it } from "vitest";
import { discountPercent, itemsTotal, lineTotal, orderTotal, regionFee, unitPrice } from "./pricing";

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

describe("Totals", () => {
  const lines = [
    { price: 10.1, discountPrice: null, cartQuantity: 3 },
    { price: 50, discountPrice: 0.2, cartQuantity: 1 },
  ];

  it("line total is that price times cartQuantity", () => {
    expect(lineTotal(lines[0])).toBe(30.3);
  });

  it("items total is the sum of line totals", () => {
    expect(itemsTotal(lines)).toBe(30.5);
    expect(itemsTotal([])).toBe(0);
  });

  it("order total is items total plus the chosen region's fee", () => {
    expect(orderTotal(lines, { fee: 4.99 })).toBe(35.49);
  });

  it("uses a fee of 0 when no region is chosen", () => {
    expect(orderTotal(lines, null)).toBe(30.5);
    expect(regionFee(undefined)).toBe(0);
  });

  it("reads a region's fee that arrives as a string", () => {
    expect(regionFee({ fee: "7.50" })).toBe(7.5);
    expect(orderTotal(lines, { fee: "7.50" })).toBe(38);
  });
});
