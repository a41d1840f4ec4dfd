// The owner's variant grid as plain data: the option groups (Pot size: 12 cm, 17 cm), one row per variant
// (its option values, SKU, price, discount price, stock, on sale), what "Generate all combinations" makes of
// them, and what is sent (saveProductVariants). The server judges every rule (catalog/variants.ts: SKU form
// and uniqueness, price > 0, discount < price, one value per option, ...) and answers field by field
// (variants.2.sku); the grid only checks what the API cannot take empty (price, stock).
import type { AdminVariantGridFragment, ProductVariantsInput } from "../../../graphql/generated/graphql";
import type { PictureImage } from "../../../components/ProductPicture";
import { REQUIRED } from "../adminRules";

/** An option group as edited. `key` stays when the option is renamed, so rows keep their values. */
export interface GridOption {
  key: string;
  name: string;
  values: string[];
}

export interface GridRow {
  /** The row's identity on screen (React key, selection). */
  key: string;
  /** The stored variant this row is (kept on save, so past orders still point at it); null: a new one. */
  id: number | null;
  /** Its value of each option, by the option's key. */
  values: Record<string, string>;
  sku: string;
  price: number | string;
  discountPrice: number | string;
  quantity: number | string;
  enabled: boolean;
  /**
   * A stored variant's own picture as stored (ProductVariant.imageRef; null: the product's pictures), sent
   * back as it is so saving the grid keeps it. Left out for a new row, which sends no picture.
   */
  imageRef?: string | null;
  /** The stored picture as the preview shows it (ProductVariant.image); dropped when the picture is changed. */
  image?: PictureImage | null;
  /** A picture chosen in this browser, sent with the save (imageUpload) instead of imageRef. */
  upload?: File | null;
}

export interface VariantGrid {
  options: GridOption[];
  rows: GridRow[];
}

/** What a new row starts with: the product's current price, discount price and stock, and its slug for the SKU. */
export interface RowDefaults {
  slug: string;
  price: number | string;
  discountPrice: number | string;
  quantity: number | string;
}

/** Field errors as the server names them: variants.2.sku, variants.0.discount_price, options.0.values, variants. */
export type GridErrors = Record<string, string>;

/**
 * How many options the Add option button allows: the server's VARIANT_LIMITS.options (catalog/variants.ts),
 * which also judges the values (20 an option) and the variants (100); here it only stops offering a 4th.
 */
export const MAX_OPTIONS = 3;

let lastKey = 0;
const newKey = (kind: string) => `${kind}-new-${++lastKey}`;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isBlank = (value: number | string) => String(value).trim() === "";

/** The grid of a stored product: its options and every variant (on sale or not), in the owner's order. */
export function gridOf(product: Pick<AdminVariantGridFragment, "options" | "variants">): VariantGrid {
  const options = product.options.map((option) => ({ key: `option-${option.id}`, name: option.name, values: option.values.map((value) => value.value) }));
  const rows = product.variants.map((variant) => {
    const values: Record<string, string> = {};
    for (const chosen of variant.options) {
      const option = options.find((candidate) => same(candidate.name, chosen.name));
      if (option) values[option.key] = chosen.value;
    }
    return {
      key: `variant-${variant.id}`,
      id: variant.id,
      values,
      sku: variant.sku,
      price: variant.price,
      discountPrice: variant.discountPrice ?? "",
      quantity: variant.quantity,
      enabled: variant.enabled,
      imageRef: variant.imageRef ?? null,
      image: variant.image ?? null,
    };
  });
  return { options, rows };
}

export const newOption = (): GridOption => ({ key: newKey("option"), name: "", values: [] });

/** A row's option values in the options' order (a value it lacks is left out). */
const valuesInOrder = (options: readonly GridOption[], values: Record<string, string>) => options.flatMap((option) => (values[option.key] ? [values[option.key]] : []));

/** "12 cm / White": how a row is named in its labels ("Price of 12 cm / White") and messages; "Variant 2" without values. */
export function rowLabel(options: readonly GridOption[], row: GridRow, index: number): string {
  const values = valuesInOrder(options, row.values);
  return values.length ? values.join(" / ") : `Variant ${index + 1}`;
}

/**
 * The SKU suggested for a combination: the product's slug and the values, upper-case, each run of other
 * characters than letters, digits, . _ / made one dash (accents dropped): MONSTERA-DELICIOSA-12-CM.
 * At most 64 characters, as the server's SKU rule allows.
 */
export function suggestedSku(slug: string, values: readonly string[]): string {
  return [slug, ...values]
    .join("-")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9._/]+/g, "-")
    .replace(/^[^A-Z0-9]+/, "")
    .slice(0, 64)
    .replace(/-+$/, "");
}

/** Every combination of the options' values, the first option outermost; one empty combination without options. */
export function combinations(options: readonly GridOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.key]: value }))),
    [{}],
  );
}

/** The options that cannot make combinations yet: each without a name or without a value, by the server's field names. */
export function incompleteOptions(options: readonly GridOption[]): GridErrors {
  const errors: GridErrors = {};
  options.forEach((option, index) => {
    if (option.name.trim() === "") errors[`options.${index}.name`] = "Name the option, e.g. Pot size.";
    if (option.values.length === 0) errors[`options.${index}.values`] = "Give the option at least one value.";
  });
  return errors;
}

/** Whether a row's value of every current option is the combination's (a value it lacks matches any). */
function fits(options: readonly GridOption[], row: GridRow, combo: Record<string, string>, exactly: boolean): boolean {
  return options.every((option) => {
    const value = row.values[option.key];
    if (value === undefined || value === "") return !exactly;
    return same(value, combo[option.key]);
  });
}

/**
 * "Generate all combinations": one row per combination of the options' values, in order. A row already in
 * the grid for a combination is kept as it is (its id, SKU, prices, stock, on sale); then a row that lacks a
 * value of an option added since (a product sold in one variant getting its first option, or a second option)
 * becomes the first combination it fits, so the stored variant and its stock stay; its SKU follows the new
 * values only when it was the suggested one. A row whose values are no longer offered is dropped. The other
 * combinations get new rows with the product's current price, discount price and stock and a suggested SKU
 * (made unique in the grid with -2, -3).
 */
export function generateCombinations(grid: VariantGrid, defaults: RowDefaults): VariantGrid {
  const { options } = grid;
  const combos = combinations(options);
  const left = [...grid.rows];
  const take = (found: GridRow | undefined) => {
    if (found) left.splice(left.indexOf(found), 1);
    return found;
  };
  const rows: (GridRow | undefined)[] = combos.map((combo) => take(left.find((row) => fits(options, row, combo, true))));
  combos.forEach((combo, index) => {
    if (rows[index]) return;
    const row = take(left.find((candidate) => fits(options, candidate, combo, false)));
    if (!row) return;
    const wasSuggested = row.sku === suggestedSku(defaults.slug, valuesInOrder(options, row.values));
    rows[index] = { ...row, values: { ...combo }, sku: wasSuggested ? suggestedSku(defaults.slug, valuesInOrder(options, combo)) : row.sku };
  });
  const taken = new Set(rows.flatMap((row) => (row ? [row.sku.toLowerCase()] : [])));
  const uniqueSku = (wanted: string) => {
    let sku = wanted;
    for (let suffix = 2; taken.has(sku.toLowerCase()); suffix++) sku = `${wanted.slice(0, 60)}-${suffix}`;
    taken.add(sku.toLowerCase());
    return sku;
  };
  return {
    options,
    rows: combos.map(
      (combo, index) =>
        rows[index] ?? {
          key: newKey("variant"),
          id: null,
          values: { ...combo },
          sku: uniqueSku(suggestedSku(defaults.slug, valuesInOrder(options, combo))),
          price: defaults.price,
          discountPrice: defaults.discountPrice,
          quantity: defaults.quantity,
          enabled: true,
        },
    ),
  };
}

/**
 * Whether the rows no longer answer the options (a value or option added or removed since the last
 * generation): a row lacks a value, has one no longer offered, or two rows have the same values.
 */
export function needsGenerating({ options, rows }: VariantGrid): boolean {
  const seen = new Set<string>();
  return rows.some((row) => {
    const offered = options.every((option) => option.values.some((value) => same(value, row.values[option.key] ?? "")));
    const combination = options.map((option) => (row.values[option.key] ?? "").toLowerCase()).join("\u0000");
    const repeated = seen.has(combination);
    seen.add(combination);
    return !offered || repeated;
  });
}

/** The rows' fields the API cannot take empty (price, stock), each with 'Required', by the server's field names. */
export function missingCells(rows: readonly GridRow[]): GridErrors {
  const errors: GridErrors = {};
  rows.forEach((row, index) => {
    if (isBlank(row.price)) errors[`variants.${index}.price`] = REQUIRED;
    if (isBlank(row.quantity)) errors[`variants.${index}.quantity`] = REQUIRED;
  });
  return errors;
}

/**
 * The grid as saveProductVariants takes it: names and values trimmed, an empty discount price is none; a
 * row with a picture chosen here sends it (imageUpload); otherwise a stored variant sends its picture back
 * (image: its imageRef, null for none or removed), a new row sends none.
 */
export function variantsInput({ options, rows }: VariantGrid): ProductVariantsInput {
  return {
    options: options.map((option) => ({ name: option.name.trim(), values: option.values.map((value) => value.trim()) })),
    variants: rows.map((row) => ({
      ...(row.id === null ? {} : { id: row.id }),
      sku: row.sku.trim(),
      options: options.flatMap((option) => (row.values[option.key] ? [{ name: option.name.trim(), value: row.values[option.key].trim() }] : [])),
      price: Number(row.price),
      discountPrice: isBlank(row.discountPrice) ? null : Number(row.discountPrice),
      quantity: Number(row.quantity),
      enabled: row.enabled,
      ...(row.upload ? { imageUpload: row.upload } : row.id === null || row.imageRef === undefined ? {} : { image: row.imageRef }),
    })),
  };
}

/** A bulk action: the same change to every selected row. */
export function changeRows(rows: readonly GridRow[], selected: ReadonlySet<string>, change: Partial<Pick<GridRow, "price" | "quantity" | "enabled">>): GridRow[] {
  return rows.map((row) => (selected.has(row.key) ? { ...row, ...change } : row));
}

/**
 * The server's messages in words an owner can place: "12 cm / White: The SKU ...", "Option Pot size: ...",
 * or the message alone for the whole grid (variants, options).
 */
export function errorSummary(grid: VariantGrid, errors: GridErrors): string[] {
  return Object.entries(errors).map(([field, message]) => {
    const [list, index] = field.split(".");
    const at = Number(index);
    if (list === "variants" && grid.rows[at]) return `${rowLabel(grid.options, grid.rows[at], at)}: ${message}`;
    if (list === "options" && grid.options[at]) return `Option ${grid.options[at].name.trim() || at + 1}: ${message}`;
    return message;
  });
}
