import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FavouritesDocument } from "../../graphql/generated/graphql";
import { STOREFRONT_PAGE_SIZE } from "../../lib/apollo/pages";
import { cactus, connection, cursorOf, fern, shovel } from "../../test/fixtures";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { WishlistScreen } from "./WishlistScreen";

const at = { route: "/user/wishlist", path: "/user/wishlist", user: shopper };
const firstPage = { query: FavouritesDocument, variables: { first: STOREFRONT_PAGE_SIZE } };

describe("Wish-list: 'My Wishlist'", () => {
  it("shows the loading view, then the favourite products", async () => {
    renderWithShop(<WishlistScreen />, { ...at, mocks: [{ request: firstPage, result: { data: { favourites: connection("Product", [fern, shovel]) } }, delay: 30 }] });
    expect(screen.getByRole("status", { name: "Loading your wish-list" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Boston Fern" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "My Wishlist" })).toBeInTheDocument();
  });

  it("when empty: 'You have not added any products to your wishlist yet.'", async () => {
    renderWithShop(<WishlistScreen />, { ...at, mocks: [{ request: firstPage, result: { data: { favourites: connection("Product", []) } } }] });
    expect(await screen.findByText("You have not added any products to your wishlist yet.")).toBeInTheDocument();
  });

  it("a failed load is silent (logged) and shows the empty text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithShop(<WishlistScreen />, { ...at, mocks: [{ request: firstPage, error: new Error("offline") }] });
    expect(await screen.findByText("You have not added any products to your wishlist yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it("page by page: 'Load more' fetches the favourites after the last cursor and appends them", async () => {
    renderWithShop(<WishlistScreen />, {
      ...at,
      mocks: [
        { request: firstPage, result: { data: { favourites: connection("Product", [fern, shovel], { hasNextPage: true, totalCount: 3 }) } } },
        {
          request: { query: FavouritesDocument, variables: { first: STOREFRONT_PAGE_SIZE, after: cursorOf(shovel) } },
          result: { data: { favourites: connection("Product", [cactus], { totalCount: 3 }) } },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more products" }));
    await screen.findByRole("article", { name: "Tiny Cactus" });
    expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(["Boston Fern", "Steel Shovel", "Tiny Cactus"]);
  });
});
