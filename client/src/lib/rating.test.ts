// @vitest-environment node
import { describe, expect, it } from "vitest";
import { averageRating, displayedStars, hasRatings, MAX_STARS, NO_RATINGS_TEXT } from "./rating";

describe("Star rating: the displayed average is the integer part of rating divided by people_rated", () => {
  it("shows 5 stars in all", () => {
    expect(MAX_STARS).toBe(5);
  });

  it("takes the whole-number part, never rounding up", () => {
    expect(displayedStars({ rating: 14, peopleRated: 3 })).toBe(4); // 4.67
    expect(displayedStars({ rating: 9, peopleRated: 2 })).toBe(4); // 4.5
    expect(displayedStars({ rating: 5, peopleRated: 1 })).toBe(5);
    expect(displayedStars({ rating: 1, peopleRated: 2 })).toBe(0); // 0.5
  });

  it("'No ratings yet' when people_rated is 0", () => {
    expect(hasRatings({ rating: 0, peopleRated: 0 })).toBe(false);
    expect(displayedStars({ rating: 0, peopleRated: 0 })).toBe(0);
    expect(NO_RATINGS_TEXT).toBe("No ratings yet");
  });

  it("the average rating is rating divided by people_rated", () => {
    expect(averageRating({ rating: 14, peopleRated: 4 })).toBe(3.5);
    expect(averageRating({ rating: 0, peopleRated: 0 })).toBe(0);
  });
});
