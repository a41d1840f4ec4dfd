// Money in the domain is integer cents. Dollars (numbers with at most two decimals) exist only at the
// edges: GraphQL's Money scalar, the REST shim's JSON and the seed's price list.

export type Cents = number;

/** Largest amount the database column (32-bit integer cents) can hold: $21,474,836.47. */
export const MAX_MONEY_CENTS = 2_147_483_647;

/**
 * Parses dollars given as a number or a numeric string ("12", "12.5", "12.50") into cents.
 * Returns null for anything else: more than two decimals, exponents, NaN, negative or too large.
 */
export function parseDollars(value: unknown): Cents | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_MONEY_CENTS ? cents : null;
}

/** Cents to a dollar number for JSON and GraphQL (exact to the cent: the nearest double of n/100). */
export const toDollars = (cents: Cents): number => Math.round(cents) / 100;

/** An amount as the shop's messages write it: "$12.00" (always two decimals, no thousands separator). */
export const dollarText = (cents: Cents): string => `$${(cents / 100).toFixed(2)}`;

/**
 * A number with at most `decimals` decimals as a whole number of its smallest unit (12.5 percent with 2
 * decimals -> 1250 basis points; 8.875 with 4 -> 88750 parts per million), or null for anything else (text,
 * NaN, more decimals). The caller judges the range and words the problem.
 */
export function wholeUnits(value: unknown, decimals: number): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const scaled = value * 10 ** decimals;
  const units = Math.round(scaled);
  return Math.abs(units - scaled) > 1e-6 ? null : units;
}
