// The current price (the discount price when there is one) and the original price struck through. Plain
// elements (Price.module.css): it is drawn on every card of every list.
import { formatMoney } from "../lib/money";
import { hasDiscount, unitPrice, type Priced } from "../lib/pricing";
import classes from "./Price.module.css";

export interface PriceRange {
  min: number;
  max: number;
}

/** Whether the variants of a product sell at more than one unit price. */
export const pricesVary = (range: PriceRange | null | undefined): range is PriceRange => !!range && Number(range.min) !== Number(range.max);

/**
 * `range`: the lowest and highest unit price of the product's variants; when they differ the price reads
 * "from $X" (the lowest), with no price struck through (the discount is one variant's, not the lowest's).
 */
export function Price({ product, size = "md", range }: { product: Priced; size?: "xs" | "sm" | "md" | "lg" | "xl"; range?: PriceRange | null }) {
  if (pricesVary(range)) {
    return (
      <div className={classes.price}>
        <p className={classes.current} data-size={size} data-testid="current-price">
          from {formatMoney(range.min)}
        </p>
      </div>
    );
  }
  return (
    <div className={classes.price}>
      <p className={classes.current} data-size={size} data-testid="current-price">
        {formatMoney(unitPrice(product))}
      </p>
      {hasDiscount(product) && (
        <s className={classes.original} data-testid="original-price">
          {formatMoney(product.price)}
        </s>
      )}
    </div>
  );
}
