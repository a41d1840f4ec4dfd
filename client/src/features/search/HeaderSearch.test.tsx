// The header's search combobox: suggestions after a pause in typing, the ARIA combobox
// pattern (arrows, Enter, Escape), Enter without a choice opens the search page, stale answers dropped.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SearchSuggestionsDocument } from "../../graphql/generated/graphql";
import { fern, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { HEADER_SEARCH_LABEL, HeaderSearch } from "./HeaderSearch";

const asProduct = (product: typeof fern) => ({
  __typename: "Product" as const,
  id: product.id,
  slug: product.slug,
  name: product.name,
  price: product.price,
  discountPrice: product.discountPrice,
  priceRange: product.priceRange,
  image: product.image,
});

function suggestionsMock(text: string, products: (typeof fern)[], categories: string[] = [], delay = 0) {
  return {
    request: { query: SearchSuggestionsDocument, variables: { text } },
    result: {
      data: {
        searchSuggestions: {
          __typename: "SearchSuggestions" as const,
          products: products.map(asProduct),
          categories: categories.map((name, index) => ({ __typename: "Category" as const, id: 900 + index, name })),
        },
      },
    },
    delay,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const pages = [
  { path: "/search", element: <p>search page</p> },
  { path: "/products/:slug", element: <p>product page</p> },
  { path: "/categories/:categoryName", element: <p>category page</p> },
];

describe("Header search", () => {
  it("suggests products (name, price) and categories as the shopper types, in an ARIA combobox", async () => {
    renderWithShop(<HeaderSearch />, { mocks: [suggestionsMock("fern", [fern], ["Ferns & Mosses"])], routes: pages });
    const box = screen.getByRole("combobox", { name: HEADER_SEARCH_LABEL });
    await userEvent.type(box, "fern");
    const option = await screen.findByRole("option", { name: /Boston\s*Fern/ });
    expect(option).toHaveTextContent("$20.00");
    expect(screen.getByRole("option", { name: "Ferns & Mosses" })).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-expanded", "true");
    // The typed part is emphasised.
    expect(option.querySelector("mark")).toHaveTextContent(/fern/i);
  });

  it("a product whose variants sell at different prices is suggested 'from $X'", async () => {
    const monstera = { ...fern, id: 7, slug: "monstera-deliciosa", name: "Monstera Deliciosa", priceRange: { ...fern.priceRange, min: 24.99, max: 59.99 } };
    renderWithShop(<HeaderSearch />, { mocks: [suggestionsMock("monstera", [monstera])], routes: pages });
    await userEvent.type(screen.getByRole("combobox", { name: HEADER_SEARCH_LABEL }), "monstera");
    expect(await screen.findByRole("option", { name: /Monstera\s*Deliciosa/ })).toHaveTextContent("from $24.99");
  });

  it("arrow keys choose a suggestion and Enter opens it", async () => {
    const { router } = renderWithShop(<HeaderSearch />, { mocks: [suggestionsMock("fern", [fern, shovel])], routes: pages });
    const box = screen.getByRole("combobox", { name: HEADER_SEARCH_LABEL });
    await userEvent.type(box, "fern");
    await screen.findByRole("option", { name: /Steel Shovel/ });
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/steel-shovel"));
  });

  it("Enter without a choice opens the search page for the text", async () => {
    const { router } = renderWithShop(<HeaderSearch />, { mocks: [suggestionsMock("lily peace", [])], routes: pages });
    await userEvent.type(screen.getByRole("combobox", { name: HEADER_SEARCH_LABEL }), "lily peace{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/search"));
    expect(router.state.location.search).toBe("?q=lily+peace");
  });

  it("Escape closes the suggestions", async () => {
    renderWithShop(<HeaderSearch />, { mocks: [suggestionsMock("fern", [fern])], routes: pages });
    const box = screen.getByRole("combobox", { name: HEADER_SEARCH_LABEL });
    await userEvent.type(box, "fern");
    await screen.findByRole("option", { name: /Boston\s*Fern/ });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("option", { name: /Boston\s*Fern/ })).not.toBeInTheDocument());
  });

  it("an answer to an older text never replaces the newer one's", async () => {
    renderWithShop(<HeaderSearch />, {
      mocks: [suggestionsMock("fe", [shovel], [], 400), suggestionsMock("fern", [fern])],
      routes: pages,
    });
    const box = screen.getByRole("combobox", { name: HEADER_SEARCH_LABEL });
    await userEvent.type(box, "fe");
    await new Promise((resolve) => setTimeout(resolve, 250));
    await userEvent.type(box, "rn");
    await screen.findByRole("option", { name: /Boston\s*Fern/ });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole("option", { name: /Steel Shovel/ })).not.toBeInTheDocument();
    expect(screen.getByRole("option", { name: /Boston\s*Fern/ })).toBeInTheDocument();
  });
});
