// The catalogue's CSV file: its columns, in order, and what each means. The export writes them; the import
// (to come) reads the same file back, so the meaning of a column is fixed here and in docs/api.md.
import { VARIANT_LIMITS } from "../catalog/index.js";

/** Option columns: up to VARIANT_LIMITS.options pairs, option1_name, option1_value, option2_name, ... */
const OPTION_COLUMNS = Array.from({ length: VARIANT_LIMITS.options }, (_, index) => [`option${index + 1}_name`, `option${index + 1}_value`]).flat();

/**
 * One row per variant; a product without options has exactly one (its default variant, no option values).
 * The product's own columns repeat on each of its variants' rows, in the variants' order (position).
 *
 * - sku: the variant's SKU (unique in the shop, whatever its case).
 * - product_slug: the product's address (/product/<slug>); the rows of one product share it.
 * - product_name, category (the category's name), description: the product's.
 * - tax_class: the product's own tax class by name; empty when it has none (its category's or the default applies).
 * - price, discount_price: the variant's, dollars with exactly two decimals ("12.50"); discount_price empty when none.
 * - stock: the variant's units in stock (a whole number).
 * - enabled: "true" or "false" (a disabled variant is not on sale).
 * - optionN_name, optionN_value: the variant's value for each of the product's options, in the options' order; empty past the last.
 * - variant_image: the picture shown when this variant is chosen (its ref, e.g. /uploads/...); empty: the product's pictures.
 * - image_one, image_two: the product's pictures as stored (refs under /uploads/, or addresses); image_two empty when none.
 */
export const CATALOGUE_CSV_COLUMNS = [
  "sku",
  "product_slug",
  "product_name",
  "category",
  "description",
  "tax_class",
  "price",
  "discount_price",
  "stock",
  "enabled",
  ...OPTION_COLUMNS,
  "variant_image",
  "image_one",
  "image_two",
] as const;

export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Integer cents as dollars with two decimals ("1250" -> "12.50"), in whole-number arithmetic only. */
export function centsAsDollars(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount of cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The export's file name for a day (UTC): verdant-catalogue-2026-12-01.csv. */
export const catalogueFileName = (now: Date): string => `verdant-catalogue-${now.toISOString().slice(0, 10)}.csv`;
