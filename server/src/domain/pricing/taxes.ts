// Tax as the pricing engine charges it. The rules, written down:
// - A rate is a whole number of parts per million of the amount (20% = 200,000; 8.875% = 88,750), set per
//   delivery region and tax class. A line's class is its product's, else its category's, else the shop's
//   default class; a line whose class has no rate in the region is charged no tax.
// - Tax is computed per line, on what the shopper pays for it: its amount after its share of promotions.
//   Prices entered without tax (US style): tax = amount x rate, rounded half up to the cent, added to the
//   total. Prices entered with tax (EU style): the amount already holds its tax, tax = amount x rate /
//   (1 + rate), rounded half up; the total does not change. Either way a line's tax is within half a cent
//   of the exact figure.
// - Delivery is taxed when its region says so (its own rate), on the fee after promotions, the same way.
// - Without a region (a cart not yet sent anywhere) nothing is taxed.
import type { Cents } from "../shared/index.js";
import { mulDivRoundHalfUp } from "./arithmetic.js";

export const MILLION = 1_000_000;

/** The tax rates in force for one region. */
export interface RegionTaxes {
  /** Prices (and delivery fees) as the shop enters them already hold their tax. */
  pricesIncludeTax: boolean;
  /** The rate of each tax class in this region, in parts per million, and its name ("VAT 20%"). */
  rates: ReadonlyMap<number, { ratePpm: number; name: string }>;
  /** The class of a line whose product and category name none. */
  defaultClassId: number | null;
  /** Delivery's rate in this region; null: delivery is not taxed. */
  delivery: { ratePpm: number; name: string } | null;
}

/** A line of a class without a rate in the region (or of a cart without a region). */
const NO_TAX = { ratePpm: 0, name: "" } as const;

/** The tax of an amount at a rate, rounded half up to the cent. */
export function taxOf(amountCents: Cents, ratePpm: number, pricesIncludeTax: boolean): Cents {
  return pricesIncludeTax ? mulDivRoundHalfUp(amountCents, ratePpm, MILLION + ratePpm) : mulDivRoundHalfUp(amountCents, ratePpm, MILLION);
}

/** The rate of a line of this class in the region (none: 0, unnamed). */
export function rateOf(taxes: RegionTaxes | null, taxClassId: number | null | undefined): { ratePpm: number; name: string } {
  const classId = taxClassId ?? taxes?.defaultClassId;
  return taxes?.rates.get(classId ?? 0) ?? NO_TAX;
}

/** Tax per rate, as an invoice lists it: the amount without tax, and the tax. */
export interface TaxLine {
  name: string;
  ratePpm: number;
  netCents: Cents;
  taxCents: Cents;
}

/**
 * The invoice's tax lines from what was paid and taxed (lines and delivery): one per name and rate, the
 * highest rate first; amounts at rate 0 are not listed. Net is what was paid without its tax.
 */
export function taxLinesOf(charged: readonly { name: string; ratePpm: number; paidCents: Cents; taxCents: Cents }[], pricesIncludeTax: boolean): TaxLine[] {
  const lines = new Map<string, TaxLine>();
  for (const { name, ratePpm, paidCents, taxCents } of charged) {
    if (ratePpm === 0) continue;
    const key = `${name}\u0000${ratePpm}`;
    const known = lines.get(key) ?? { name, ratePpm, netCents: 0, taxCents: 0 };
    known.netCents += pricesIncludeTax ? paidCents - taxCents : paidCents;
    known.taxCents += taxCents;
    lines.set(key, known);
  }
  return [...lines.values()].sort((a, b) => b.ratePpm - a.ratePpm || a.name.localeCompare(b.name));
}

/** The tax lines of an order as charged: its lines (after their promotions) and its delivery (after its own). */
export function taxLinesOfCharge(
  lines: readonly { taxName: string; taxRatePpm: number; lineCents: Cents; discountCents: Cents; taxCents: Cents }[],
  delivery: { name: string; ratePpm: number; paidCents: Cents; taxCents: Cents },
  pricesIncludeTax: boolean,
): TaxLine[] {
  return taxLinesOf(
    [...lines.map((line) => ({ name: line.taxName, ratePpm: line.taxRatePpm, paidCents: line.lineCents - line.discountCents, taxCents: line.taxCents })), delivery],
    pricesIncludeTax,
  );
}
