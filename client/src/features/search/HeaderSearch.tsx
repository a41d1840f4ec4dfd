// The header's search: an accessible combobox (WAI-ARIA combobox pattern, through Mantine's
// Combobox: arrow keys move through the suggestions, Enter opens the chosen one, Escape closes the list).
// After each pause in typing it asks the server for up to 6 products (picture, name, price) and the
// matching categories, the typed part emphasised. Enter without a choice opens the search page for the
// text. Answers are keyed by the text they answer: one for an older text is never shown for a newer one.
// It replaces the plain search form of the server's page (HeaderSearchForm) and takes over what was typed
// there, and the focus; it is a search form too (GET /search?q=), Enter being the app's.
import { useQuery } from "@apollo/client/react";
import { Combobox, Group, Highlight, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Price } from "../../components/Price";
import { ProductPicture } from "../../components/ProductPicture";
import { SearchIcon } from "../../components/icons";
import { HEADER_SEARCH_ID, HEADER_SEARCH_LABEL, HEADER_SEARCH_PLACEHOLDER, HEADER_SEARCH_WIDTH, headerSearchPath } from "./HeaderSearchForm";
import { SearchSuggestionsDocument } from "../../graphql/generated/graphql";

/** Shorter than this, suggestions would match nearly everything: the shopper is still starting a word. */
export const MIN_SUGGESTION_LENGTH = 2;
/** The pause in typing after which suggestions are asked for. */
export const SUGGESTION_DEBOUNCE_MS = 200;
export { HEADER_SEARCH_LABEL };

export const headerSearchOperations = /* GraphQL */ `
  query SearchSuggestions($text: String!) {
    searchSuggestions(text: $text) {
      products {
        id
        slug
        name
        price
        discountPrice
        priceRange {
          min
          max
        }
        image {
          ...ProductPictureFields
        }
      }
      categories {
        id
        name
      }
    }
  }
`;

/** The plain form's box while it is still in the page (this box is drawn before it leaves). */
const plainBox = () => (typeof document === "undefined" ? null : (document.getElementById(HEADER_SEARCH_ID) as HTMLInputElement | null));

export function HeaderSearch() {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(() => plainBox()?.value ?? "");
  const [hadFocus] = useState(() => plainBox() !== null && plainBox() === document.activeElement);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (hadFocus) box.current?.focus();
  }, [hadFocus]);
  const [asked] = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const { data, variables } = useQuery(SearchSuggestionsDocument, {
    variables: { text: asked },
    skip: asked.length < MIN_SUGGESTION_LENGTH,
  });
  // Only an answer to the text asked for now is shown (never an older one arriving late).
  const answer = variables?.text === asked ? (data ?? null) : null;
  const suggestions = asked.length >= MIN_SUGGESTION_LENGTH ? answer?.searchSuggestions : undefined;
  const products = suggestions?.products ?? [];
  const categories = suggestions?.categories ?? [];

  const go = (path: string) => {
    combobox.closeDropdown();
    setText("");
    navigate(path);
  };

  return (
    <form method="get" action="/search" onSubmit={(event) => event.preventDefault()}>
      <Combobox
        store={combobox}
        // Suggestions appear as soon as they are there: no fade while the shopper types.
        transitionProps={{ duration: 0 }}
        // The list follows the box; it is never hidden for the box being out of view (or unmeasured, as in tests).
        hideDetached={false}
        onOptionSubmit={(value) => {
          const [kind, ...rest] = value.split(":");
          const target = rest.join(":");
          go(kind === "product" ? `/products/${target}` : `/categories/${encodeURIComponent(target)}`);
        }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={box}
            id={HEADER_SEARCH_ID}
            name="q"
            aria-label={HEADER_SEARCH_LABEL}
            placeholder={HEADER_SEARCH_PLACEHOLDER}
            type="search"
            value={text}
            leftSection={<SearchIcon size={16} />}
            w={HEADER_SEARCH_WIDTH}
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // Enter with no suggestion chosen: the search page for the text as typed.
              if (event.key === "Enter" && combobox.getSelectedOptionIndex() === -1 && text.trim()) {
                event.preventDefault();
                go(headerSearchPath(text.trim()));
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={products.length === 0 && categories.length === 0}>
          <Combobox.Options aria-label="Suggestions">
            {products.length > 0 && (
              <Combobox.Group label="Products">
                {products.map((product) => (
                  <Combobox.Option value={`product:${product.slug}`} key={product.id}>
                    <Group gap="sm" wrap="nowrap">
                      <ProductPicture image={product.image} sizes="40px" alt="" w={40} h={40} radius={4} />
                      <div style={{ minWidth: 0 }}>
                        <Highlight highlight={asked.split(/\s+/)} size="sm" component="span">
                          {product.name}
                        </Highlight>
                        <Price product={product} range={product.priceRange} size="sm" />
                      </div>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
            {categories.length > 0 && (
              <Combobox.Group label="Categories">
                {categories.map((category) => (
                  <Combobox.Option value={`category:${category.name}`} key={category.id}>
                    <Highlight highlight={asked.split(/\s+/)} size="sm" component="span">
                      {category.name}
                    </Highlight>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
          </Combobox.Options>
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              Enter: all results for “{text.trim()}”
            </Text>
          </Combobox.Footer>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
