// Manage products (spec sections 2, 4 and 8): 'Manage products', the count, 'New Product', the
// 'Search product' box (name, case-insensitive substring), a spinner until the list has loaded, then the
// admin product cards newest first, each with 'Edit Product' and 'Delete Product'. A delete shows a
// spinner, then the server's message (else 'Try again later'), and the list reloads.
import { useMutation } from "@apollo/client/react";
import { Button, Stack } from "@mantine/core";
import { useState } from "react";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { ProductCard, type ProductCardProduct } from "../../../components/ProductCard";
import { ProductGrid } from "../../../components/ProductGrid";
import { DeleteProductDocument } from "../../../graphql/generated/graphql";
import { newestFirst } from "../../../lib/catalog/catalogRules";
import { useShopCatalog } from "../../../lib/catalog/shopCatalog";
import { messages } from "../../../lib/messages";
import { notifySuccess } from "../../../lib/notify";
import { notifyServerFailure, reloadCatalogue } from "../adminFeedback";
import { countLabel, ListHeader } from "../AdminParts";
import { byName, searchRows } from "../adminRules";

export const NO_PRODUCTS_FOUND = "No products found matching your search.";

export function ManageProductsScreen() {
  const { data, error, refetch } = useShopCatalog();
  const [search, setSearch] = useState("");
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [deleteProduct] = useMutation(DeleteProductDocument, { update: reloadCatalogue });

  const remove = async (product: ProductCardProduct) => {
    setDeletingId(product.id);
    try {
      const result = await deleteProduct({ variables: { id: product.id } });
      if (result.data) notifySuccess(result.data.deleteProduct.message);
    } catch (failure) {
      notifyServerFailure(failure, messages.deleteFailedFallback);
    } finally {
      setDeletingId(null);
    }
  };

  const products = data ? newestFirst(data.products) : [];
  const found = searchRows(products, search, byName);
  let body;
  if (!data) {
    body = error ? (
      <EmptyState
        title="We could not load the products."
        action={
          <Button variant="light" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    ) : (
      <LoadingView label="Loading products" />
    );
  } else if (found.length === 0) {
    body = <EmptyState title={NO_PRODUCTS_FOUND} />;
  } else {
    body = (
      <ProductGrid admin>
        {found.map((product) => (
          <ProductCard key={product.id} product={product} admin={{ onDelete: (chosen) => void remove(chosen), deleting: deletingId === product.id }} />
        ))}
      </ProductGrid>
    );
  }

  return (
    <Stack gap="lg">
      <ListHeader
        title="Manage products"
        count={data ? countLabel("products", products.length) : undefined}
        searchPlaceholder="Search product"
        search={search}
        onSearch={setSearch}
        create={{ to: "/admin/add-product", label: "New Product" }}
      />
      {body}
    </Stack>
  );
}
