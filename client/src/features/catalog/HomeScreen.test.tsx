import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogMock, fern, product, shovel } from "../../test/fixtures";
import { renderWithShop } from "../../test/renderWithShop";
import { HomeScreen } from "./HomeScreen";

describe("Home page", () => {
  it("shows a logo and a spinner until product data has loaded", async () => {
    renderWithShop(<HomeScreen />, { mocks: [catalogMock(undefined, { delay: 50 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "New arrivals" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading products" })).not.toBeInTheDocument();
  });

  it("keeps the loading view when the products fail to load, with a way to try again", async () => {
    renderWithShop(<HomeScreen />, { mocks: [catalogMock(undefined, { error: new Error("down") })] });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "New arrivals" })).not.toBeInTheDocument();
  });

  it("new arrivals: up to 6 in-stock products, most recently added first", async () => {
    const products = Array.from({ length: 9 }, (_, index) => product(index + 1, { quantity: index === 8 ? 0 : 2 }));
    renderWithShop(<HomeScreen />, { mocks: [catalogMock(products)] });
    const section = (await screen.findByRole("heading", { name: "New arrivals" })).closest("section")!;
    const names = within(section).getAllByRole("article").map((card) => card.getAttribute("aria-label"));
    expect(names).toEqual(["Plant 8", "Plant 7", "Plant 6", "Plant 5", "Plant 4", "Plant 3"]);
  });

  it("shop by category: a grid of links to the category pages", async () => {
    renderWithShop(<HomeScreen />, { mocks: [catalogMock()] });
    const section = (await screen.findByRole("heading", { name: "Shop by category" })).closest("section")!;
    expect(within(section).getByRole("link", { name: "Indoor Plants" })).toHaveAttribute("href", "/categories/Indoor%20Plants");
    expect(within(section).getByRole("link", { name: "Garden Tools" })).toHaveAttribute("href", "/categories/Garden%20Tools");
  });

  it("'Save more when you by this products': in-stock discounted products", async () => {
    renderWithShop(<HomeScreen />, { mocks: [catalogMock([fern, shovel, product(9, { discountPrice: 5, quantity: 0 })])] });
    const section = (await screen.findByRole("heading", { name: "Save more when you by this products" })).closest("section")!;
    expect(within(section).getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(["Boston Fern"]);
  });

  it("the trust banner with its four items", async () => {
    renderWithShop(<HomeScreen />, { mocks: [catalogMock()] });
    const banner = await screen.findByRole("region", { name: "Why shop with us" });
    for (const item of ["Payment Secured", "Nationwide Shipping", "24/7 Support", "No Refund Policy"]) {
      expect(within(banner).getByText(item)).toBeInTheDocument();
    }
  });

  it("says so when the shop has no products yet", async () => {
    renderWithShop(<HomeScreen />, { mocks: [catalogMock([])] });
    expect(await screen.findByText("No products yet")).toBeInTheDocument();
  });
});
