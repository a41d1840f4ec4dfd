// What the admin product list says about stock beside each card: the total over the variants on sale
// (Product.totalQuantity) and whether the product runs low.

/** At or below this many units a variant on sale is running low. */
export const LOW_STOCK_UNITS = 5;

export interface StockOfProduct {
  totalQuantity: number;
  variants: ReadonlyArray<{ enabled: boolean; quantity: number }>;
}

/**
 * 'Low stock': some variant on sale has 5 units or fewer, sold-out ones included (they need restocking
 * most). For a product sold in one variant that is its stock, i.e. the total. A variant taken off sale is
 * not counted: shoppers cannot buy it, so its stock is no one's concern today.
 */
export function isLowStock(product: StockOfProduct): boolean {
  const onSale = product.variants.filter((variant) => variant.enabled);
  if (onSale.length === 0) return product.totalQuantity <= LOW_STOCK_UNITS;
  return onSale.some((variant) => variant.quantity <= LOW_STOCK_UNITS);
}

export const totalStockText = (total: number) => `Total stock: ${total}`;
export const LOW_STOCK_TEXT = "Low stock";
