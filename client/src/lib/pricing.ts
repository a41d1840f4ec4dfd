// Unit price and discount badge, as product cards and prices show them. The cart's and checkout's figures
// (line totals, items total, order total) are the server's: lib/cart/cartQuote.ts.
export interface Priced {
  price: number;
  /** null means no discount. */
  discountPrice: number | null;
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

/** A region's fee as a number; it may arrive as a string. 0 when no region is chosen. */
export function regionFee(region: { fee: number | string } | null | undefined): number {
  return region ? Number(region.fee) : 0;
}
