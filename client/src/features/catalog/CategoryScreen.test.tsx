import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CategoryPageDocument, CategoryProductsDocument } from "../../graphql/generated/graphql";
import { STOREFRONT_PAGE_SIZE } from "../../lib/apollo/pages";
import { categoryPageMock, connection, cursorOf, fern, filterCounts, product, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { optionValues } from "../../test/selectOptions";
import { CategoryScreen } from "./CategoryScreen";

const at = (name: string, query = "") => ({ route: `/categories/${encodeURIComponent(name)}${query}`, path: "/categories/:categoryName" });
const cardNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("Category page: 'Shop for' followed by the category name, and the products whose category equals the name", () => {
  it("shows the heading and the category's products as the server sends them", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Garden Tools"), mocks: [categoryPageMock("Garden Tools", [shovel])] });
    expect(await screen.findByRole("heading", { name: "Shop for Garden Tools" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Steel Shovel" })).toBeInTheDocument();
    expect(cardNames()).toEqual(["Steel Shovel"]);
  });

  it("shows the loading view first", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Garden Tools"), mocks: [categoryPageMock("Garden Tools", [shovel], {}, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Steel Shovel" })).toBeInTheDocument();
  });

  it("says when a category has no products", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Seeds"), mocks: [categoryPageMock("Seeds", [])] });
    expect(await screen.findByText("No products in this category yet.")).toBeInTheDocument();
  });

  it("says when the products could not be loaded", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Seeds"), mocks: [categoryPageMock("Seeds", [], {}, { error: new Error("down") })] });
    expect(await screen.findByText("We could not load the products.")).toBeInTheDocument();
  });
});

describe("Category page: page by page", () => {
  const firstPage = Array.from({ length: 3 }, (_, index) => product(10 - index));
  const secondPage = [product(5), product(4)];

  it("'Load more' fetches the page after the last cursor and appends it to the list", async () => {
    const nextPage = vi.fn(() => ({ data: { products: connection("Product", secondPage, { totalCount: 5 }) } }));
    renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants"),
      mocks: [
        categoryPageMock("Indoor Plants", firstPage, { hasNextPage: true, totalCount: 5 }),
        {
          request: {
            query: CategoryProductsDocument,
            variables: { category: "Indoor Plants", sort: "DEFAULT", first: STOREFRONT_PAGE_SIZE, after: cursorOf(firstPage[2]!) },
          },
          result: nextPage,
        },
      ],
    });
    await screen.findByRole("article", { name: "Plant 10" });
    expect(screen.getByText("Showing 3 of 5 products")).toBeInTheDocument();
    const loadMore = screen.getByRole("button", { name: "Load more products" });
    loadMore.focus();
    await userEvent.click(loadMore);

    await screen.findByRole("article", { name: "Plant 4" });
    expect(nextPage).toHaveBeenCalledTimes(1);
    expect(cardNames()).toEqual(["Plant 10", "Plant 9", "Plant 8", "Plant 5", "Plant 4"]);
    // The last page: the button goes, the count says all are shown and takes the focus the button had.
    expect(screen.queryByRole("button", { name: "Load more products" })).not.toBeInTheDocument();
    const count = screen.getByText("Showing 5 of 5 products");
    await waitFor(() => expect(count).toHaveFocus());
  });

  it("announces the loading while the next page is on its way", async () => {
    renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants"),
      mocks: [
        categoryPageMock("Indoor Plants", firstPage, { hasNextPage: true, totalCount: 5 }),
        // Longer than a click takes in jsdom on a busy machine (about 100 ms), so the loading is still on.
        categoryPageMock("Indoor Plants", secondPage, { after: cursorOf(firstPage[2]!), totalCount: 5 }, { delay: 1000 }),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more products" }));
    expect(screen.getByText("Loading more products…")).toHaveAttribute("role", "status");
    expect(await screen.findByText("Showing 5 of 5 products")).toBeInTheDocument();
  });

  it("a failed 'Load more' says so and keeps the button to try again", async () => {
    renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants"),
      mocks: [
        categoryPageMock("Indoor Plants", firstPage, { hasNextPage: true, totalCount: 5 }),
        categoryPageMock("Indoor Plants", secondPage, { after: cursorOf(firstPage[2]!) }, { error: new Error("down") }),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more products" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load more products. Please try again.");
    expect(screen.getByRole("button", { name: "Load more products" })).toBeInTheDocument();
    expect(cardNames()).toEqual(["Plant 10", "Plant 9", "Plant 8"]);
  });

  it("a category that fits one page shows no 'Load more'", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Garden Tools"), mocks: [categoryPageMock("Garden Tools", [shovel])] });
    await screen.findByRole("article", { name: "Steel Shovel" });
    expect(screen.queryByRole("button", { name: /Load more/ })).not.toBeInTheDocument();
  });
});

describe("Category page: Sort by (default, price-highest, price-lowest, highest-rated), kept in the URL", () => {
  it("asks the server for the chosen order and keeps ?sort= in the address", async () => {
    const { router } = renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants"),
      mocks: [
        categoryPageMock("Indoor Plants", [fern, product(9, { price: 4 })]),
        categoryPageMock("Indoor Plants", [product(9, { price: 4 }), fern], { sort: "PRICE_LOWEST" }, { delay: 1000 }),
      ],
    });
    const sort = await screen.findByRole("combobox", { name: "Sort by" });
    expect(optionValues(sort)).toEqual(["default", "price-highest", "price-lowest", "highest-rated"]);
    await userEvent.selectOptions(sort, "price-lowest");
    expect(router.state.location.search).toBe("?sort=price-lowest");
    // The previous order stays on screen, dimmed and hidden from screen readers, until the new one arrives.
    expect(screen.getByText("Sorting products…")).toBeInTheDocument();
    expect(screen.getAllByRole("article", { hidden: true })).toHaveLength(2);
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    await waitFor(() => expect(cardNames()).toEqual(["Plant 9", "Boston Fern"]), { timeout: 3000 });
    expect(screen.queryByText("Sorting products…")).not.toBeInTheDocument();
  });

  it("opens with the sort the address holds", async () => {
    renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants", "?sort=highest-rated"),
      mocks: [categoryPageMock("Indoor Plants", [fern], { sort: "HIGHEST_RATED" })],
    });
    await screen.findByRole("article", { name: "Boston Fern" });
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveValue("highest-rated");
  });
});

describe("Category page: filters with counts (price range, in stock, discounted), kept in the URL", () => {
  const counts = filterCounts({ total: 2, priceRanges: [3, 2, 0, 0, 0], inStock: 4, discounted: 1 });
  const panel = () => screen.getByRole("region", { name: "Filters" });

  it("asks for the URL's filters with the first page and their counts; a category page offers no other category", async () => {
    const asked = vi.fn(() => ({ data: { products: connection("Product", [fern]), productFilters: counts } }));
    renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants", "?category=Tools&price=0-10&inStock=1&discounted=1"),
      mocks: [{ request: { query: CategoryPageDocument, variables: () => true }, result: asked, maxUsageCount: Number.POSITIVE_INFINITY }],
    });
    await screen.findByRole("article", { name: "Boston Fern" });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith({ category: "Indoor Plants", sort: "DEFAULT", first: STOREFRONT_PAGE_SIZE, minPrice: 0, maxPrice: 10, inStock: true, discounted: true });
    expect(within(panel()).queryByRole("radiogroup", { name: "Category" })).not.toBeInTheDocument();
    expect(within(panel()).getByRole("radio", { name: "Under $10 (3)" })).toBeChecked();
    expect(within(panel()).getByRole("checkbox", { name: "In stock (4)" })).toBeChecked();
    expect(within(panel()).getByRole("checkbox", { name: "Discounted (1)" })).toBeChecked();
    // The canonical address is the category's: filters only narrow it.
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/categories\/Indoor%20Plants$/);
  });

  it("ticking 'In stock' writes ?inStock=1 beside the sort and shows the filtered products and their count", async () => {
    const { router } = renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants", "?sort=price-lowest"),
      mocks: [
        categoryPageMock("Indoor Plants", [product(9, { price: 4 }), fern], { sort: "PRICE_LOWEST", counts }),
        categoryPageMock("Indoor Plants", [fern], { sort: "PRICE_LOWEST", filters: { inStock: true }, counts }),
      ],
    });
    await screen.findByRole("article", { name: "Plant 9" });
    expect(screen.getByText("2 products")).toBeInTheDocument();
    await userEvent.click(within(panel()).getByRole("checkbox", { name: "In stock (4)" }));
    expect(router.state.location.search).toBe("?sort=price-lowest&inStock=1");
    await waitFor(() => expect(cardNames()).toEqual(["Boston Fern"]));
    expect(screen.getByText("1 product")).toBeInTheDocument();
    expect(within(panel()).getByRole("checkbox", { name: "In stock (4)" })).toBeChecked();
  });

  it("'Clear filters' leaves the sort and drops every filter", async () => {
    const { router } = renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants", "?sort=price-lowest&price=10-25&discounted=1"),
      mocks: [
        categoryPageMock("Indoor Plants", [fern], { sort: "PRICE_LOWEST", filters: { minPrice: 10, maxPrice: 25, discounted: true }, counts }),
        categoryPageMock("Indoor Plants", [product(9, { price: 4 }), fern], { sort: "PRICE_LOWEST", counts }),
      ],
    });
    await screen.findByRole("article", { name: "Boston Fern" });
    await userEvent.click(within(panel()).getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("?sort=price-lowest");
    await waitFor(() => expect(cardNames()).toEqual(["Plant 9", "Boston Fern"]));
    expect(within(panel()).queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
  });

  it("filters that leave nothing: 'No products match these filters.', not 'No products in this category yet.'", async () => {
    renderWithShop(<CategoryScreen />, {
      ...at("Indoor Plants", "?price=100-"),
      mocks: [categoryPageMock("Indoor Plants", [], { filters: { minPrice: 100 }, counts: filterCounts({ priceRanges: [3, 2, 0, 0, 0], inStock: 0 }) })],
    });
    expect(await screen.findByText("No products match these filters.")).toBeInTheDocument();
    expect(screen.queryByText("No products in this category yet.")).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Clear filters" })).toHaveLength(2);
    // Nothing to choose at 0, except what is chosen.
    expect(within(panel()).getByRole("checkbox", { name: "In stock (0)" })).toBeDisabled();
    expect(within(panel()).getByRole("radio", { name: "$100 and over (0)" })).toBeEnabled();
  });
});

describe("Category page: option filters (a group per option the products are sold in), kept in the URL", () => {
  const planterS = product(21, { name: "Planter Sand" });
  const planterO = product(22, { name: "Planter Ocean" });
  const counts = filterCounts({
    total: 2,
    priceRanges: [0, 2, 0, 0, 0],
    inStock: 2,
    options: { Size: [["Small", 2], ["Large", 1]], Colour: [["Charcoal", 2], ["Ocean", 1], ["Sand", 1]] },
  });
  const sandCounts = filterCounts({
    total: 1,
    priceRanges: [0, 1, 0, 0, 0],
    inStock: 1,
    options: { Size: [["Small", 1]], Colour: [["Charcoal", 2], ["Ocean", 1], ["Sand", 1]] },
  });
  const panel = () => screen.getByRole("region", { name: "Filters" });
  const group = (name: string) => within(panel()).getByRole("group", { name });

  it("a fieldset per option, its legend the option's name, a checkbox per value with its count (read as 'products')", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Pots & Planters"), mocks: [categoryPageMock("Pots & Planters", [planterS, planterO], { counts })] });
    await screen.findByRole("article", { name: "Planter Sand" });
    const colour = group("Colour");
    expect(colour.tagName).toBe("FIELDSET");
    // Each box's value is its choice as ?option= spells it: the form sends it so without scripts.
    expect(within(colour).getAllByRole("checkbox").map((box) => box.getAttribute("value"))).toEqual(["Colour:Charcoal", "Colour:Ocean", "Colour:Sand"]);
    // Seen as "Sand (1)"; a screen reader says what the number counts.
    expect(within(colour).getByRole("checkbox", { name: "Sand (1 product)" })).not.toBeChecked();
    expect(within(colour).getByRole("checkbox", { name: "Sand (1 product)" }).closest("div")!.parentElement).toHaveTextContent(/^Sand \(1\)/);
    expect(within(group("Size")).getByRole("checkbox", { name: "Small (2 products)" })).toBeEnabled();
    // After the spec's groups, in the server's order.
    const legends = Array.from(panel().querySelectorAll("legend, [id$='-label']"), (label) => label.textContent);
    expect(legends).toEqual(["Price", "Availability", "Offers", "Size", "Colour"]);
  });

  it("ticking 'Colour: Sand' writes ?option=Colour:Sand, sends it to products and productFilters, and keeps it after a reload", async () => {
    const asked = vi.fn((variables: Record<string, unknown>) => {
      const sand = JSON.stringify(variables.options) === JSON.stringify([{ name: "Colour", value: "Sand" }]);
      return { data: { products: connection("Product", sand ? [planterS] : [planterS, planterO]), productFilters: sand ? sandCounts : counts } };
    });
    const mock = { request: { query: CategoryPageDocument, variables: () => true }, result: asked, maxUsageCount: Number.POSITIVE_INFINITY };
    const { router, unmount } = renderWithShop(<CategoryScreen />, { ...at("Pots & Planters", "?sort=price-lowest"), mocks: [mock] });
    await screen.findByRole("article", { name: "Planter Ocean" });
    await userEvent.click(within(group("Colour")).getByRole("checkbox", { name: "Sand (1 product)" }));
    expect(router.state.location.search).toBe("?sort=price-lowest&option=Colour%3ASand");
    await waitFor(() => expect(cardNames()).toEqual(["Planter Sand"]));
    expect(asked).toHaveBeenLastCalledWith({
      category: "Pots & Planters",
      sort: "PRICE_LOWEST",
      first: STOREFRONT_PAGE_SIZE,
      options: [{ name: "Colour", value: "Sand" }],
    });
    expect(within(group("Colour")).getByRole("checkbox", { name: "Sand (1 product)" })).toBeChecked();
    expect(within(group("Size")).queryByRole("checkbox", { name: /Large/ })).not.toBeInTheDocument();
    expect(within(panel()).getByRole("button", { name: "Filters (1 chosen)" })).toBeInTheDocument();

    // The address alone brings the choice back.
    const search = router.state.location.search;
    unmount();
    renderWithShop(<CategoryScreen />, { ...at("Pots & Planters", search), mocks: [mock] });
    await screen.findByRole("article", { name: "Planter Sand" });
    expect(within(group("Colour")).getByRole("checkbox", { name: "Sand (1 product)" })).toBeChecked();
    expect(screen.queryByRole("article", { name: "Planter Ocean" })).not.toBeInTheDocument();
  });

  it("values of one option widen the choice: a second value is added to the address and to the request; unticking removes it", async () => {
    const asked = vi.fn(() => ({ data: { products: connection("Product", [planterS, planterO]), productFilters: counts } }));
    const mock = { request: { query: CategoryPageDocument, variables: () => true }, result: asked, maxUsageCount: Number.POSITIVE_INFINITY };
    const { router } = renderWithShop(<CategoryScreen />, { ...at("Pots & Planters", "?option=Colour:Sand"), mocks: [mock] });
    await screen.findByRole("article", { name: "Planter Ocean" });
    await userEvent.click(within(group("Colour")).getByRole("checkbox", { name: "Ocean (1 product)" }));
    expect(router.state.location.search).toBe("?option=Colour%3AOcean&option=Colour%3ASand");
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ options: [{ name: "Colour", value: "Ocean" }, { name: "Colour", value: "Sand" }] })));
    await userEvent.click(within(group("Colour")).getByRole("checkbox", { name: "Sand (1 product)" }));
    expect(router.state.location.search).toBe("?option=Colour%3AOcean");
    await userEvent.click(within(panel()).getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith({ category: "Pots & Planters", sort: "DEFAULT", first: STOREFRONT_PAGE_SIZE }));
  });

  it("a chosen value stays visible, ticked and enabled at 0 (even when the server no longer offers it); another value at 0 is disabled", async () => {
    const zero = filterCounts({ options: { Colour: [["Charcoal", 2], ["Ocean", 0], ["Terracotta", 1]] } });
    renderWithShop(<CategoryScreen />, {
      ...at("Pots & Planters", "?option=Colour:Sand&option=Finish:Matte"),
      mocks: [categoryPageMock("Pots & Planters", [], { filters: { options: [{ name: "Colour", value: "Sand" }, { name: "Finish", value: "Matte" }] }, counts: zero })],
    });
    expect(await screen.findByText("No products match these filters.")).toBeInTheDocument();
    const sand = within(group("Colour")).getByRole("checkbox", { name: "Sand (0 products)" });
    expect(sand).toBeChecked();
    expect(sand).toBeEnabled();
    // In its natural place among the server's values.
    expect(within(group("Colour")).getAllByRole("checkbox").map((box) => box.getAttribute("value"))).toEqual(["Colour:Charcoal", "Colour:Ocean", "Colour:Sand", "Colour:Terracotta"]);
    expect(within(group("Colour")).getByRole("checkbox", { name: "Ocean (0 products)" })).toBeDisabled();
    expect(within(group("Finish")).getByRole("checkbox", { name: "Matte (0 products)" })).toBeChecked();
  });

  it("products sold in one variant each: no option group at all, the filters as before", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Garden Tools"), mocks: [categoryPageMock("Garden Tools", [shovel], { counts: filterCounts({ total: 1, inStock: 1 }) })] });
    await screen.findByRole("article", { name: "Steel Shovel" });
    expect(within(panel()).queryByRole("group", { name: "Colour" })).not.toBeInTheDocument();
    expect(panel().querySelector("fieldset")).toBeNull();
    expect(within(panel()).getAllByRole("group").map((element) => element.getAttribute("aria-labelledby") && document.getElementById(element.getAttribute("aria-labelledby")!)?.textContent)).toEqual([
      "Availability",
      "Offers",
    ]);
  });
});
