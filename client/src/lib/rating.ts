// Star rating display: 5 stars; the displayed average is the integer part of
// rating / people_rated; 'No ratings yet' when nobody has rated.

export const MAX_STARS = 5;
export const NO_RATINGS_TEXT = "No ratings yet";

export interface Rated {
  /** The sum of all ratings given. */
  rating: number;
  /** How many users rated. */
  peopleRated: number;
}

/** The exact average rating, 0 when nobody has rated. */
export function averageRating(product: Rated): number {
  return product.peopleRated > 0 ? product.rating / product.peopleRated : 0;
}

/** How many of the five stars are filled: the whole-number part of rating / people_rated. */
export function displayedStars(product: Rated): number {
  return Math.min(MAX_STARS, Math.max(0, Math.trunc(averageRating(product))));
}

export function hasRatings(product: Rated): boolean {
  return product.peopleRated > 0;
}
