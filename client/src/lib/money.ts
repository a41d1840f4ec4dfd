// Prices are shown in US dollars, en-US format.
// Written out by hand rather than with Intl.NumberFormat: the first Intl formatter a page creates loads the
// browser's locale data, about 90 ms of a slow phone's main thread while the page hydrates,
// and dollars in en-US need nothing of it. money.test.ts checks the result against Intl's.

/** A price in dollars as the shop prints it: 1234.5 -> "$1,234.50". Accepts numbers sent as strings. */
export function formatMoney(amount: number | string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return "$NaN";
  // Rounded half away from zero on the amount's shortest decimal form, as Intl does (1.005 -> 1.01).
  const text = String(Math.abs(value));
  const cents = text.includes("e") ? Math.round(Math.abs(value) * 100) : Math.round(Number(`${text}e2`));
  const dollars = groupThousands(Math.floor(cents / 100));
  const sign = value < 0 ? "-" : "";
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/** A whole number with en-US thousands separators: 8446 -> "8,446" (counts of products, the dollars of a price). */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Dollars to whole cents, so sums of prices do not drift (0.1 + 0.2). */
export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
