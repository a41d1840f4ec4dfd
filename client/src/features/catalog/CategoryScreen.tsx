// A category's products (spec section 2): 'Shop for' and the category name, and a grid of the
// products whose category equals that name, fetched from the server a page at a time ('Load more'),
// in the order the 'Sort by' select asks for (kept in the URL as ?sort=).
import { documentTitle, PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Anchor, Group, Stack } from "@mantine/core";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { ProductGridSkeleton } from "../../components/ProductGridSkeleton";
import { LoadMore } from "../../components/LoadMore";
import { PageHead } from "../../components/PageHead";
import { cardLoading, ProductCard } from "../../components/ProductCard";
import { ProductGrid } from "../../components/ProductGrid";
import { SortSelect } from "../../components/SortSelect";
import { UpdatingResults } from "../../components/UpdatingResults";
import { CategoryProductsDocument } from "../../graphql/generated/graphql";
import { nextPageVariables, nodesOf, STOREFRONT_PAGE_SIZE, useLastAnswer } from "../../lib/apollo/pages";
import { PRODUCT_SORT, sortOrderFrom, type SortOrder } from "../../lib/catalog/productSort";
import { breadcrumbData, categoryPath } from "../../lib/seo/structuredData";

export function CategoryScreen() {
  const categoryName = useParams().categoryName ?? "";
  const [params, setParams] = useSearchParams();
  const sort = sortOrderFrom(params.get("sort"));
  const { data, error, fetchMore } = useQuery(CategoryProductsDocument, {
    variables: { category: categoryName, sort: PRODUCT_SORT[sort], first: STOREFRONT_PAGE_SIZE },
  });
  // Another sort keeps the category's products on screen, dimmed, until the new order arrives.
  const shown = useLastAnswer(data?.products, { categoryName, sort });

  const chooseSort = (next: SortOrder) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "default") updated.delete("sort");
        else updated.set("sort", next);
        return updated;
      },
      { replace: true },
    );
  };

  let body;
  if (error && !data) {
    body = <EmptyState title="We could not load the products." description="Please try again in a moment." />;
  } else if (!shown || shown.key.categoryName !== categoryName) {
    body = <ProductGridSkeleton />;
  } else if (shown.data.edges.length === 0) {
    body = (
      <EmptyState
        title="No products in this category yet."
        action={
          <Anchor component={Link} to="/">
            Back to the store
          </Anchor>
        }
      />
    );
  } else {
    const page = shown.data;
    const products = nodesOf(page);
    body = (
      <Stack gap="md">
        <Group justify="flex-end">
          <SortSelect value={sort} onChange={chooseSort} />
        </Group>
        <UpdatingResults updating={!shown.current} label={shown.forKey ? "Updating products…" : "Sorting products…"}>
          <ProductGrid>
            {products.map((product, index) => (
              <ProductCard key={product.id} product={product} {...cardLoading(index)} />
            ))}
          </ProductGrid>
          {shown.current && (
            <LoadMore
              key={`${categoryName}/${sort}`}
              shown={products.length}
              total={page.totalCount}
              noun="products"
              hasMore={page.pageInfo.hasNextPage}
              onLoadMore={() => fetchMore({ variables: nextPageVariables(page) })}
            />
          )}
        </UpdatingResults>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHead
        title={documentTitle(`Shop for ${categoryName}`, "/categories")}
        description={`Shop for ${categoryName} at Verdant: plants and garden goods, delivered.`}
        // Every sort of the category is the same page.
        path={categoryPath(categoryName)}
        structuredData={(origin) => [
          breadcrumbData(
            [
              { name: "Home", path: "/" },
              { name: categoryName, path: categoryPath(categoryName) },
            ],
            origin,
          ),
        ]}
      />
      <PageTitle title={`Shop for ${categoryName}`} />
      {body}
    </Stack>
  );
}
