import { screen, within } from "@testing-library/react";
import { Kind, type FieldNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { HomePageDocument } from "../../graphql/generated/graphql";
import { categories, fern, homeMock, nodeList, product, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { HomeScreen } from "./HomeScreen";

const namesIn = (heading: string) =>
  within(screen.getByRole("heading", { name: heading }).closest("section")!)
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));

/** The arguments the home page's document gives one of its fields (by alias), as the server reads them. */
function argumentsOf(alias: string): Record<string, unknown> {
  const operation = HomePageDocument.definitions[0] as OperationDefinitionNode;
  const field = operation.selectionSet.selections.find(
    (selection): selection is FieldNode => selection.kind === Kind.FIELD && (selection.alias ?? selection.name).value === alias,
  )!;
  return Object.fromEntries(field.arguments!.map((argument) => [argument.name.value, (argument.value as { value: unknown }).value]));
}

describe("Home page", () => {
  it("shows a logo and a spinner until product data has loaded", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock({}, { delay: 50 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "New arrivals" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading products" })).not.toBeInTheDocument();
  });

  it("keeps the loading view when the products fail to load, with a way to try again", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock({}, { error: new Error("down") })] });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "New arrivals" })).not.toBeInTheDocument();
  });

  it("asks for everything in one request: 6 newest in stock, 12 newest discounted in stock, the categories", async () => {
    const answered = vi.fn(() => ({
      data: { newArrivals: nodeList("Product", [shovel]), discounted: nodeList("Product", [fern]), categories: nodeList("Category", categories) },
    }));
    renderWithShop(<HomeScreen />, { mocks: [{ request: { query: HomePageDocument }, result: answered }] });
    await screen.findByRole("heading", { name: "New arrivals" });
    expect(answered).toHaveBeenCalledTimes(1);
    expect(argumentsOf("newArrivals")).toEqual({ first: "6", sort: "NEWEST", inStock: true });
    expect(argumentsOf("discounted")).toEqual({ first: "12", sort: "NEWEST", inStock: true, discounted: true });
    expect(argumentsOf("categories")).toEqual({ first: "100" });
  });

  it("new arrivals: the products the server sent, in its order", async () => {
    const arrivals = Array.from({ length: 6 }, (_, index) => product(8 - index));
    renderWithShop(<HomeScreen />, { mocks: [homeMock({ newArrivals: arrivals })] });
    await screen.findByRole("heading", { name: "New arrivals" });
    expect(namesIn("New arrivals")).toEqual(["Plant 8", "Plant 7", "Plant 6", "Plant 5", "Plant 4", "Plant 3"]);
  });

  it("shop by category: a grid of links to the category pages", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock()] });
    const section = (await screen.findByRole("heading", { name: "Shop by category" })).closest("section")!;
    expect(within(section).getByRole("link", { name: "Indoor Plants" })).toHaveAttribute("href", "/categories/Indoor%20Plants");
    expect(within(section).getByRole("link", { name: "Garden Tools" })).toHaveAttribute("href", "/categories/Garden%20Tools");
  });

  it("'Save more when you by this products': the discounted products, each card with its discount badge", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock({ discounted: [fern] })] });
    await screen.findByRole("heading", { name: "Save more when you by this products" });
    expect(namesIn("Save more when you by this products")).toEqual(["Boston Fern"]);
    const card = screen.getAllByRole("article", { name: "Boston Fern" }).at(-1)!;
    expect(within(card).getByText("-33%")).toBeInTheDocument();
  });

  it("leaves out the discounted section when nothing is discounted", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock({ discounted: [] })] });
    await screen.findByRole("heading", { name: "New arrivals" });
    expect(screen.queryByRole("heading", { name: "Save more when you by this products" })).not.toBeInTheDocument();
  });

  it("the trust banner with its four items", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock()] });
    const banner = await screen.findByRole("region", { name: "Why shop with us" });
    for (const item of ["Payment Secured", "Nationwide Shipping", "24/7 Support", "No Refund Policy"]) {
      expect(within(banner).getByText(item)).toBeInTheDocument();
    }
  });

  it("says so when the shop has no products yet", async () => {
    renderWithShop(<HomeScreen />, { mocks: [homeMock({ newArrivals: [], discounted: [] })] });
    expect(await screen.findByText("No products yet")).toBeInTheDocument();
  });
});
