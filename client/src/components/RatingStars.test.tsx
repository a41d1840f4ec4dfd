import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithShop } from "../test/renderWithShop";
import { ProductRating, RatingStars } from "./RatingStars";

describe("Rating stars", () => {
  it("shows the filled stars out of 5", async () => {
    renderWithShop(<RatingStars value={3} />);
    expect(await screen.findByRole("img", { name: "3 out of 5 stars" })).toBeInTheDocument();
  });

  it("five clickable stars: clicking star N submits N", async () => {
    const onRate = vi.fn();
    renderWithShop(<RatingStars value={0} onRate={onRate} />);
    const stars = await screen.findAllByRole("button", { name: /^Rate \d out of 5 stars$/ });
    expect(stars).toHaveLength(5);
    await userEvent.click(screen.getByRole("button", { name: "Rate 4 out of 5 stars" }));
    expect(onRate).toHaveBeenCalledWith(4);
  });

  it("a product's stars show the count of raters in brackets", async () => {
    renderWithShop(<ProductRating product={{ rating: 9, peopleRated: 2 }} />);
    expect(await screen.findByRole("img", { name: "4 out of 5 stars" })).toBeInTheDocument();
    expect(screen.getByText("(2)")).toBeInTheDocument();
  });

  it("'No ratings yet' when nobody has rated", async () => {
    renderWithShop(<ProductRating product={{ rating: 0, peopleRated: 0 }} />);
    expect(await screen.findByText("No ratings yet")).toBeInTheDocument();
  });
});
