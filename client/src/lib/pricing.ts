// Unit price, discount badge and totals.
import { fromCents, toCents } from "./money";

export interface Priced {
  price: number;
  /** null means no discount. */
  discountPrice: number | null;
}

export interface PricedLine extends Priced {
  cartQuantity: number;
}

export function hasDiscount(product: Priced): boolean {
  return product.discountPrice !== null && product.discountPrice !== undefined;
}

/** Unit price is the discount price when it is not null, else price. */
export function unitPrice(product: Priced): number {
  return hasDiscount(product) ? Number(product.discountPrice) : Number(product.price);
}

/** The discount badge's N in '-N%': the rounded value of (price - discount_price) / price * 100; null without a discount. */
export function discountPercent(product: Priced): number | null {
  if (!hasDiscount(product) || Number(product.price) <= 0) return null;
  return Math.round(((Number(product.price) - Number(product.discountPrice)) / Number(product.price)) * 100);
}

/** Line total is the unit price times cartQuantity. */
export function lineTotal(line: PricedLine): number {
  return fromCents(toCents(unitPrice(line)) * line.cartQuantity);
}

/** Items total is the sum of line totals. */
export function itemsTotal(lines: readonly PricedLine[]): number {
  return fromCents(lines.reduce((sum, line) => sum + toCents(unitPrice(line)) * line.cartQuantity, 0));
}

/** A region's fee as a number; it may arrive as a string. 0 when no region is chosen. */
export function regionFee(region: { fee: number | string } | null | undefined): number {
  return region ? Number(region.fee) : 0;
}

/** Order total is the items total plus the chosen region's fee (0 if none chosen). */
export function orderTotal(lines: readonly PricedLine[], region: { fee: number | string } | null | undefined): number {
  return fromCents(toCents(itemsTotal(lines)) + toCents(regionFee(region)));
}
