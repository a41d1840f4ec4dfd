// Search (spec sections 2, 5 and 9): the text is trimmed and matched against product and category
// names; empty input, no match and results each have their own state; results sort four ways.
import { Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { SearchIcon } from "../../components/icons";
import { LoadingView } from "../../components/LoadingView";
import { ProductCard } from "../../components/ProductCard";
import { ProductGrid } from "../../components/ProductGrid";
import {
  isSortOrder,
  normaliseSearchText,
  searchProducts,
  SORT_ORDER_LABELS,
  SORT_ORDERS,
  sortProducts,
  type SortOrder,
} from "../../lib/catalog/catalogRules";
import { useShopCatalog } from "../../lib/catalog/shopCatalog";

export const SEARCH_LABEL = "Search products or categories";

export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const text = params.get("q") ?? "";
  const sortParam = params.get("sort");
  const sort: SortOrder = isSortOrder(sortParam) ? sortParam : "default";
  const { data, error } = useShopCatalog();

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === "" || (key === "sort" && value === "default")) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const trimmed = normaliseSearchText(text);
  let body;
  if (trimmed === "") {
    body = <EmptyState title="Search for products" description="Type a plant, a tool or a category name, for example “fern” or “pots”." />;
  } else if (!data) {
    body = error ? <EmptyState title="We could not load the products." description="Please try again in a moment." /> : <LoadingView label="Loading products" />;
  } else {
    const results = sortProducts(searchProducts(data.products, trimmed), sort);
    body =
      results.length === 0 ? (
        <EmptyState title="No result" description="No product or category matches the text you have entered." />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h3">
              Results for &quot;{trimmed}&quot;
            </Title>
            <NativeSelect
              label="Sort by"
              value={sort}
              onChange={(event) => update({ sort: event.currentTarget.value })}
              data={SORT_ORDERS.map((value) => ({ value, label: SORT_ORDER_LABELS[value] }))}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {results.length} {results.length === 1 ? "product" : "products"}
          </Text>
          <ProductGrid>
            {results.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ProductGrid>
        </Stack>
      );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Search</Title>
      <TextInput
        label={SEARCH_LABEL}
        placeholder={SEARCH_LABEL}
        type="search"
        value={text}
        onChange={(event) => update({ q: event.currentTarget.value })}
        leftSection={<SearchIcon size={18} />}
        size="md"
        autoFocus
      />
      {body}
    </Stack>
  );
}
