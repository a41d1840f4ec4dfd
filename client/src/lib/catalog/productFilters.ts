// The filters of the search and category pages: category (search page only), price range, in
// stock, discounted and the options products are sold in, as the URL spells them
// (?category=Ferns&price=10-25&inStock=1&discounted=1&option=Pot%20size:24%20cm) and as
// the API's products() and productFilters() take them. Kept in the URL so a filtered list can be shared
// and reloaded, and rendered by the server; anything the URL holds that is not a valid filter is no filter.
// Which ranges are offered, and the counts, are the server's (productFilters in schema.graphql).
import { formatMoney, groupThousands } from "../money";

/**
 * The URL parameter of an option value chosen, once per value: ?option=Pot%20size:24%20cm&option=Colour:Sand.
 * Its text is the option's name, a colon, the value. The value is everything after the first colon left
 * unescaped, so it may hold colons itself (Ratio:1:2); in the name a colon is written \: and a backslash
 * \\ (a name "Size: EU" is ?option=Size\:%20EU:42). One parameter name for every option, rather than one
 * per option (?opt.Pot size=...), so the page's address keeps a fixed list of parameters (app/pageAddress.ts)
 * and 'Clear filters' knows them all.
 */
export const OPTION_PARAM = "option";

/** What the API takes (server catalog/listing.ts): at most 20 values chosen, names and values of 1 to 50 characters. */
export const OPTION_CHOICE_LIMITS = { choices: 20, length: 50 } as const;

/** A price range in dollars, on the price the shopper pays: from minPrice (included) to maxPrice (left out; null: no upper bound). */
export interface PriceRange {
  minPrice: number;
  maxPrice: number | null;
}

/** An option value chosen as a filter: products with a variant on sale of that value (Pot size: 24 cm). */
export interface OptionChoice {
  name: string;
  value: string;
}

export interface ProductFilterChoice {
  /** A category's name as the URL holds it (the server matches it whatever its case). */
  category: string | null;
  price: PriceRange | null;
  inStock: boolean;
  discounted: boolean;
  /**
   * Option values, in one order (by name, then value: optionChoicesOf), so the same choices ticked in
   * another order are the same list, the same request and the same page. Values of one option widen the
   * list (12 cm or 17 cm), options narrow it (12 cm and Sand): the server's rule.
   */
  options: OptionChoice[];
}

export const NO_PRODUCT_FILTERS: ProductFilterChoice = { category: null, price: null, inStock: false, discounted: false, options: [] };

/** What the filters add to the variables of products() and productFilters(): only the chosen ones. */
export interface ProductFilterVariables {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: true;
  discounted?: true;
  options?: OptionChoice[];
}

/** The URL parameters the filters are read from. */
export const PRODUCT_FILTER_PARAMS = ["category", "price", "inStock", "discounted", OPTION_PARAM] as const;

// Dollars with at most two decimals and at most 7 digits before the point: the API refuses amounts from
// $21,474,836.48 up, and a URL asking for more is treated as no filter rather than as a failed page.
const AMOUNT = String.raw`\d{1,7}(?:\.\d{1,2})?`;
const PRICE_PARAM = new RegExp(`^(${AMOUNT})-(${AMOUNT})?$`);

/** "10-25" -> $10 to $25, "100-" -> $100 and over; null for anything else (an empty or reversed range too). */
export function parsePriceRange(text: string | null): PriceRange | null {
  const match = text === null ? null : PRICE_PARAM.exec(text.trim());
  if (!match) return null;
  const minPrice = Number(match[1]);
  const maxPrice = match[2] === undefined ? null : Number(match[2]);
  if (maxPrice !== null && maxPrice <= minPrice) return null;
  return { minPrice, maxPrice };
}

/** A price range as the URL spells it: "10-25", "100-". */
export const priceRangeParam = (range: PriceRange): string => `${range.minPrice}-${range.maxPrice ?? ""}`;

export const samePriceRange = (a: PriceRange | null, b: PriceRange | null): boolean =>
  a !== null && b !== null && a.minPrice === b.minPrice && a.maxPrice === b.maxPrice;

/** An option choice as ?option= spells it: "Pot size:24 cm"; a colon or backslash in the name escaped. */
export const optionChoiceParam = ({ name, value }: OptionChoice): string => `${name.replace(/[\\:]/g, (char) => `\\${char}`)}:${value}`;

/** "Pot size:24 cm" -> { name: "Pot size", value: "24 cm" } (trimmed); null without a name, a colon or a value, or when either is too long. */
export function parseOptionChoice(text: string): OptionChoice | null {
  let name = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\\" && index + 1 < text.length) {
      name += text[++index];
    } else if (char === ":") {
      const choice = { name: name.trim(), value: text.slice(index + 1).trim() };
      const fits = (part: string) => part !== "" && part.length <= OPTION_CHOICE_LIMITS.length;
      return fits(choice.name) && fits(choice.value) ? choice : null;
    } else {
      name += char;
    }
  }
  return null;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Option choices in one order (by name, then value, as the server orders them), each once, at most
 * OPTION_CHOICE_LIMITS.choices: the first ones the list gives, the rest dropped rather than refused.
 */
export function optionChoicesOf(choices: readonly OptionChoice[]): OptionChoice[] {
  const seen = new Set<string>();
  const kept: OptionChoice[] = [];
  for (const choice of choices) {
    const key = JSON.stringify([choice.name, choice.value]);
    if (seen.has(key) || kept.length === OPTION_CHOICE_LIMITS.choices) continue;
    seen.add(key);
    kept.push({ name: choice.name, value: choice.value });
  }
  return kept.sort((a, b) => byText(a.name, b.name) || byText(a.value, b.value));
}

export const sameOptionChoice = (a: OptionChoice, b: OptionChoice): boolean => a.name === b.name && a.value === b.value;

/** An option as the filters offer it (productFilters.options): its values in natural order, each counted. */
export interface OfferedOption {
  name: string;
  values: ReadonlyArray<{ value: string; count: number }>;
}

/** An option's group of checkboxes: each value with its count and whether it is chosen. */
export interface OptionFilterGroup {
  name: string;
  values: Array<{ value: string; count: number; chosen: boolean }>;
}

// The server's natural order of values (catalog/filters.ts): 12 cm before 100 cm.
const VALUE_ORDER = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
const naturally = (a: { value: string }, b: { value: string }) => VALUE_ORDER.compare(a.value, b.value) || byText(a.value, b.value);

/**
 * The option groups the panel shows: the server's options in its order, then any option chosen that it no
 * longer offers. A value chosen stays in its group, in its natural place, even when the server counts nothing
 * for it (it leaves such values out), so the shopper can see and untick it: counted 0.
 */
export function optionFilterGroups(offered: readonly OfferedOption[], chosen: readonly OptionChoice[]): OptionFilterGroup[] {
  const isChosen = (name: string, value: string) => chosen.some((choice) => choice.name === name && choice.value === value);
  const groups: OptionFilterGroup[] = offered.map((option) => ({
    name: option.name,
    values: option.values.map(({ value, count }) => ({ value, count, chosen: isChosen(option.name, value) })),
  }));
  for (const choice of chosen) {
    let group = groups.find((candidate) => candidate.name === choice.name);
    if (!group) {
      group = { name: choice.name, values: [] };
      groups.push(group);
    }
    if (!group.values.some((shown) => shown.value === choice.value)) {
      // Before the first value that comes after it naturally; the server's values keep their order.
      const after = group.values.findIndex((shown) => naturally(shown, choice) > 0);
      group.values.splice(after < 0 ? group.values.length : after, 0, { value: choice.value, count: 0, chosen: true });
    }
  }
  return groups;
}

/** The choices with one option value ticked (added) or unticked (removed). */
export function withOptionChoice(choices: readonly OptionChoice[], choice: OptionChoice, ticked: boolean): OptionChoice[] {
  const others = choices.filter((other) => !sameOptionChoice(other, choice));
  return optionChoicesOf(ticked ? [...others, choice] : others);
}

/** The filters a page's URL asks for. A category page is its own category: it reads no ?category=. */
export function productFiltersFrom(params: URLSearchParams, { category }: { category: boolean }): ProductFilterChoice {
  const name = category ? params.get("category")?.trim() : undefined;
  return {
    category: name ? name : null,
    price: parsePriceRange(params.get("price")),
    inStock: params.get("inStock") === "1",
    discounted: params.get("discounted") === "1",
    options: optionChoicesOf(params.getAll(OPTION_PARAM).flatMap((text) => parseOptionChoice(text) ?? [])),
  };
}

/** The URL's parameters with the filters replaced by `choice` (the text, the sort and the rest kept). */
export function withProductFilters(params: URLSearchParams, choice: ProductFilterChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of PRODUCT_FILTER_PARAMS) next.delete(key);
  if (choice.category) next.set("category", choice.category);
  if (choice.price) next.set("price", priceRangeParam(choice.price));
  if (choice.inStock) next.set("inStock", "1");
  if (choice.discounted) next.set("discounted", "1");
  for (const option of optionChoicesOf(choice.options)) next.append(OPTION_PARAM, optionChoiceParam(option));
  return next;
}

export function productFilterVariables(choice: ProductFilterChoice): ProductFilterVariables {
  return {
    ...(choice.category ? { category: choice.category } : {}),
    ...(choice.price ? { minPrice: choice.price.minPrice } : {}),
    ...(choice.price && choice.price.maxPrice !== null ? { maxPrice: choice.price.maxPrice } : {}),
    ...(choice.inStock ? { inStock: true as const } : {}),
    ...(choice.discounted ? { discounted: true as const } : {}),
    ...(choice.options.length > 0 ? { options: optionChoicesOf(choice.options) } : {}),
  };
}

/** How many filters are chosen (each option value chosen is one). */
export const chosenFilterCount = (choice: ProductFilterChoice): number =>
  [choice.category !== null, choice.price !== null, choice.inStock, choice.discounted].filter(Boolean).length + choice.options.length;

export const hasProductFilters = (choice: ProductFilterChoice): boolean => chosenFilterCount(choice) > 0;

/** Bounds of the ranges are mostly whole dollars, which read better without cents: "$10", "$25.50". */
const priceBound = (amount: number) => formatMoney(amount).replace(/\.00$/, "");

/** "Under $10", "$10 to $25", "$100 and over". */
export function priceRangeLabel({ minPrice, maxPrice }: PriceRange): string {
  if (maxPrice === null) return `${priceBound(minPrice)} and over`;
  if (minPrice === 0) return `Under ${priceBound(maxPrice)}`;
  return `${priceBound(minPrice)} to ${priceBound(maxPrice)}`;
}

/** A choice with how many products it would show: "Ferns (12)", "$10 to $25 (16,524)". */
export const countedLabel = (label: string, count: number): string => `${label} (${groupThousands(count)})`;
