import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogMock } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { CategoryScreen } from "./CategoryScreen";

const at = (name: string) => ({ route: `/categories/${encodeURIComponent(name)}`, path: "/categories/:categoryName" });

describe("Category page: 'Shop for' followed by the category name, and the products whose category equals the name", () => {
  it("shows the heading and that category's products", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Garden Tools"), mocks: [catalogMock()] });
    expect(await screen.findByRole("heading", { name: "Shop for Garden Tools" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Steel Shovel" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Boston Fern" })).not.toBeInTheDocument();
  });

  it("shows the loading view first", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Garden Tools"), mocks: [catalogMock(undefined, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Shop for Garden Tools" })).toBeInTheDocument();
  });

  it("says when a category has no products", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Seeds"), mocks: [catalogMock()] });
    expect(await screen.findByText("No products in this category yet.")).toBeInTheDocument();
  });

  it("says when the products could not be loaded", async () => {
    renderWithShop(<CategoryScreen />, { ...at("Seeds"), mocks: [catalogMock(undefined, { error: new Error("down") })] });
    expect(await screen.findByText("We could not load the products.")).toBeInTheDocument();
  });
});
