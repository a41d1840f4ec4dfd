// What a grid of product cards shows while its first page loads: cards of the real card's size
// (a 180 px picture, the name, price, stock and rating lines) above a row the size of the sort select, so
// nothing moves when the products arrive. Screen readers hear one status, not a dozen empty cards.
// Plain elements (ProductCard.module.css), like the card: the server draws this view in its first pass over
// every list page, before the products are there.
import type { CSSProperties } from "react";
import classes from "./ProductCard.module.css";
import { ProductGrid } from "./ProductGrid";

/** Two rows of the widest grid (6 a row), enough to fill a first screen on a phone or a desktop. */
const PLACEHOLDER_CARDS = 12;

/** A pulsing grey bar of this height (px) and width (of the card's). */
const bar = (height: number, width = "100%", style: CSSProperties = {}) => (
  <span className={classes.bar} style={{ "--bar-height": `${height}px`, "--bar-width": width, ...style } as CSSProperties} />
);

export function ProductGridSkeleton({ label = "Loading products" }: { label?: string }) {
  return (
    <div className={classes.placeholderGrid} role="status" aria-live="polite" aria-label={label} aria-busy>
      {/* The sort select's row. */}
      <div style={{ height: 36 }} />
      <div aria-hidden>
        <ProductGrid>
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <div key={index} className={classes.card} data-testid="card-placeholder">
              <div className={classes.picture}>{bar(180, "100%", { borderRadius: 0 })}</div>
              {bar(16, "80%", { marginTop: "var(--mantine-spacing-sm)" })}
              <div className={classes.barLines}>
                {bar(14, "40%")}
                {bar(12, "55%")}
                {bar(14, "60%")}
              </div>
            </div>
          ))}
        </ProductGrid>
      </div>
    </div>
  );
}
