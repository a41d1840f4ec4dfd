// The admin screens' rules (spec sections 5 and 9): list search and the dashboard's growth figures.
import { containsSearchText } from "../../lib/catalog/catalogRules";

/**
 * Admin lists: the rows where one of the searched fields holds the text as a case-insensitive substring
 * (the text trimmed); every row while the text is blank.
 */
export function searchRows<T>(rows: readonly T[], text: string, fields: (row: T) => ReadonlyArray<string | null | undefined>): T[] {
  return rows.filter((row) => fields(row).some((value) => containsSearchText(value, text)));
}

/** Products, categories and regions are searched by name. */
export const byName = (row: { name: string }) => [row.name];
/** Orders are searched by order number or reference. */
export const byOrderNumberOrReference = (row: { orderNumber: string; reference: string }) => [row.orderNumber, row.reference];
/** Users are searched by name or email. */
export const byNameOrEmail = (row: { name: string; email: string }) => [row.name, row.email];

/** The inline error of a field the API cannot take empty. */
export const REQUIRED = "Required";

/** Dashboard growth: a whole number of percent with a leading plus sign when positive ("+12%", "0%", "-4%"). */
export function formatGrowth(percent: number): string {
  const whole = Math.round(percent) || 0;
  return `${whole > 0 ? "+" : ""}${whole}%`;
}
