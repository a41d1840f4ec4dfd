import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShop } from "../test/renderWithShop";
import { EmptyState } from "./EmptyState";
import { LoadingView } from "./LoadingView";
import { CATEGORY_GRID_COLUMNS, PRODUCT_GRID_COLUMNS, ADMIN_PRODUCT_GRID_COLUMNS } from "./ProductGrid";

describe("Loading view: a logo and a spinner", () => {
  it("shows the shop logo inside a status region", async () => {
    renderWithShop(<LoadingView />);
    const status = await screen.findByRole("status", { name: "Loading" });
    expect(within(status).getByRole("img", { name: /verdant/i })).toBeInTheDocument();
  });
});

describe("Empty state", () => {
  it("shows the title, the hint and the way on", async () => {
    renderWithShop(<EmptyState title="Your cart is empty!" description="Find something green." action={<a href="/">Back to the store</a>} />);
    expect(await screen.findByText("Your cart is empty!")).toBeInTheDocument();
    expect(screen.getByText("Find something green.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the store" })).toBeInTheDocument();
  });
});

describe("Grids: product grid 2 columns on small screens, 3 on medium, 6 on large (5 in the admin grid); category grid 2, 4 on large", () => {
  it("uses the spec's column counts", () => {
    expect(PRODUCT_GRID_COLUMNS).toEqual({ base: 2, sm: 3, lg: 6 });
    expect(ADMIN_PRODUCT_GRID_COLUMNS).toEqual({ base: 2, sm: 3, lg: 5 });
    expect(CATEGORY_GRID_COLUMNS).toEqual({ base: 2, lg: 4 });
  });
});
