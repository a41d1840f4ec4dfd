// Search: the server searches as the user types (once the typing pauses),
// page by page; empty input, no match and results each have their own state; results sort four ways.
// The URL keeps the text, the sort and the filters (?q=…&sort=…&price=…), so a search can be
// shared and reloaded.
import { documentTitle, PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { SearchIcon } from "../../components/icons";
import { ProductGridSkeleton } from "../../components/ProductGridSkeleton";
import { PageHead } from "../../components/PageHead";
import { PagedProductGrid, productCountText } from "../../components/PagedProductGrid";
import { KeptParams, SortSelect } from "../../components/SortSelect";
import { UpdatingResults } from "../../components/UpdatingResults";
import { NoFilterMatch, ProductFilterLayout, ProductFilterPanel } from "../../components/ProductFilterPanel";
import { DidYouMean } from "./DidYouMean";
import { SearchPageDocument, SearchProductsDocument } from "../../graphql/generated/graphql";
import { nextPageVariables, SEARCH_DEBOUNCE_MS, useLastAnswer } from "../../lib/apollo/pages";
import { hasProductFilters, NO_PRODUCT_FILTERS, productFiltersFrom, withProductFilters, type ProductFilterChoice } from "../../lib/catalog/productFilters";
import { searchPageVariables } from "../../lib/catalog/productListQueries";
import { sortOrderFrom, type SortOrder } from "../../lib/catalog/productSort";
import { useTypedBeforeHydration } from "../../lib/ssr/typedEarly";

/** A search's canonical address: the text as searched (trimmed, spaces collapsed, lower case), without the sort or filters. */
export function searchPath(text: string): string {
  const normalised = text.trim().replace(/\s+/g, " ").toLowerCase();
  return normalised ? `/search?q=${encodeURIComponent(normalised)}` : "/search";
}

export const SEARCH_LABEL = "Search products or categories";

export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const textInUrl = params.get("q") ?? "";
  const sort = sortOrderFrom(params.get("sort"));
  const filters = productFiltersFrom(params, { category: true });
  const [text, setText] = useState(textInUrl);
  // The text this screen last wrote to the URL: any other change of ?q= came from outside.
  const written = useRef(textInUrl);

  const writeUrl = (changes: { q?: string; sort?: SortOrder }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === "" || (key === "sort" && value === "default")) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };
  // Another filter is another list: it starts again from its first page.
  const chooseFilters = (next: ProductFilterChoice) => setParams((current) => withProductFilters(current, next), { replace: true });
  const writeText = useDebouncedCallback((value: string) => {
    written.current = value;
    writeUrl({ q: value });
  }, SEARCH_DEBOUNCE_MS);

  // Typed before the scripts ran (without Enter, which the server answers: a page of results): searched now.
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    if (typed.q === undefined) return;
    setText(typed.q);
    writeText(typed.q);
  });
  // Enter searches at once, without waiting for the pause (and without scripts, the form asks the server).
  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    writeText.flush();
  };

  // Back, forward or the navigation's search link changed ?q=: the box follows the URL.
  useEffect(() => {
    if (textInUrl === written.current) return;
    written.current = textInUrl;
    writeText.cancel();
    setText(textInUrl);
  }, [textInUrl, writeText]);

  const typed = text.trim();
  const searched = textInUrl.trim();
  const variables = searchPageVariables(params);
  const { data, error, fetchMore } = useQuery(SearchPageDocument, {
    variables,
    // Empty input asks nothing.
    skip: searched === "",
  });
  const shown = useLastAnswer(data, { searched, sort, filters });
  // Until the results answer the text in the box (typing, or the request on its way), they are dimmed.
  const updating = !shown?.current || searched !== typed;
  // Whether the results on screen were filtered (while new ones load, they may be the last ones).
  const filtered = hasProductFilters(shown?.key.filters ?? filters);

  let body;
  // The filters stand beside results, beside their loading view (the grid does not move when they come)
  // and beside filters that leave nothing; a text that matches nothing at all has nothing to filter.
  let filterable = false;
  if (typed === "") {
    body = <EmptyState title="Search for products" description="Type a plant, a tool or a category name, for example “fern” or “pots”." />;
  } else if (error && !data && searched === typed) {
    body = <EmptyState title="We could not load the products." description="Please try again in a moment." />;
  } else if (!shown) {
    filterable = true;
    body = <ProductGridSkeleton />;
  } else if (shown.data.products.edges.length === 0 && filtered) {
    filterable = true;
    body = (
      <UpdatingResults updating={updating} label="Searching…">
        <NoFilterMatch onClear={() => chooseFilters(NO_PRODUCT_FILTERS)} />
      </UpdatingResults>
    );
  } else if (shown.data.products.edges.length === 0) {
    body = (
      <UpdatingResults updating={updating} label="Searching…">
        <Stack gap="xs">
          <EmptyState title="No result" description="No product or category matches the text you have entered." />
          {!updating && <DidYouMean text={searched} />}
        </Stack>
      </UpdatingResults>
    );
  } else {
    filterable = true;
    const page = shown.data.products;
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            Results for &quot;{typed}&quot;
          </Title>
          <SortSelect value={sort} onChange={(next) => writeUrl({ sort: next })} />
        </Group>
        <UpdatingResults updating={updating} label="Searching…">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {productCountText(page.totalCount)}
            </Text>
            <PagedProductGrid
              page={page}
              canLoadMore={!updating}
              listKey={JSON.stringify(variables)}
              onLoadMore={() => fetchMore({ query: SearchProductsDocument, variables: { ...variables, ...nextPageVariables(page) } })}
            />
          </Stack>
        </UpdatingResults>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHead title={documentTitle("Search", "/search")} description="Search Verdant's plants and garden goods." path={searchPath(searched)} />
      <PageTitle title="Search" />
      <form ref={form} method="get" action="/search" onSubmit={searchNow}>
        <TextInput
          label={SEARCH_LABEL}
          placeholder={SEARCH_LABEL}
          type="search"
          name="q"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            writeText(event.currentTarget.value);
          }}
          leftSection={<SearchIcon size={18} />}
          size="md"
          autoFocus
        />
        {/* The sort and filters chosen stay with a new search text, as they do while the app runs. */}
        <KeptParams params={params} leave={["q"]} />
      </form>
      <ProductFilterLayout
        filters={filterable && <ProductFilterPanel choice={filters} counts={shown?.data.productFilters} onChange={chooseFilters} />}
      >
        {body}
      </ProductFilterLayout>
    </Stack>
  );
}
