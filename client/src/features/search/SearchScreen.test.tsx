import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DidYouMeanDocument, SearchPageDocument } from "../../graphql/generated/graphql";
import { connection, cursorOf, fern, filterCounts, product, searchPageMock, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { optionValues } from "../../test/selectOptions";
import { SearchScreen } from "./SearchScreen";

const onSearch = (query = "") => ({ route: `/search${query}`, path: "/search" });
const resultNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));
const mossy = product(1, { name: "Fern Moss", price: 4, rating: 10, peopleRated: 2 });

/** Answers any search and records the variables it was asked with. */
function anySearch(products = [fern]) {
  const asked = vi.fn((variables: Record<string, unknown>) => {
    void variables;
    return { data: { products: connection("Product", products), productFilters: filterCounts({ total: products.length }) } };
  });
  return {
    asked,
    mock: {
      request: { query: SearchPageDocument, variables: () => true },
      result: asked,
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
  };
}

describe("Search page", () => {
  it("has a text box 'Search products or categories'", async () => {
    renderWithShop(<SearchScreen />, onSearch());
    expect(await screen.findByRole("searchbox", { name: "Search products or categories" })).toBeInTheDocument();
  });

  it("empty input: 'Search for products' with a hint, and no request", async () => {
    const { asked, mock } = anySearch();
    renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [mock] });
    expect(await screen.findByText("Search for products")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("searchbox"), "   ");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByText("Search for products")).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });

  it("no match: 'No result' with 'No product or category matches the text you have entered.'", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=orchid"), mocks: [searchPageMock("orchid", [])] });
    expect(await screen.findByText("No result")).toBeInTheDocument();
    expect(screen.getByText("No product or category matches the text you have entered.")).toBeInTheDocument();
  });

  it("no match: 'Did you mean' the corrected text, as a link to its search, beside 'No result'", async () => {
    const didYouMean = { request: { query: DidYouMeanDocument, variables: { text: "monstra lavendar" } }, result: { data: { didYouMean: "monstera lavender" } } };
    renderWithShop(<SearchScreen />, { ...onSearch("?q=monstra+lavendar"), mocks: [searchPageMock("monstra lavendar", []), didYouMean] });
    expect(await screen.findByText("No result")).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "monstera lavender" });
    expect(link).toHaveAttribute("href", "/search?q=monstera+lavender");
    expect(link.closest("p")).toHaveTextContent("Did you mean monstera lavender?");
  });

  it("results: 'Results for' followed by the typed text in quotes; the server gets the text trimmed", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [searchPageMock("GARDEN", [shovel])] });
    await userEvent.type(await screen.findByRole("searchbox"), "  GARDEN ");
    expect(await screen.findByRole("heading", { name: 'Results for "GARDEN"' })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Steel Shovel" })).toBeInTheDocument();
    expect(screen.getByText("1 product")).toBeInTheDocument();
  });

  it("shows the loading view while the first results load", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern"), mocks: [searchPageMock("fern", [fern], {}, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: 'Results for "fern"' })).toBeInTheDocument();
  });

  it("says when the products could not be loaded", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern"), mocks: [searchPageMock("fern", [], {}, { error: new Error("down") })] });
    expect(await screen.findByText("We could not load the products.")).toBeInTheDocument();
  });
});

describe("Search runs on the server as the user types, once the typing pauses", () => {
  it("asks once for the whole word, not for every keystroke, and then writes it to the address", async () => {
    const { asked, mock } = anySearch([fern, mossy]);
    const { router } = renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [mock] });
    await userEvent.type(await screen.findByRole("searchbox"), "fern");
    // Typed, not yet searched: the address and the server wait for the pause.
    expect(router.state.location.search).toBe("");
    expect(asked).not.toHaveBeenCalled();
    await screen.findByRole("article", { name: "Fern Moss" });
    expect(router.state.location.search).toBe("?q=fern");
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith({ search: "fern", sort: "DEFAULT", first: 24 });
  });

  it("Enter searches at once, without waiting for the pause", async () => {
    const { asked, mock } = anySearch([fern]);
    const { router } = renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [mock] });
    await userEvent.type(await screen.findByRole("searchbox"), "fern{Enter}");
    expect(router.state.location.search).toBe("?q=fern");
    await screen.findByRole("article", { name: "Boston Fern" });
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it("keeps the previous results, dimmed and hidden from screen readers, while a new search runs", async () => {
    renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern"),
      mocks: [searchPageMock("fern", [fern, mossy]), searchPageMock("fern moss", [mossy], {}, { delay: 200 })],
    });
    const box = await screen.findByRole("searchbox");
    await screen.findByRole("article", { name: "Fern Moss" });
    await userEvent.type(box, " moss");
    expect(await screen.findByText("Searching…")).toBeInTheDocument();
    expect(screen.getAllByRole("article", { hidden: true })).toHaveLength(2);
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    await waitFor(() => expect(resultNames()).toEqual(["Fern Moss"]));
    expect(screen.queryByText("Searching…")).not.toBeInTheDocument();
  });
});

describe("The address keeps the search (?q=) and the sort (?sort=), so a search can be shared and reloaded", () => {
  it("opens with the text and sort of the address and asks for them", async () => {
    renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern&sort=price-lowest"),
      mocks: [searchPageMock("fern", [mossy, fern], { sort: "PRICE_LOWEST" })],
    });
    expect(await screen.findByRole("article", { name: "Fern Moss" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox")).toHaveValue("fern");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-lowest");
    expect(resultNames()).toEqual(["Fern Moss", "Boston Fern"]);
  });

  it("sort options default, price-highest, price-lowest, highest-rated: each asks the server for that order", async () => {
    const { router } = renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern"),
      mocks: [
        searchPageMock("fern", [fern, mossy]),
        searchPageMock("fern", [mossy, fern], { sort: "PRICE_LOWEST" }),
        searchPageMock("fern", [fern, mossy], { sort: "PRICE_HIGHEST" }),
        searchPageMock("fern", [mossy, fern], { sort: "HIGHEST_RATED" }),
      ],
    });
    const sort = await screen.findByRole("combobox", { name: "Sort by" });
    expect(optionValues(sort)).toEqual(["default", "price-highest", "price-lowest", "highest-rated"]);
    await screen.findByRole("article", { name: "Fern Moss" });
    expect(resultNames()).toEqual(["Boston Fern", "Fern Moss"]);
    await userEvent.selectOptions(sort, "price-lowest");
    expect(router.state.location.search).toBe("?q=fern&sort=price-lowest");
    await waitFor(() => expect(resultNames()).toEqual(["Fern Moss", "Boston Fern"]));
    await userEvent.selectOptions(sort, "price-highest");
    await waitFor(() => expect(resultNames()).toEqual(["Boston Fern", "Fern Moss"]));
    await userEvent.selectOptions(sort, "highest-rated");
    await waitFor(() => expect(resultNames()).toEqual(["Fern Moss", "Boston Fern"]));
    expect(router.state.location.search).toBe("?q=fern&sort=highest-rated");
  });

  it("the box follows the address when it changes from outside (back, or the navigation's search link)", async () => {
    const { router } = renderWithShop(<SearchScreen />, { ...onSearch("?q=fern"), mocks: [searchPageMock("fern", [fern])] });
    await screen.findByRole("article", { name: "Boston Fern" });
    await act(() => router.navigate("/search"));
    expect(screen.getByRole("searchbox")).toHaveValue("");
    expect(screen.getByText("Search for products")).toBeInTheDocument();
  });
});

describe("Search results page by page", () => {
  it("'Load more' fetches the page after the last cursor and appends it", async () => {
    const firstPage = [fern, mossy];
    renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern"),
      mocks: [
        searchPageMock("fern", firstPage, { hasNextPage: true, totalCount: 3 }),
        searchPageMock("fern", [product(2, { name: "Fern Pot" })], { after: cursorOf(mossy), totalCount: 3 }),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more products" }));
    await screen.findByRole("article", { name: "Fern Pot" });
    expect(resultNames()).toEqual(["Boston Fern", "Fern Moss", "Fern Pot"]);
    expect(screen.getByText("Showing 3 of 3 products")).toBeInTheDocument();
  });
});

describe("Filters with counts (category, price range, in stock, discounted), kept in the URL", () => {
  const ferns = { id: 3, name: "Ferns" };
  const pots = { id: 4, name: "Pots" };
  const counts = filterCounts({ total: 2, categories: [[ferns, 12], [pots, 3]], priceRanges: [8446, 16524, 0, 2, 1], inStock: 123, discounted: 45 });
  const panel = () => screen.getByRole("region", { name: "Filters" });

  it("asks for the filters the URL holds with the first page, in the same request as their counts", async () => {
    const { asked, mock } = anySearch([fern, mossy]);
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern&category=Ferns&price=10-25&inStock=1&discounted=1"), mocks: [mock] });
    await screen.findByRole("article", { name: "Fern Moss" });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith({
      search: "fern",
      sort: "DEFAULT",
      first: 24,
      category: "Ferns",
      minPrice: 10,
      maxPrice: 25,
      inStock: true,
      discounted: true,
    });
    // The canonical address is the search's: filters only narrow it.
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/search\?q=fern$/);
  });

  it("ignores filters the URL spells wrongly", async () => {
    const { asked, mock } = anySearch([fern]);
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern&price=cheap&inStock=yes&discounted=true&category="), mocks: [mock] });
    await screen.findByRole("article", { name: "Boston Fern" });
    expect(asked).toHaveBeenCalledWith({ search: "fern", sort: "DEFAULT", first: 24 });
    expect(within(panel()).queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
  });

  it("labels each choice with its count, grouped under Category, Price, Availability and Offers", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern&price=10-25"), mocks: [searchPageMock("fern", [fern, mossy], { filters: { minPrice: 10, maxPrice: 25 }, counts })] });
    await screen.findByRole("article", { name: "Fern Moss" });
    const category = within(panel()).getByRole("radiogroup", { name: "Category" });
    expect(within(category).getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["", "Ferns", "Pots"]);
    expect(within(category).getByRole("radio", { name: "Ferns (12)" })).not.toBeChecked();
    expect(within(category).getByRole("radio", { name: "All categories" })).toBeChecked();
    const price = within(panel()).getByRole("radiogroup", { name: "Price" });
    expect(within(price).getByRole("radio", { name: "Under $10 (8,446)" })).not.toBeChecked();
    expect(within(price).getByRole("radio", { name: "$10 to $25 (16,524)" })).toBeChecked();
    expect(within(price).getByRole("radio", { name: "$50 to $100 (2)" })).toBeEnabled();
    expect(within(price).getByRole("radio", { name: "$100 and over (1)" })).toBeInTheDocument();
    // A range that would show nothing stays in its place, disabled.
    expect(within(price).getByRole("radio", { name: "$25 to $50 (0)" })).toBeDisabled();
    expect(within(within(panel()).getByRole("group", { name: "Availability" })).getByRole("checkbox", { name: "In stock (123)" })).not.toBeChecked();
    expect(within(within(panel()).getByRole("group", { name: "Offers" })).getByRole("checkbox", { name: "Discounted (45)" })).not.toBeChecked();
    // The count of results is the filtered total.
    expect(screen.getByText("2 products")).toBeInTheDocument();
  });

  it("choosing a filter writes it to the URL and starts the list again from its first page", async () => {
    const cheap = product(2, { name: "Fern Pot", price: 12 });
    const { router } = renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern&sort=price-lowest"),
      mocks: [
        searchPageMock("fern", [mossy, fern], { sort: "PRICE_LOWEST", hasNextPage: true, totalCount: 3, counts }),
        searchPageMock("fern", [cheap], { sort: "PRICE_LOWEST", after: cursorOf(fern), totalCount: 3 }),
        searchPageMock("fern", [fern], { sort: "PRICE_LOWEST", filters: { minPrice: 10, maxPrice: 25 }, hasNextPage: true, totalCount: 2, counts }),
        searchPageMock("fern", [cheap], { sort: "PRICE_LOWEST", filters: { minPrice: 10, maxPrice: 25 }, after: cursorOf(fern), totalCount: 2 }),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more products" }));
    await waitFor(() => expect(resultNames()).toEqual(["Fern Moss", "Boston Fern", "Fern Pot"]));

    await userEvent.click(within(panel()).getByRole("radio", { name: "$10 to $25 (16,524)" }));
    expect(router.state.location.search).toBe("?q=fern&sort=price-lowest&price=10-25");
    // The filtered list's first page, not the pages loaded before.
    await waitFor(() => expect(resultNames()).toEqual(["Boston Fern"]));
    expect(screen.getByText("2 products")).toBeInTheDocument();
    // 'Load more' goes on with the filtered list (its cursor, its filters).
    await userEvent.click(screen.getByRole("button", { name: "Load more products" }));
    await waitFor(() => expect(resultNames()).toEqual(["Boston Fern", "Fern Pot"]));
    expect(screen.getByText("Showing 2 of 2 products")).toBeInTheDocument();
  });

  it("keeps the filters when the sort changes", async () => {
    const { router } = renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern&inStock=1"),
      mocks: [
        searchPageMock("fern", [fern, mossy], { filters: { inStock: true }, counts }),
        searchPageMock("fern", [mossy, fern], { sort: "PRICE_LOWEST", filters: { inStock: true }, counts }),
      ],
    });
    await screen.findByRole("article", { name: "Fern Moss" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "price-lowest");
    expect(router.state.location.search).toBe("?q=fern&inStock=1&sort=price-lowest");
    await waitFor(() => expect(resultNames()).toEqual(["Fern Moss", "Boston Fern"]));
    expect(within(panel()).getByRole("checkbox", { name: "In stock (123)" })).toBeChecked();
  });

  it("'Clear filters' removes every filter from the URL and shows the unfiltered results", async () => {
    const { router } = renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern&category=ferns&price=10-25&inStock=1"),
      mocks: [
        searchPageMock("fern", [fern], { filters: { category: "ferns", minPrice: 10, maxPrice: 25, inStock: true }, counts }),
        searchPageMock("fern", [fern, mossy], { counts }),
      ],
    });
    await screen.findByRole("article", { name: "Boston Fern" });
    // The URL's category is matched whatever its case.
    expect(within(panel()).getByRole("radio", { name: "Ferns (12)" })).toBeChecked();
    await userEvent.click(within(panel()).getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("?q=fern");
    await waitFor(() => expect(resultNames()).toEqual(["Boston Fern", "Fern Moss"]));
    expect(within(panel()).getByRole("radio", { name: "Any price" })).toBeChecked();
    expect(within(panel()).getByRole("checkbox", { name: "In stock (123)" })).not.toBeChecked();
    expect(within(panel()).queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
  });

  it("filters that leave nothing: 'No products match these filters.' with 'Clear filters', not 'No result'", async () => {
    const { router } = renderWithShop(<SearchScreen />, {
      ...onSearch("?q=fern&discounted=1&price=100-"),
      mocks: [
        searchPageMock("fern", [], { filters: { discounted: true, minPrice: 100 }, counts: filterCounts({ priceRanges: [1, 1, 0, 0, 0], discounted: 0 }) }),
        searchPageMock("fern", [fern, mossy], { counts }),
      ],
    });
    expect(await screen.findByText("No products match these filters.")).toBeInTheDocument();
    expect(screen.queryByText("No result")).not.toBeInTheDocument();
    // The panel stays, to change the filters; a chosen choice stays enabled even at 0.
    expect(within(panel()).getByRole("radio", { name: "$100 and over (0)" })).toBeChecked();
    expect(within(panel()).getByRole("radio", { name: "$100 and over (0)" })).toBeEnabled();
    expect(within(panel()).getByRole("checkbox", { name: "Discounted (0)" })).toBeEnabled();
    const main = screen.getByText("No products match these filters.").closest("div")!.parentElement!;
    await userEvent.click(within(main).getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("?q=fern");
    await waitFor(() => expect(resultNames()).toEqual(["Boston Fern", "Fern Moss"]));
  });

  it("option values (?option=Pot size:24 cm, once per value) are sent with the text to products and productFilters; ticking one adds it to the address", async () => {
    const monstera = product(31, { name: "Monstera Deliciosa" });
    const optionCounts = filterCounts({ total: 1, options: { "Pot size": [["12 cm", 1], ["17 cm", 1], ["24 cm", 1]], Colour: [["Sand", 1]] } });
    const asked = vi.fn((variables: Record<string, unknown>) => {
      void variables;
      return { data: { products: connection("Product", [monstera]), productFilters: optionCounts } };
    });
    const mock = { request: { query: SearchPageDocument, variables: () => true }, result: asked, maxUsageCount: Number.POSITIVE_INFINITY };
    const { router } = renderWithShop(<SearchScreen />, { ...onSearch("?q=monstera&option=Pot%20size:24%20cm&inStock=1"), mocks: [mock] });
    await screen.findByRole("article", { name: "Monstera Deliciosa" });
    expect(asked).toHaveBeenCalledWith({ search: "monstera", sort: "DEFAULT", first: 24, inStock: true, options: [{ name: "Pot size", value: "24 cm" }] });
    const potSize = within(panel()).getByRole("group", { name: "Pot size" });
    expect(within(potSize).getByRole("checkbox", { name: "24 cm (1 product)" })).toBeChecked();
    expect(within(panel()).getByRole("button", { name: "Filters (2 chosen)" })).toBeInTheDocument();
    await userEvent.click(within(potSize).getByRole("checkbox", { name: "12 cm (1 product)" }));
    expect(router.state.location.search).toBe("?q=monstera&inStock=1&option=Pot+size%3A12+cm&option=Pot+size%3A24+cm");
    await waitFor(() =>
      expect(asked).toHaveBeenLastCalledWith({
        search: "monstera",
        sort: "DEFAULT",
        first: 24,
        inStock: true,
        options: [
          { name: "Pot size", value: "12 cm" },
          { name: "Pot size", value: "24 cm" },
        ],
      }),
    );
  });

  it("a text with no match at all keeps the spec's 'No result', without filters to choose", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=orchid"), mocks: [searchPageMock("orchid", [])] });
    expect(await screen.findByText("No result")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Filters" })).not.toBeInTheDocument();
  });

  it("on a phone the filters fold behind a 'Filters' button that says whether they are open", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern&inStock=1"), mocks: [searchPageMock("fern", [fern], { filters: { inStock: true }, counts })] });
    const toggle = await within(await screen.findByRole("region", { name: "Filters" })).findByRole("button", { name: "Filters (1 chosen)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const choices = document.getElementById(toggle.getAttribute("aria-controls")!);
    expect(choices).not.toHaveAttribute("data-open");
    expect(within(choices!).getByRole("radiogroup", { name: "Price" })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(choices).toHaveAttribute("data-open");
  });
});
