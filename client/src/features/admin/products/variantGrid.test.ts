import { describe, expect, it } from "vitest";
import { isLowStock } from "./productStock";
import {
  changeRows,
  combinations,
  errorSummary,
  generateCombinations,
  gridOf,
  incompleteOptions,
  missingCells,
  needsGenerating,
  rowLabel,
  suggestedSku,
  variantsInput,
  type GridRow,
  type VariantGrid,
} from "./variantGrid";

const defaults = { slug: "monstera-deliciosa", price: 24.99, discountPrice: "", quantity: 9 };

const variant = (
  id: number,
  sku: string,
  values: Array<[string, string]>,
  extra: Partial<{ price: number; discountPrice: number | null; quantity: number; enabled: boolean; imageRef: string | null }> = {},
) => ({
  __typename: "ProductVariant" as const,
  id,
  sku,
  price: 24.99,
  discountPrice: null,
  quantity: 9,
  enabled: true,
  isDefault: false,
  imageRef: null as string | null,
  image: null,
  options: values.map(([name, value]) => ({ __typename: "VariantOption" as const, name, value })),
  ...extra,
});
const option = (id: number, name: string, values: string[]) => ({
  __typename: "ProductOption" as const,
  id,
  name,
  values: values.map((value, index) => ({ __typename: "ProductOptionValue" as const, id: id * 100 + index, value })),
});

const potSizes = gridOf({
  options: [option(1, "Pot size", ["12 cm", "17 cm"])],
  variants: [
    variant(11, "MON-12", [["Pot size", "12 cm"]], { price: 19, quantity: 4, imageRef: "/uploads/mon-12.jpg" }),
    variant(12, "MON-17", [["Pot size", "17 cm"]], { price: 29, quantity: 0 }),
  ],
});
const labels = (grid: VariantGrid) => grid.rows.map((row, index) => rowLabel(grid.options, row, index));

describe("the variant grid", () => {
  it("suggests a SKU from the product slug and the values, upper-case: MONSTERA-DELICIOSA-12-CM", () => {
    expect(suggestedSku("monstera-deliciosa", ["12 cm"])).toBe("MONSTERA-DELICIOSA-12-CM");
    expect(suggestedSku("planter", ["Crème brûlée", "1.5 L"])).toBe("PLANTER-CREME-BRULEE-1.5-L");
    expect(suggestedSku("x".repeat(70), [])).toHaveLength(64);
  });

  it("makes every combination of the values, the first option outermost", () => {
    const grid: VariantGrid = {
      options: [
        { key: "size", name: "Size", values: ["S", "L"] },
        { key: "colour", name: "Colour", values: ["Red", "Blue", "Green"] },
      ],
      rows: [],
    };
    expect(combinations(grid.options).map((combo) => `${combo.size}/${combo.colour}`)).toEqual(["S/Red", "S/Blue", "S/Green", "L/Red", "L/Blue", "L/Green"]);
    expect(combinations([])).toEqual([{}]);
  });

  it("generating keeps the rows that exist for a combination; new rows take the product's price, discount and stock and a suggested SKU", () => {
    const grid = { ...potSizes, options: [{ ...potSizes.options[0], values: ["12 cm", "17 cm", "24 cm"] }] };
    const generated = generateCombinations(grid, defaults);
    expect(labels(generated)).toEqual(["12 cm", "17 cm", "24 cm"]);
    expect(generated.rows[0]).toBe(grid.rows[0]);
    expect(generated.rows[1]).toBe(grid.rows[1]);
    expect(generated.rows[2]).toMatchObject({ id: null, sku: "MONSTERA-DELICIOSA-24-CM", price: 24.99, discountPrice: "", quantity: 9, enabled: true });
    expect(generated.rows[0].imageRef).toBe("/uploads/mon-12.jpg");
    expect(generated.rows[2]).not.toHaveProperty("imageRef");
  });

  it("a product sold in one variant keeps that variant (its id and stock) as its first combination; its SKU follows when it was the suggested one", () => {
    const single = gridOf({ options: [], variants: [variant(5, "MONSTERA-DELICIOSA", [], { quantity: 3 })] });
    const withOption = { ...single, options: [{ key: "pot", name: "Pot size", values: ["12 cm", "17 cm"] }] };
    const generated = generateCombinations(withOption, defaults);
    expect(generated.rows.map((row) => [row.id, row.sku, row.quantity])).toEqual([
      [5, "MONSTERA-DELICIOSA-12-CM", 3],
      [null, "MONSTERA-DELICIOSA-17-CM", 9],
    ]);
    const ownSku = generateCombinations({ ...withOption, rows: [{ ...single.rows[0], sku: "MON-1" }] }, defaults);
    expect(ownSku.rows[0]).toMatchObject({ id: 5, sku: "MON-1" });
  });

  it("a second option: each row becomes the first combination it fits; a row whose value is no longer offered goes", () => {
    const grid: VariantGrid = {
      options: [{ ...potSizes.options[0], values: ["17 cm"] }, { key: "colour", name: "Colour", values: ["White", "Black"] }],
      rows: potSizes.rows,
    };
    const generated = generateCombinations(grid, defaults);
    expect(labels(generated)).toEqual(["17 cm / White", "17 cm / Black"]);
    expect(generated.rows[0]).toMatchObject({ id: 12, sku: "MON-17", price: 29 });
    expect(generated.rows[1]).toMatchObject({ id: null, sku: "MONSTERA-DELICIOSA-17-CM-BLACK" });
  });

  it("a suggested SKU another row already has gets -2", () => {
    const grid: VariantGrid = {
      options: [{ key: "pot", name: "Pot size", values: ["12 cm", "17 cm"] }],
      rows: [{ key: "a", id: 1, values: { pot: "12 cm" }, sku: "monstera-deliciosa-17-cm", price: 1, discountPrice: "", quantity: 1, enabled: true }],
    };
    expect(generateCombinations(grid, defaults).rows[1].sku).toBe("MONSTERA-DELICIOSA-17-CM-2");
  });

  it("says when the rows no longer answer the options", () => {
    expect(needsGenerating(potSizes)).toBe(false);
    expect(needsGenerating({ ...potSizes, options: [{ ...potSizes.options[0], values: ["12 cm"] }] })).toBe(true);
    expect(needsGenerating({ ...potSizes, options: [...potSizes.options, { key: "c", name: "Colour", values: ["Red"] }] })).toBe(true);
    expect(needsGenerating({ options: [], rows: potSizes.rows })).toBe(true);
  });

  it("an option without a name or values cannot make combinations", () => {
    expect(incompleteOptions([{ key: "a", name: " ", values: [] }])).toEqual({
      "options.0.name": "Name the option, e.g. Pot size.",
      "options.0.values": "Give the option at least one value.",
    });
  });

  it("sends the options and every row: kept ids, trimmed names, an empty discount price as none; a stored variant's picture sent back, none for a new row", () => {
    const rows: GridRow[] = [{ ...potSizes.rows[0], discountPrice: 15 }, { ...potSizes.rows[1], enabled: false }, { key: "n", id: null, values: { [potSizes.options[0].key]: "24 cm" }, sku: " NEW-24 ", price: "39.5", discountPrice: "", quantity: "2", enabled: true }];
    const grid = { options: [{ ...potSizes.options[0], name: " Pot size ", values: ["12 cm", "17 cm", "24 cm"] }], rows };
    expect(variantsInput(grid)).toEqual({
      options: [{ name: "Pot size", values: ["12 cm", "17 cm", "24 cm"] }],
      variants: [
        { id: 11, sku: "MON-12", options: [{ name: "Pot size", value: "12 cm" }], price: 19, discountPrice: 15, quantity: 4, enabled: true, image: "/uploads/mon-12.jpg" },
        { id: 12, sku: "MON-17", options: [{ name: "Pot size", value: "17 cm" }], price: 29, discountPrice: null, quantity: 0, enabled: false, image: null },
        { sku: "NEW-24", options: [{ name: "Pot size", value: "24 cm" }], price: 39.5, discountPrice: null, quantity: 2, enabled: true },
      ],
    });
    // A new row leaves the picture out (the key itself: the server reads null as 'remove').
    expect(variantsInput(grid).variants[2]).not.toHaveProperty("image");
  });

  it("a picture chosen for a row is sent as its upload instead of the stored one; a removed one is sent as none", () => {
    const file = new File(["bytes"], "mon-17.jpg", { type: "image/jpeg" });
    const rows: GridRow[] = [{ ...potSizes.rows[0], imageRef: null, image: null }, { ...potSizes.rows[1], upload: file }, { key: "n", id: null, values: { [potSizes.options[0].key]: "24 cm" }, sku: "NEW-24", price: 1, discountPrice: "", quantity: 1, enabled: true, upload: file }];
    const sent = variantsInput({ options: potSizes.options, rows }).variants;
    expect(sent[0]).toMatchObject({ image: null });
    expect(sent[0]).not.toHaveProperty("imageUpload");
    expect(sent[1]).toMatchObject({ imageUpload: file });
    expect(sent[1]).not.toHaveProperty("image");
    expect(sent[2]).toMatchObject({ imageUpload: file });
  });

  it("bulk changes touch the selected rows only; an empty price or stock is 'Required'", () => {
    const changed = changeRows(potSizes.rows, new Set([potSizes.rows[1].key]), { price: 31 });
    expect(changed.map((row) => row.price)).toEqual([19, 31]);
    expect(missingCells([{ ...potSizes.rows[0], price: "" }, { ...potSizes.rows[1], quantity: " " }])).toEqual({ "variants.0.price": "Required", "variants.1.quantity": "Required" });
  });

  it("sums up the server's messages by row and option", () => {
    expect(errorSummary(potSizes, { "variants.1.sku": "Taken.", "options.0.values": "Twice.", variants: "At least one variant must be on sale." })).toEqual([
      "17 cm: Taken.",
      "Option Pot size: Twice.",
      "At least one variant must be on sale.",
    ]);
  });
});

describe("'Low stock' in the admin list", () => {
  it("a variant on sale with 5 units or fewer (sold out included); one taken off sale does not count", () => {
    expect(isLowStock({ totalQuantity: 40, variants: [{ enabled: true, quantity: 35 }, { enabled: true, quantity: 5 }] })).toBe(true);
    expect(isLowStock({ totalQuantity: 35, variants: [{ enabled: true, quantity: 35 }, { enabled: true, quantity: 0 }] })).toBe(true);
    expect(isLowStock({ totalQuantity: 35, variants: [{ enabled: true, quantity: 35 }, { enabled: false, quantity: 1 }] })).toBe(false);
    expect(isLowStock({ totalQuantity: 6, variants: [{ enabled: true, quantity: 6 }] })).toBe(false);
    expect(isLowStock({ totalQuantity: 5, variants: [{ enabled: true, quantity: 5 }] })).toBe(true);
  });
});
