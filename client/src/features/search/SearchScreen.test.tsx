import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { catalogMock, fern, product, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { SearchScreen } from "./SearchScreen";

const onSearch = (query = "") => ({ route: `/search${query}`, path: "/search" });
const resultNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("Search page", () => {
  it("has a text box 'Search products or categories'", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [catalogMock()] });
    expect(await screen.findByRole("searchbox", { name: "Search products or categories" })).toBeInTheDocument();
  });

  it("empty input: 'Search for products' with a hint", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [catalogMock()] });
    expect(await screen.findByText("Search for products")).toBeInTheDocument();
  });

  it("no match: 'No result' with 'No product or category matches the text you have entered.'", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=orchid"), mocks: [catalogMock()] });
    expect(await screen.findByText("No result")).toBeInTheDocument();
    expect(screen.getByText("No product or category matches the text you have entered.")).toBeInTheDocument();
  });

  it("results: 'Results for' followed by the typed text in quotes, matching product and category names", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch(), mocks: [catalogMock()] });
    await userEvent.type(await screen.findByRole("searchbox"), "  GARDEN ");
    expect(await screen.findByRole("heading", { name: 'Results for "GARDEN"' })).toBeInTheDocument();
    expect(resultNames()).toEqual(["Steel Shovel"]);
  });

  it("sorts results: default, price-highest, price-lowest, highest-rated", async () => {
    const cheapTopRated = product(1, { name: "Fern Moss", price: 4, rating: 10, peopleRated: 2 });
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern"), mocks: [catalogMock([fern, cheapTopRated, shovel])] });
    const sort = await screen.findByRole("combobox", { name: "Sort by" });
    expect(within(sort).getAllByRole("option").map((option) => option.getAttribute("value"))).toEqual([
      "default",
      "price-highest",
      "price-lowest",
      "highest-rated",
    ]);
    expect(resultNames()).toEqual(["Boston Fern", "Fern Moss"]);
    await userEvent.selectOptions(sort, "price-lowest");
    expect(resultNames()).toEqual(["Fern Moss", "Boston Fern"]);
    await userEvent.selectOptions(sort, "price-highest");
    expect(resultNames()).toEqual(["Boston Fern", "Fern Moss"]);
    await userEvent.selectOptions(sort, "highest-rated");
    expect(resultNames()).toEqual(["Fern Moss", "Boston Fern"]);
  });

  it("shows the loading view while the products load", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern"), mocks: [catalogMock(undefined, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: 'Results for "fern"' })).toBeInTheDocument();
  });

  it("says when the products could not be loaded", async () => {
    renderWithShop(<SearchScreen />, { ...onSearch("?q=fern"), mocks: [catalogMock(undefined, { error: new Error("down") })] });
    expect(await screen.findByText("We could not load the products.")).toBeInTheDocument();
  });
});
