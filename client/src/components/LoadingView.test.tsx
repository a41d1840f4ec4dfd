import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShop } from "../test/renderWithShop";
import { EmptyState } from "./EmptyState";
import { LoadingView } from "./LoadingView";
import { ProductGridSkeleton } from "./ProductGridSkeleton";
import { DEFAULT_THEME } from "@mantine/core";
import type { ReactElement } from "react";
import { CategoryGrid, ProductGrid } from "./ProductGrid";

describe("Loading view: a logo and a spinner", () => {
  it("shows the shop logo inside a status region", async () => {
    renderWithShop(<LoadingView />);
    const status = await screen.findByRole("status", { name: "Loading" });
    expect(within(status).getByRole("img", { name: /verdant/i })).toBeInTheDocument();
  });
});

describe("Product grid skeleton: the grid's size while its first page loads", () => {
  it("is one status for screen readers, with placeholder cards of the card's picture height in the product grid", async () => {
    renderWithShop(<ProductGridSkeleton />);
    const status = await screen.findByRole("status", { name: "Loading products" });
    const cards = within(status).getAllByTestId("card-placeholder");
    expect(cards).toHaveLength(12);
    // The placeholders are hidden from assistive technology: only the status is announced.
    expect(cards[0].closest("[aria-hidden]")).not.toBeNull();
    // The first bar stands where the card's 180 px picture will be.
    expect((cards[0].querySelector("span") as HTMLElement).style.getPropertyValue("--bar-height")).toBe("180px");
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
  /** The columns a rendered grid asks for at each breakpoint, read from the CSS Mantine writes for it. */
  async function renderedColumns(grid: ReactElement): Promise<Record<string, number>> {
    renderWithShop(grid);
    const cell = await screen.findByText("cell");
    const gridClass = Array.from(cell.parentElement!.classList).find((name) => name.startsWith("__m__"))!;
    const css = Array.from(document.querySelectorAll("style"))
      .map((style) => style.textContent ?? "")
      .find((text) => text.includes(`.${gridClass}{`))!;
    const columns: Record<string, number> = { base: Number(/--sg-cols:(\d+)/.exec(css)![1]) };
    const breakpointName = Object.fromEntries(Object.entries(DEFAULT_THEME.breakpoints).map(([name, width]) => [width, name]));
    for (const [, width, count] of css.matchAll(/@media\(min-width: ([\d.]+em)\)\{[^{]+\{--sg-cols:(\d+);/g)) {
      columns[breakpointName[width!]!] = Number(count);
    }
    return columns;
  }

  it("uses the spec's column counts", async () => {
    expect(await renderedColumns(<ProductGrid><p>cell</p></ProductGrid>)).toEqual({ base: 2, sm: 3, lg: 6 });
  });

  it("uses 5 columns on large screens in the admin grid", async () => {
    expect(await renderedColumns(<ProductGrid admin><p>cell</p></ProductGrid>)).toEqual({ base: 2, sm: 3, lg: 5 });
  });

  it("lays categories out in 2 columns, 4 on large screens", async () => {
    expect(await renderedColumns(<CategoryGrid><p>cell</p></CategoryGrid>)).toEqual({ base: 2, lg: 4 });
  });
});
