// A category's products: 'Shop for' and the category name, and a grid of the
// products whose category equals that name, fetched from the server a page at a time ('Load more'),
// in the order the 'Sort by' select asks for (kept in the URL as ?sort=), narrowed by the filters (price
// range, in stock, discounted; kept in the URL too).
import { documentTitle, PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Group, Stack, Text } from "@mantine/core";
import { useParams, useSearchParams } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { ProductGridSkeleton } from "../../components/ProductGridSkeleton";
import { PageHead } from "../../components/PageHead";
import { PagedProductGrid, productCountText } from "../../components/PagedProductGrid";
import { SortSelect } from "../../components/SortSelect";
import { UpdatingResults } from "../../components/UpdatingResults";
import { NoFilterMatch, ProductFilterLayout, ProductFilterPanel } from "../../components/ProductFilterPanel";
import { CategoryPageDocument, CategoryProductsDocument } from "../../graphql/generated/graphql";
import { nextPageVariables, useLastAnswer } from "../../lib/apollo/pages";
import { hasProductFilters, NO_PRODUCT_FILTERS, productFiltersFrom, withProductFilters, type ProductFilterChoice } from "../../lib/catalog/productFilters";
import { categoryPageVariables } from "../../lib/catalog/productListQueries";
import { sortOrderFrom, type SortOrder } from "../../lib/catalog/productSort";
import { breadcrumbData, categoryPath } from "../../lib/seo/structuredData";

export function CategoryScreen() {
  const categoryName = useParams().categoryName ?? "";
  const [params, setParams] = useSearchParams();
  const sort = sortOrderFrom(params.get("sort"));
  const filters = productFiltersFrom(params, { category: false });
  const variables = categoryPageVariables(categoryName, params);
  const { data, error, fetchMore } = useQuery(CategoryPageDocument, { variables });
  // Another sort or filter keeps the category's products on screen, dimmed, until the new ones arrive.
  const shown = useLastAnswer(data, { categoryName, sort, filters });

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
  // Another filter is another list: it starts again from its first page.
  const chooseFilters = (next: ProductFilterChoice) => setParams((current) => withProductFilters(current, next), { replace: true });

  let body;
  // The filters stand beside the products, beside their loading view (the grid does not move when they
  // come) and beside filters that leave nothing; a category without products has nothing to filter.
  let filterable = false;
  if (error && !data) {
    body = <EmptyState title="We could not load the products." description="Please try again in a moment." />;
  } else if (!shown || shown.key.categoryName !== categoryName) {
    filterable = true;
    body = <ProductGridSkeleton />;
  } else if (shown.data.products.edges.length === 0 && hasProductFilters(shown.key.filters)) {
    filterable = true;
    body = (
      <UpdatingResults updating={!shown.current} label="Updating products…">
        <NoFilterMatch onClear={() => chooseFilters(NO_PRODUCT_FILTERS)} />
      </UpdatingResults>
    );
  } else if (shown.data.products.edges.length === 0) {
    body = <EmptyState title="No products in this category yet." link={{ to: "/", label: "Back to the store" }} />;
  } else {
    filterable = true;
    const page = shown.data.products;
    const sorting = !shown.forKey && shown.key.sort !== sort && JSON.stringify(shown.key.filters) === JSON.stringify(filters);
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          {/* How many the filters leave; beside the sort so that it takes no row of its own. */}
          <Text size="sm" c="dimmed">
            {shown.current && productCountText(page.totalCount)}
          </Text>
          <SortSelect value={sort} onChange={chooseSort} />
        </Group>
        <UpdatingResults updating={!shown.current} label={sorting ? "Sorting products…" : "Updating products…"}>
          <PagedProductGrid
            page={page}
            canLoadMore={shown.current}
            listKey={JSON.stringify(variables)}
            onLoadMore={() => fetchMore({ query: CategoryProductsDocument, variables: { ...variables, ...nextPageVariables(page) } })}
          />
        </UpdatingResults>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHead
        title={documentTitle(`Shop for ${categoryName}`, "/categories")}
        description={`Shop for ${categoryName} at Verdant: plants and garden goods, delivered.`}
        // Every sort and filter of the category is the same page.
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
      <ProductFilterLayout
        filters={
          filterable && (
            // Another category's counts are not this one's: none until its own arrive.
            <ProductFilterPanel choice={filters} counts={shown?.key.categoryName === categoryName ? shown.data.productFilters : undefined} onChange={chooseFilters} />
          )
        }
      >
        {body}
      </ProductFilterLayout>
    </Stack>
  );
}
