// A catalogue file's rows as products: each cell read by the rules of its column (columns.ts), and the rows of
// one product gathered. What the cells mean on their own is decided here; whether a product may be written as
// they say (its category exists, its SKUs are free, its grid is valid) is import-plan.ts's, against the shop.
//
// Rules of the file (also in docs/api.md):
// - A product's rows are consecutive and share its product_slug; without a product_slug, consecutive rows with
//   the same product_name are one product. The product's own columns (name, category, description, tax class,
//   pictures) are read from its first row; a later row may leave them empty or repeat them, not differ.
// - A column left out of the file keeps what the shop has (a new product: the form's default or a refusal when
//   required). An empty cell: no discount price, no tax class of its own, no variant picture; empty pictures
//   (image_one, image_two) keep the product's; an empty "enabled" is on sale.
// - A cell that starts like a spreadsheet formula (=HYPERLINK(...)) is refused; one the export wrote with an
//   apostrophe before it ('=...) is text, read without the apostrophe.
// - Money is dollars with at most two decimals ("12.5", "12.50", "$12.50"), turned into integer cents exactly
//   (never through floating point); stock is a whole number.
import type { ChosenValue } from "../catalog/index.js";
import { VARIANT_LIMITS } from "../catalog/index.js";
import type { CatalogueCsvColumn } from "./columns.js";
import type { FileRow } from "./import-file.js";
import { restoreFormula } from "../shared/index.js";

/** A row that cannot be imported: its line, its SKU as written, and why (the message starts with "line N: "). */
export interface Refusal {
  line: number;
  sku: string;
  message: string;
}

export interface ImportVariant {
  line: number;
  sku: string;
  priceCents: number;
  /** undefined: the column is left out (a kept variant keeps its own; a new one has none). */
  discountPriceCents: number | null | undefined;
  quantity: number;
  enabled: boolean | undefined;
  image: string | null | undefined;
  options: ChosenValue[];
}

export interface ImportProduct {
  /** The product's first and last row (data row positions, from 0) and the line of its first row. */
  firstIndex: number;
  lastIndex: number;
  line: number;
  /** Every row's line and SKU, in order (a refused product refuses them all). */
  rows: { line: number; sku: string }[];
  /** product_slug as given (trimmed); null when empty or left out. */
  slug: string | null;
  name: string;
  category: string;
  description: string | undefined;
  taxClass: string | null | undefined;
  imageOne: string | undefined;
  imageTwo: string | undefined;
  options: { name: string; values: string[] }[];
  variants: ImportVariant[];
  /** What is wrong in its cells, one entry per problem. */
  problems: Refusal[];
}

const OPTION_PAIRS = Array.from({ length: VARIANT_LIMITS.options }, (_, index) => [`option${index + 1}_name`, `option${index + 1}_value`] as const);
const OPTION_COLUMN_NAMES = OPTION_PAIRS.flat();

/** A cell as quoted in a message: at most 40 characters. */
const quoted = (text: string) => `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;

/** Dollars as integer cents, from the digits (no floating point): "12.5" -> 1250. */
export function dollarsToCents(text: string): { cents: number } | { problem: string } {
  const trimmed = text.trim().replace(/^\$/, "");
  if (/^-/.test(trimmed) && /^-\$?\d/.test(trimmed)) return { problem: "must not be negative" };
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { problem: "is not a number" };
  const decimals = match[2] ?? "";
  if (decimals.length > 2) return { problem: "has more than two decimals" };
  return { cents: Number(match[1]) * 100 + Number(decimals.padEnd(2, "0")) };
}

type Cells = FileRow["cells"];
/** A cell's text: an apostrophe the export put before a formula-like start taken off (restoreFormula), ends trimmed. */
const cell = (cells: Cells, column: CatalogueCsvColumn): string | undefined => {
  const raw = cells[column];
  return raw === undefined ? undefined : restoreFormula(raw).trim();
};

/** A spreadsheet formula (=HYPERLINK(...), @SUM(...)) where text belongs: refused, never stored as a name. */
const FORMULA = /^\s*[=@][A-Za-z_][A-Za-z0-9_.]*\s*\(/;
const TEXT_COLUMNS = ["product_name", "category", "description", "tax_class", ...OPTION_COLUMN_NAMES] as const;

/** Reads one row's variant cells; problems are added to `problems`. */
function readVariant(row: FileRow, problems: Refusal[]): ImportVariant {
  const sku = cell(row.cells, "sku") ?? "";
  const problem = (message: string) => problems.push({ line: row.line, sku, message: `line ${row.line}: ${message}` });
  if (row.cellCount) problem(`has ${row.cellCount.found} cells where the first row names ${row.cellCount.expected} columns`);
  if (sku === "") problem("sku is empty (every row needs the variant's SKU)");
  for (const column of TEXT_COLUMNS) {
    const raw = row.cells[column];
    if (raw !== undefined && FORMULA.test(raw)) problem(`${column} ${quoted(raw.trim())} is a spreadsheet formula, not text: put an apostrophe before it to import it as text`);
  }

  const money = (column: "price" | "discount_price"): number | null => {
    const text = cell(row.cells, column) ?? "";
    const read = dollarsToCents(text);
    if ("cents" in read) return read.cents;
    problem(`${column} ${quoted(text)} ${read.problem}`);
    return null;
  };
  const priceText = cell(row.cells, "price") ?? "";
  const priceCents = priceText === "" ? (problem("price is empty"), 0) : (money("price") ?? 0);
  const discountText = cell(row.cells, "discount_price");
  const discountPriceCents = discountText === undefined ? undefined : discountText === "" ? null : money("discount_price");

  const stockText = cell(row.cells, "stock") ?? "";
  let quantity = 0;
  if (!/^\d{1,9}$/.test(stockText)) problem(stockText === "" ? "stock is empty" : `stock ${quoted(stockText)} is not a whole number`);
  else quantity = Number(stockText);

  const enabledText = cell(row.cells, "enabled")?.toLowerCase();
  let enabled: boolean | undefined;
  if (enabledText === undefined) enabled = undefined;
  else if (["", "true", "yes", "1"].includes(enabledText)) enabled = true;
  else if (["false", "no", "0"].includes(enabledText)) enabled = false;
  else problem(`enabled ${quoted(cell(row.cells, "enabled") ?? "")} must be true or false`);

  const options: ChosenValue[] = [];
  for (const [nameColumn, valueColumn] of OPTION_PAIRS) {
    const name = cell(row.cells, nameColumn) ?? "";
    const value = cell(row.cells, valueColumn) ?? "";
    if (name === "" && value === "") continue;
    if (name === "" || value === "") problem(name === "" ? `${valueColumn} is given without ${nameColumn}` : `${nameColumn} ${quoted(name)} is given without ${valueColumn}`);
    else options.push({ name, value });
  }
  const imageText = cell(row.cells, "variant_image");
  return { line: row.line, sku, priceCents, discountPriceCents, quantity, enabled, image: imageText === undefined ? undefined : imageText || null, options };
}

/** The product's own columns of its first row; a later row may repeat them or leave them empty. */
const PRODUCT_COLUMNS = ["product_name", "category", "description", "tax_class", "image_one", "image_two"] as const;

/** A product from its rows (consecutive, one product's). */
function productOf(rows: FileRow[]): ImportProduct {
  const first = rows[0];
  const problems: Refusal[] = [];
  const variants = rows.map((row) => readVariant(row, problems));
  for (const row of rows.slice(1)) {
    for (const column of PRODUCT_COLUMNS) {
      const given = cell(row.cells, column) ?? "";
      const firstValue = cell(first.cells, column) ?? "";
      if (given !== "" && given !== firstValue) {
        const sku = cell(row.cells, "sku") ?? "";
        problems.push({ line: row.line, sku, message: `line ${row.line}: ${column} ${quoted(given)} differs from line ${first.line}'s ${quoted(firstValue)} (the rows of one product share its columns)` });
      }
    }
  }
  // Options in the order of the columns; their values in the order the rows first give them.
  const options: { name: string; values: string[] }[] = [];
  variants.forEach((variant, rowIndex) => {
    variant.options.forEach((chosen, position) => {
      const option = options[position];
      if (!option) options.push({ name: chosen.name, values: [chosen.value] });
      else if (option.name.toLowerCase() !== chosen.name.toLowerCase()) {
        problems.push({ line: variant.line, sku: variant.sku, message: `line ${variant.line}: option${position + 1}_name ${quoted(chosen.name)} differs from ${quoted(option.name)} on line ${variants[0].line}` });
      } else if (!option.values.some((value) => value.toLowerCase() === chosen.value.toLowerCase())) option.values.push(chosen.value);
    });
    if (rowIndex > 0 && variant.options.length !== variants[0].options.length) {
      problems.push({ line: variant.line, sku: variant.sku, message: `line ${variant.line}: has ${variant.options.length} option values where line ${variants[0].line} has ${variants[0].options.length}` });
    }
  });
  const slug = cell(first.cells, "product_slug") || null;
  const description = cell(first.cells, "description");
  const taxClass = cell(first.cells, "tax_class");
  return {
    firstIndex: first.index,
    lastIndex: rows[rows.length - 1].index,
    line: first.line,
    rows: rows.map((row) => ({ line: row.line, sku: cell(row.cells, "sku") ?? "" })),
    slug,
    name: cell(first.cells, "product_name") ?? "",
    category: cell(first.cells, "category") ?? "",
    // A description keeps its inner line breaks; only its ends are trimmed.
    description,
    taxClass: taxClass === undefined ? undefined : taxClass || null,
    imageOne: cell(first.cells, "image_one") || undefined,
    imageTwo: cell(first.cells, "image_two") || undefined,
    options,
    variants,
    problems,
  };
}

/** Which product a row belongs to: its product_slug, else its product_name. */
const productKey = (row: FileRow) => {
  const slug = cell(row.cells, "product_slug");
  return slug ? `slug:${slug}` : `name:${(cell(row.cells, "product_name") ?? "").toLowerCase()}`;
};

/**
 * The file's products in order. A product never holds more than VARIANT_LIMITS.variants + 1 rows in memory:
 * past that it is refused whole (its further rows are counted, not kept).
 */
export async function* importProducts(rows: AsyncIterable<FileRow>): AsyncGenerator<ImportProduct> {
  let current: FileRow[] = [];
  let key: string | null = null;
  let extra: FileRow[] = [];
  const finish = (): ImportProduct => {
    const product = productOf(current);
    if (extra.length > 0) {
      const last = extra[extra.length - 1];
      product.lastIndex = last.index;
      product.rows.push(...extra.map((row) => ({ line: row.line, sku: cell(row.cells, "sku") ?? "" })));
      product.problems.push({ line: product.line, sku: product.rows[0].sku, message: `line ${product.line}: the product has ${product.rows.length} rows; a product may have at most ${VARIANT_LIMITS.variants} variants` });
    }
    return product;
  };
  for await (const row of rows) {
    const rowKey = productKey(row);
    if (key !== null && rowKey !== key) {
      yield finish();
      current = [];
      extra = [];
    }
    key = rowKey;
    if (current.length <= VARIANT_LIMITS.variants) current.push(row);
    else extra.push({ ...row, cells: { sku: row.cells.sku } });
  }
  if (current.length > 0) yield finish();
}
