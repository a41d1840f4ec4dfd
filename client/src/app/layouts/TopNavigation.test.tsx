// The header's search box with suggestions shows from tablet width; a phone, whose header has
// no room for it, never loads its chunk (less script to run while a phone hydrates the page).
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeMediaQueryList } from "../../test/mediaQuery";
import { renderWithShop } from "../../test/renderWithShop";
import { TopNavigation } from "./TopNavigation";

function viewport(wide: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => fakeMediaQueryList(query, wide && query.includes("min-width")));
}

afterEach(() => vi.restoreAllMocks());

describe("Top navigation's search box", () => {
  it("from tablet width: the search box with suggestions", async () => {
    viewport(true);
    renderWithShop(<TopNavigation />);
    expect(await screen.findByRole("combobox", { name: /search/i })).toBeInTheDocument();
  });

  it("on a phone: only the search link, the search box is never loaded", async () => {
    viewport(false);
    renderWithShop(<TopNavigation />);
    expect(await screen.findByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });
});
