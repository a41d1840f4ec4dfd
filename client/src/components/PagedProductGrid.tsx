// A paged list of products as the storefront shows it (category, search, wish-list): the page's cards in
// the product grid, then 'Load more' for the next page, which the cache appends to the list.
import { nodesOf, type Page } from "../lib/apollo/pages";
import { LoadMore } from "./LoadMore";
import { cardLoading, ProductCard, type ProductCardProduct } from "./ProductCard";
import { ProductGrid } from "./ProductGrid";

/** How many products a list holds, over all its pages: "1 product", "24 products". */
export const productCountText = (count: number) => `${count} ${count === 1 ? "product" : "products"}`;

export interface PagedProductGridProps {
  page: Page<ProductCardProduct>;
  /**
   * 'Load more' is offered (default). Results kept on screen while a newer list loads offer none: the
   * page they would add to is on its way out.
   */
  canLoadMore?: boolean;
  /** What the list answers (its query's variables): another list starts its 'Load more' afresh. */
  listKey?: string;
  onLoadMore: () => Promise<unknown>;
}

export function PagedProductGrid({ page, canLoadMore = true, listKey, onLoadMore }: PagedProductGridProps) {
  const products = nodesOf(page);
  return (
    <>
      <ProductGrid>
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} {...cardLoading(index)} />
        ))}
      </ProductGrid>
      {canLoadMore && (
        <LoadMore key={listKey} page={page} noun="products" onLoadMore={onLoadMore} />
      )}
    </>
  );
}
