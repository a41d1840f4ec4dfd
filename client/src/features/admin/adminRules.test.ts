// @vitest-environment node
import { describe, expect, it } from "vitest";
import { byName, byNameOrEmail, byOrderNumberOrReference, formatGrowth, searchRows } from "./adminRules";

describe("Admin lists: search by name (products, categories, regions), by order number or reference (orders), by name or email (users); all case-insensitive substring", () => {
  const regions = [
    { id: 1, name: "Portland Metro" },
    { id: 2, name: "Rest of Oregon" },
  ];

  it("matches a substring of the name in any case", () => {
    expect(searchRows(regions, "METRO", byName).map((row) => row.id)).toEqual([1]);
    expect(searchRows(regions, "st of ore", byName).map((row) => row.id)).toEqual([2]);
  });

  it("trims the text", () => {
    expect(searchRows(regions, "  oregon ", byName).map((row) => row.id)).toEqual([2]);
  });

  it("keeps every row while the text is blank", () => {
    expect(searchRows(regions, "   ", byName)).toHaveLength(2);
  });

  it("finds nothing when nothing matches", () => {
    expect(searchRows(regions, "cactus", byName)).toEqual([]);
  });

  it("orders: by order number or reference", () => {
    const orders = [
      { id: 1, orderNumber: "ORD-000001", reference: "ABCDEFGH12345678" },
      { id: 2, orderNumber: "ORD-000002", reference: "ZZZZ9999YYYY8888" },
    ];
    expect(searchRows(orders, "ord-000002", byOrderNumberOrReference).map((row) => row.id)).toEqual([2]);
    expect(searchRows(orders, "efgh1234", byOrderNumberOrReference).map((row) => row.id)).toEqual([1]);
  });

  it("users: by name or email", () => {
    const users = [
      { id: 1, name: "Ada Gardener", email: "ada@example.com" },
      { id: 2, name: "Root Admin", email: "boss@verdant.shop" },
    ];
    expect(searchRows(users, "GARDENER", byNameOrEmail).map((row) => row.id)).toEqual([1]);
    expect(searchRows(users, "verdant.SHOP", byNameOrEmail).map((row) => row.id)).toEqual([2]);
  });
});

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
