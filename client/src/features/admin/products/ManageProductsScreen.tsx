// Manage products: 'Manage products', the count, 'New Product', the
// 'Search product' box (name, case-insensitive substring, searched on the server), a spinner until the
// list has loaded, then the admin product cards newest first, a page at a time, each with 'Edit Product'
// and 'Delete Product'. A delete shows a spinner, then the server's message (else 'Try again later'),
// and the list reloads.
// Under each card: the product's total stock over its variants on sale and a 'Low stock' badge (the rule:
// productStock.ts). 'Export CSV' beside the search downloads the whole catalogue (ExportCatalogueButton);
// 'Import CSV' beside it opens Import products, for those who may change the catalogue.
import { useQuery } from "@apollo/client/react";
import { Badge, Button, Group, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { cardLoading, ProductCard } from "../../../components/ProductCard";
import { ProductGrid } from "../../../components/ProductGrid";
import { AdminProductsDocument } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, nextPageVariables, useLastAnswer } from "../../../lib/apollo/pages";
import { AdminList, countLabel, listState, LoadFailure, useCan, useListSearch } from "../AdminParts";
import { isLowStock, LOW_STOCK_TEXT, totalStockText, type StockOfProduct } from "./productStock";
import { useDeleteProduct } from "./useProductChanges";
import { ExportCatalogueButton } from "./ExportCatalogueButton";
import classes from "./ManageProductsScreen.module.css";

export const NO_PRODUCTS_FOUND = "No products found matching your search.";
export const IMPORT_CSV_LABEL = "Import CSV";

export function ManageProductsScreen() {
  const search = useListSearch();
  const { data, error, refetch, fetchMore } = useQuery(AdminProductsDocument, {
    variables: { name: search.query || undefined, first: ADMIN_PAGE_SIZE },
  });
  const list = listState(useLastAnswer(data?.products, search.query), search.typing);
  const { deletingId, remove } = useDeleteProduct();
  // Reading the catalogue without catalogue:write: the cards without New, Edit and Delete.
  const mayChange = useCan("catalogue:write");

  return (
    <AdminList
      title="Manage products"
      count={list.page ? countLabel("products", list.page.totalCount) : undefined}
      searchPlaceholder="Search product"
      search={search}
      create={mayChange ? { to: "/admin/add-product", label: "New Product" } : undefined}
      filters={
        <>
          <ExportCatalogueButton />
          {mayChange && (
            <Button variant="default" component={Link} to="/admin/catalogue-import">
              {IMPORT_CSV_LABEL}
            </Button>
          )}
        </>
      }
      noun="products"
      {...list}
      failure={error && !data && <LoadFailure what="the products" onRetry={() => void refetch()} />}
      empty={<EmptyState title={NO_PRODUCTS_FOUND} />}
      onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
    >
      {(products) => (
        <ProductGrid admin>
          {products.map((product, index) => (
            <div key={product.id} className={classes.cell}>
              <ProductCard product={product} {...cardLoading(index)} admin={{ onDelete: (chosen) => void remove(chosen.id), deleting: deletingId === product.id, readOnly: !mayChange }} />
              <ProductStock product={product} />
            </div>
          ))}
        </ProductGrid>
      )}
    </AdminList>
  );
}

/** The product's total stock over its variants on sale, and 'Low stock' when it runs low. */
function ProductStock({ product }: { product: StockOfProduct }) {
  return (
    <Group gap="xs" mt={6} wrap="nowrap">
      <Text size="sm">{totalStockText(product.totalQuantity)}</Text>
      {isLowStock(product) && (
        <Badge color="orange" variant="light" size="sm">
          {LOW_STOCK_TEXT}
        </Badge>
      )}
    </Group>
  );
}
