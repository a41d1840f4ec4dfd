// The filters of a list of products (search and category pages): category (when the server
// offers categories: a search), price range, in stock, discounted and the options products are sold in
// (a group of checkboxes per option: Pot size, Colour), each choice with how many products
// it would show. The counts are the server's (productFilters), each counted under the other chosen filters,
// so a chosen price range still shows what the other ranges hold. A choice that would show nothing stays
// in its place, disabled, so the panel keeps its shape as the counts change.
// The choices are a GET form of the page's own address, each named as the URL spells it (?price=10-25&inStock=1):
// without scripts, 'Apply filters' asks the server for the page so filtered (it draws every filter); with
// them, a choice applies at once (one tapped before the scripts ran is tapped again once they do).
import { Button, Skeleton, Stack, Title } from "@mantine/core";
import { useId, useRef, useState, type ReactNode } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import type { ProductFilterCountsFragment } from "../graphql/generated/graphql";
import {
  chosenFilterCount,
  countedLabel,
  NO_PRODUCT_FILTERS,
  OPTION_CHOICE_LIMITS,
  OPTION_PARAM,
  optionChoiceParam,
  optionFilterGroups,
  PRODUCT_FILTER_PARAMS,
  withOptionChoice,
  type OptionChoice,
  type OptionFilterGroup,
  parsePriceRange,
  priceRangeLabel,
  priceRangeParam,
  samePriceRange,
  type ProductFilterChoice,
} from "../lib/catalog/productFilters";
import { EmptyState } from "./EmptyState";
import { ChoiceCheckbox, ChoiceFieldset, ChoiceGroup, ChoiceRadio, ScreenReaderText } from "./FilterInputs";
import { KeptParams } from "./SortSelect";
import { groupThousands } from "../lib/money";
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
    options {
      name
      values {
        value
        count
      }
    }
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

/** A single-choice group: the "any" choice first, then the options; one that would show nothing is disabled. */
function RadioChoices({ name, label, anyLabel, options, chosen, onPick }: { name: string; label: string; anyLabel: string; options: Option[]; chosen: string; onPick: (value: string) => void }) {
  return (
    <ChoiceGroup kind="radio" label={label}>
      <ChoiceRadio name={name} value="" label={anyLabel} checked={chosen === ""} onChange={() => onPick("")} />
      {options.map((option) => (
        <ChoiceRadio
          key={option.value}
          name={name}
          value={option.value}
          label={countedLabel(option.label, option.count)}
          checked={option.value === chosen}
          disabled={option.count === 0 && option.value !== chosen}
          onChange={() => onPick(option.value)}
        />
      ))}
    </ChoiceGroup>
  );
}

/** A yes-or-no filter in a group of its own; one that would show nothing is disabled unless chosen. */
function FlagChoice({ group, name, label, count, checked, onChange }: { group: string; name: string; label: string; count: number; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <ChoiceGroup kind="checkbox" label={group}>
      <ChoiceCheckbox name={name} value="1" label={countedLabel(label, count)} checked={checked} disabled={count === 0 && !checked} onChange={onChange} />
    </ChoiceGroup>
  );
}

/** "1 product", "2 products": what a value's count is, for screen readers. */
const countedProducts = (count: number) => `${groupThousands(count)} ${count === 1 ? "product" : "products"}`;

/**
 * An option's values (Pot size: 12 cm, 17 cm): a fieldset whose legend is the option's name, a checkbox a
 * value, any number ticked. Its label reads "12 cm (2)", and "12 cm (2 products)" to a screen reader. A value
 * that would show nothing is disabled unless chosen; so is every other one once the API's limit of chosen
 * values is reached.
 */
function OptionChoices({ group, chosen, onChange }: { group: OptionFilterGroup; chosen: readonly OptionChoice[]; onChange: (options: OptionChoice[]) => void }) {
  const full = chosen.length >= OPTION_CHOICE_LIMITS.choices;
  return (
    <ChoiceFieldset legend={group.name}>
      {group.values.map(({ value, count, chosen: checked }) => (
        <ChoiceCheckbox
          key={value}
          name={OPTION_PARAM}
          value={optionChoiceParam({ name: group.name, value })}
          label={
            <>
              {value} <span aria-hidden="true">({groupThousands(count)})</span>
              <ScreenReaderText>({countedProducts(count)})</ScreenReaderText>
            </>
          }
          checked={checked}
          disabled={(count === 0 || full) && !checked}
          onChange={(ticked) => onChange(withOptionChoice(chosen, { name: group.name, value }, ticked))}
        />
      ))}
    </ChoiceFieldset>
  );
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

  return (
    <>
      {categories.length > 0 && (
        <RadioChoices name="category" label="Category" anyLabel="All categories" options={categories} chosen={chosenCategory} onPick={(value) => change({ category: value || null })} />
      )}
      <RadioChoices name="price" label="Price" anyLabel="Any price" options={priceRanges} chosen={chosenPrice} onPick={(value) => change({ price: parsePriceRange(value) })} />
      <FlagChoice group="Availability" name="inStock" label="In stock" count={counts.inStock} checked={choice.inStock} onChange={(inStock) => change({ inStock })} />
      <FlagChoice group="Offers" name="discounted" label="Discounted" count={counts.discounted} checked={choice.discounted} onChange={(discounted) => change({ discounted })} />
      {/* None when the products are sold in one variant each (the server offers no option). */}
      {optionFilterGroups(counts.options, choice.options).map((group) => (
        <OptionChoices key={group.name} group={group} chosen={choice.options} onChange={(options) => change({ options })} />
      ))}
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
  const { pathname } = useLocation();
  const [params] = useSearchParams();

  const clear = () => {
    choose(NO_PRODUCT_FILTERS);
    // The button goes away with the filters: the panel keeps the focus.
    panel.current?.focus();
  };

  return (
    <section ref={panel} tabIndex={-1} aria-labelledby={headingId} className={classes.filters}>
      {/* Below 75em the button stands for the heading, and the choices fold behind it. */}
      {/* Without scripts the choices are open on every screen (the button could not open them), with their 'Apply filters'. */}
      <noscript>
        <style>{`.${classes.filters} .${classes.choices}:not([data-open]) { display: flex; } .${classes.filters} [data-filters-toggle] { display: none; }`}</style>
      </noscript>
      <Button
        data-filters-toggle
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
      <Stack
        renderRoot={(props) => <form method="get" action={pathname} onSubmit={(event) => event.preventDefault()} {...props} />}
        id={choicesId} className={classes.choices} data-open={opened || undefined} gap="lg" mt="md">
        <KeptParams params={params} leave={PRODUCT_FILTER_PARAMS} />
        {counts ? (
          <FilterChoices choice={choice} counts={counts} onChange={choose} />
        ) : (
          <Stack gap="sm" aria-hidden>
            {Array.from({ length: 10 }, (_, index) => (
              <Skeleton key={index} h={20} width={index % 4 === 0 ? "50%" : "80%"} />
            ))}
          </Stack>
        )}
        {counts && (
          <noscript>
            <Button type="submit" variant="default">
              Apply filters
            </Button>
          </noscript>
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
