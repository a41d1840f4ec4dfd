// A product sold in several variants (pot sizes, pack sizes, colours): which variant a product page shows
// (?variant=SKU, else the default), what each option value would buy with the other current choices, and a
// variant's name in a shopper's words. The server names variants the same way (its messages say
// "Monstera Deliciosa (24 cm) is out of stock."), so the cart's texts read like the server's.
import type { Priced } from "../pricing";

/** One of a variant's option values, e.g. { name: "Pot size", value: "24 cm" }. */
export interface ChosenValue {
  name: string;
  value: string;
}

/** What the page needs to know of a variant to choose it. */
export interface ChoosableVariant extends Priced {
  id: number;
  sku: string;
  quantity: number;
  isDefault: boolean;
  options: readonly ChosenValue[];
}

/** The address parameter naming the chosen variant: /products/monstera-deliciosa?variant=MON-DEL-12. */
export const VARIANT_PARAM = "variant";

/** Why a value cannot be chosen, as the picker says it. */
export const OUT_OF_STOCK_CHOICE = "Out of stock";
export const NOT_OFFERED_CHOICE = "Not available";

/**
 * The variant a product page shows: the one whose SKU the address names; without one, or for a SKU the
 * product does not sell, the default (the first on sale, which the server marks).
 */
export function chooseVariant<V extends ChoosableVariant>(variants: readonly V[], sku: string | null | undefined): V | undefined {
  return (sku ? variants.find((variant) => variant.sku === sku) : undefined) ?? variants.find((variant) => variant.isDefault) ?? variants[0];
}

const valueOf = (variant: ChoosableVariant, name: string) => variant.options.find((option) => option.name === name)?.value;

/** The variant with this value of one option and the chosen variant's values of the others; undefined when none is sold. */
export function variantWith<V extends ChoosableVariant>(variants: readonly V[], chosen: ChoosableVariant, name: string, value: string): V | undefined {
  return variants.find((variant) =>
    variant.options.every((option) => (option.name === name ? option.value === value : option.value === valueOf(chosen, option.name))) &&
    valueOf(variant, name) === value,
  );
}

export type ValueChoice<V> =
  | { kind: "available"; variant: V }
  | { kind: "out-of-stock"; variant: V; why: typeof OUT_OF_STOCK_CHOICE }
  | { kind: "not-offered"; why: typeof NOT_OFFERED_CHOICE };

/**
 * What choosing this value would buy, with the other current choices: its variant; out of stock when that
 * variant has none left; not offered when no variant on sale has that combination.
 */
export function valueChoice<V extends ChoosableVariant>(variants: readonly V[], chosen: ChoosableVariant, name: string, value: string): ValueChoice<V> {
  const variant = variantWith(variants, chosen, name, value);
  if (!variant) return { kind: "not-offered", why: NOT_OFFERED_CHOICE };
  if (variant.quantity <= 0) return { kind: "out-of-stock", variant, why: OUT_OF_STOCK_CHOICE };
  return { kind: "available", variant };
}

/** "Monstera Deliciosa (24 cm)", "Planter (Small, Sand)": a variant named for a shopper; without options just the name. */
export const variantLabel = (productName: string, options: readonly ChosenValue[] | null | undefined): string =>
  !options || options.length === 0 ? productName : `${productName} (${options.map((option) => option.value).join(", ")})`;

/** "Pot size: 24 cm, Colour: White": a variant's option values in words (empty without options). */
export const optionWords = (options: readonly ChosenValue[] | null | undefined): string =>
  (options ?? []).map((option) => `${option.name}: ${option.value}`).join(", ");
