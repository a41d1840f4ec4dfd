import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DidYouMeanDocument, SearchProductsDocument } from "../../graphql/generated/graphql";
import { connection, cursorOf, fern, product, searchPageMock, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { SearchScreen } from "./SearchScreen";

const onSearch = (query = "") => ({ route: `/search${query}`, path: "/search" });
const resultNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));
const mossy = product(1, { name: "Fern Moss", price: 4, rating: 10, peopleRated: 2 });

/** Answers any search and records the variables it was asked with. */
function anySearch(products = [fern]) {
  const asked = vi.fn((variables: Record<string, unknown>) => {
    void variables;
    return { data: { products: connection("Product", products) } };
  });
  return {
    asked,
    mock: {
      request: { query: SearchProductsDocument, variables: () => true },
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
    expect(within(sort).getAllByRole("option").map((option) => option.getAttribute("value"))).toEqual([
      "default",
      "price-highest",
      "price-lowest",
      "highest-rated",
    ]);
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
