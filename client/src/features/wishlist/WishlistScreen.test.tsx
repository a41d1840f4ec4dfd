import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FavouritesDocument } from "../../graphql/generated/graphql";
import { fern, shovel } from "../../test/fixtures";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { WishlistScreen } from "./WishlistScreen";

const at = { route: "/user/wishlist", path: "/user/wishlist", user: shopper };

describe("Wish-list: 'My Wishlist'", () => {
  it("shows the loading view, then the favourite products", async () => {
    renderWithShop(<WishlistScreen />, { ...at, mocks: [{ request: { query: FavouritesDocument }, result: { data: { favourites: [fern, shovel] } }, delay: 30 }] });
    expect(screen.getByRole("status", { name: "Loading your wish-list" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Boston Fern" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "My Wishlist" })).toBeInTheDocument();
  });

  it("when empty: 'You have not added any products to your wishlist yet.'", async () => {
    renderWithShop(<WishlistScreen />, { ...at, mocks: [{ request: { query: FavouritesDocument }, result: { data: { favourites: [] } } }] });
    expect(await screen.findByText("You have not added any products to your wishlist yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged) and shows the empty text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<WishlistScreen />, { ...at, mocks: [{ request: { query: FavouritesDocument }, error: new Error("offline") }] });
    expect(await screen.findByText("You have not added any products to your wishlist yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });
});
