// Prices are shown in US dollars, en-US format (spec sections 1 and 9).

const usDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A price in dollars as the shop prints it: 1234.5 -> "$1,234.50". Accepts numbers sent as strings. */
export function formatMoney(amount: number | string): string {
  return usDollars.format(Number(amount));
}

/** Dollars to whole cents, so sums of prices do not drift (0.1 + 0.2). */
export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
