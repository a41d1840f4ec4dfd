// A category's products (spec section 2): 'Shop for' and the category name, and a grid of the
// products whose category equals that name.
import { Anchor, Stack, Title } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { ProductCard } from "../../components/ProductCard";
import { ProductGrid } from "../../components/ProductGrid";
import { productsInCategory } from "../../lib/catalog/catalogRules";
import { useShopCatalog } from "../../lib/catalog/shopCatalog";

export function CategoryScreen() {
  const categoryName = useParams().categoryName ?? "";
  const { data, error } = useShopCatalog();
  if (!data) {
    return error ? (
      <EmptyState title="We could not load the products." description="Please try again in a moment." />
    ) : (
      <LoadingView label="Loading products" />
    );
  }
  const products = productsInCategory(data.products, categoryName);
  return (
    <Stack gap="lg">
      <Title order={1}>Shop for {categoryName}</Title>
      {products.length === 0 ? (
        <EmptyState
          title="No products in this category yet."
          action={
            <Anchor component={Link} to="/">
              Back to the store
            </Anchor>
          }
        />
      ) : (
        <ProductGrid>
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ProductGrid>
      )}
    </Stack>
  );
}
