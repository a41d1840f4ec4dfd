// The filters of a list of products (search and category pages, issue 17): category (when the server
// offers categories: a search), price range, in stock and discounted, each choice with how many products
// it would show. The counts are the server's (productFilters), each counted under the other chosen filters,
// so a chosen price range still shows what the other ranges hold. A choice that would show nothing stays
// in its place, disabled, so the panel keeps its shape as the counts change.
import { Button, Checkbox, Radio, Skeleton, Stack, Title } from "@mantine/core";
import { useId, useRef, useState, type ReactNode } from "react";
import type { ProductFilterCountsFragment } from "../graphql/generated/graphql";
import {
  chosenFilterCount,
  countedLabel,
  NO_PRODUCT_FILTERS,
  parsePriceRange,
  priceRangeLabel,
  priceRangeParam,
  samePriceRange,
  type ProductFilterChoice,
} from "../lib/catalog/productFilters";
import { EmptyState } from "./EmptyState";
import { FilterIcon } from "./icons";
import classes from "./ProductFilterPanel.module.css";

/** What the panel shows, asked for beside the page's products with the same filters (one request). */
export const productFilterCountsFields = /* GraphQL */ `
  fragment ProductFilterCounts on ProductFilters {
    total
    categories {
      category {
        id
        name
      }
      count
    }
    priceRanges {
      minPrice
      maxPrice
      count
    }
    inStock
    discounted
  }
`;

export const CLEAR_FILTERS = "Clear filters";
export const NO_FILTER_MATCH = "No products match these filters.";

/** A choice of a single-choice group (a category, a price range) as its radio shows it. */
interface Option {
  value: string;
  label: string;
  count: number;
}

/**
 * The radios of a single-choice group: the server's options, and the chosen one even when the server no
 * longer offers it (a category with no match under the other filters, a range typed into the URL), counted
 * by the total, which is what it shows under the other filters.
 */
function withChosen(options: Option[], chosen: Option | null): Option[] {
  if (!chosen || options.some((option) => option.value === chosen.value)) return options;
  return [chosen, ...options];
}

function FilterChoices({ choice, counts, onChange }: { choice: ProductFilterChoice; counts: ProductFilterCountsFragment; onChange: (choice: ProductFilterChoice) => void }) {
  const change = (changes: Partial<ProductFilterChoice>) => onChange({ ...choice, ...changes });

  // The server spells the categories; the URL's may differ in case.
  const chosenCategory = choice.category
    ? (counts.categories.find(({ category }) => category.name.toLowerCase() === choice.category!.toLowerCase())?.category.name ?? choice.category)
    : "";
  const categories = withChosen(
    counts.categories.map(({ category, count }) => ({ value: category.name, label: category.name, count })),
    choice.category ? { value: chosenCategory, label: chosenCategory, count: counts.total } : null,
  );

  const offeredRange = counts.priceRanges.find((range) => samePriceRange(range, choice.price));
  const chosenPrice = choice.price ? priceRangeParam(offeredRange ?? choice.price) : "";
  const priceRanges = withChosen(
    counts.priceRanges.map((range) => ({ value: priceRangeParam(range), label: priceRangeLabel(range), count: range.count })),
    choice.price ? { value: chosenPrice, label: priceRangeLabel(choice.price), count: counts.total } : null,
  );

  const radios = (options: Option[], chosen: string) =>
    options.map((option) => (
      <Radio key={option.value} value={option.value} label={countedLabel(option.label, option.count)} disabled={option.count === 0 && option.value !== chosen} />
    ));

  return (
    <>
      {categories.length > 0 && (
        <Radio.Group label="Category" value={chosenCategory} onChange={(value) => change({ category: value || null })}>
          <Stack gap="xs" mt="xs">
            <Radio value="" label="All categories" />
            {radios(categories, chosenCategory)}
          </Stack>
        </Radio.Group>
      )}
      <Radio.Group label="Price" value={chosenPrice} onChange={(value) => change({ price: parsePriceRange(value) })}>
        <Stack gap="xs" mt="xs">
          <Radio value="" label="Any price" />
          {radios(priceRanges, chosenPrice)}
        </Stack>
      </Radio.Group>
      <Checkbox.Group label="Availability" value={choice.inStock ? ["inStock"] : []} onChange={(values) => change({ inStock: values.includes("inStock") })}>
        <Checkbox mt="xs" value="inStock" label={countedLabel("In stock", counts.inStock)} disabled={counts.inStock === 0 && !choice.inStock} />
      </Checkbox.Group>
      <Checkbox.Group label="Offers" value={choice.discounted ? ["discounted"] : []} onChange={(values) => change({ discounted: values.includes("discounted") })}>
        <Checkbox mt="xs" value="discounted" label={countedLabel("Discounted", counts.discounted)} disabled={counts.discounted === 0 && !choice.discounted} />
      </Checkbox.Group>
    </>
  );
}

export interface ProductFilterPanelProps {
  /** The filters the URL holds. */
  choice: ProductFilterChoice;
  /** Their counts; the last ones while new ones load, none before the first arrive. */
  counts: ProductFilterCountsFragment | undefined;
  onChange: (choice: ProductFilterChoice) => void;
}

export function ProductFilterPanel({ choice: inUrl, counts, onChange }: ProductFilterPanelProps) {
  // What the shopper just chose shows at once: the URL changes in a transition, which keeps the page as it
  // was (the box unticked) until the new page is ready. Once the URL holds another choice, it is shown.
  const [picked, setPicked] = useState<{ from: string; choice: ProductFilterChoice } | null>(null);
  const urlKey = JSON.stringify(inUrl);
  const choice = picked?.from === urlKey ? picked.choice : inUrl;
  const choose = (next: ProductFilterChoice) => {
    setPicked({ from: urlKey, choice: next });
    onChange(next);
  };
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const choicesId = useId();
  const panel = useRef<HTMLElement>(null);
  const chosen = chosenFilterCount(choice);

  const clear = () => {
    choose(NO_PRODUCT_FILTERS);
    // The button goes away with the filters: the panel keeps the focus.
    panel.current?.focus();
  };

  return (
    <section ref={panel} tabIndex={-1} aria-labelledby={headingId} className={classes.filters}>
      {/* Below 75em the button stands for the heading, and the choices fold behind it. */}
      <Button
        hiddenFrom="lg"
        variant="default"
        fullWidth
        leftSection={<FilterIcon size={18} />}
        aria-expanded={opened}
        aria-controls={choicesId}
        onClick={() => setOpened((open) => !open)}
      >
        {chosen > 0 ? `Filters (${chosen} chosen)` : "Filters"}
      </Button>
      <Title order={2} size="h4" id={headingId} visibleFrom="lg">
        Filters
      </Title>
      <Stack id={choicesId} className={classes.choices} data-open={opened || undefined} gap="lg" mt="md">
        {counts ? (
          <FilterChoices choice={choice} counts={counts} onChange={choose} />
        ) : (
          <Stack gap="sm" aria-hidden>
            {Array.from({ length: 10 }, (_, index) => (
              <Skeleton key={index} h={20} width={index % 4 === 0 ? "50%" : "80%"} />
            ))}
          </Stack>
        )}
        {chosen > 0 && (
          <Button variant="light" onClick={clear}>
            {CLEAR_FILTERS}
          </Button>
        )}
      </Stack>
    </section>
  );
}

/** A list of products with its filters: beside it on wide screens, above it on smaller ones. No filters, the list alone. */
export function ProductFilterLayout({ filters, children }: { filters: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.layout}>
      {filters}
      <div className={classes.list}>{children}</div>
    </div>
  );
}

/** The chosen filters leave no product to show (the page's own empty texts are for a page without filters). */
export function NoFilterMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      title={NO_FILTER_MATCH}
      description="Try other filters, or clear them to see every product again."
      action={
        <Button variant="light" onClick={onClear}>
          {CLEAR_FILTERS}
        </Button>
      }
    />
  );
}
