// The current price (the discount price when there is one) and the original price struck through. Plain
// elements (Price.module.css): it is drawn on every card of every list.
import { formatMoney } from "../lib/money";
import { hasDiscount, unitPrice, type Priced } from "../lib/pricing";
import classes from "./Price.module.css";

export function Price({ product, size = "md" }: { product: Priced; size?: "xs" | "sm" | "md" | "lg" | "xl" }) {
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
