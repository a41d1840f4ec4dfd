// Five stars: a read-only display of a rating, or (with onRate) five buttons that rate 1 to 5.
import { Group, UnstyledButton } from "@mantine/core";
import { displayedStars, hasRatings, MAX_STARS, NO_RATINGS_TEXT, type Rated } from "../lib/rating";
// The read-only stars are plain elements: they are drawn on every card of every list.
import classes from "./RatingStars.module.css";

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={filled ? "#fab005" : "none"}
        stroke={filled ? "#fab005" : "#adb5bd"}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const STAR_NUMBERS = Array.from({ length: MAX_STARS }, (_, index) => index + 1);

export interface RatingStarsProps {
  /** Filled stars, 0 to 5. */
  value: number;
  size?: number;
  /** Makes the stars buttons: clicking star N calls onRate(N). */
  onRate?: (stars: number) => void;
  disabled?: boolean;
}

export function RatingStars({ value, size = 16, onRate, disabled = false }: RatingStarsProps) {
  if (onRate) {
    return (
      <Group gap={2} role="group" aria-label="Rate this product">
        {STAR_NUMBERS.map((stars) => (
          <UnstyledButton
            key={stars}
            aria-label={`Rate ${stars} out of ${MAX_STARS} stars`}
            onClick={() => onRate(stars)}
            disabled={disabled}
            style={{ lineHeight: 0, borderRadius: 4 }}
          >
            <Star filled={false} size={size} />
          </UnstyledButton>
        ))}
      </Group>
    );
  }
  return (
    <div className={classes.stars} role="img" aria-label={`${value} out of ${MAX_STARS} stars`}>
      {STAR_NUMBERS.map((stars) => (
        <Star key={stars} filled={stars <= value} size={size} />
      ))}
    </div>
  );
}

/** A product's stars with the count of raters in brackets, or 'No ratings yet'. */
export function ProductRating({ product, size }: { product: Rated; size?: number }) {
  if (!hasRatings(product)) {
    return <p className={classes.raters}>{NO_RATINGS_TEXT}</p>;
  }
  return (
    <div className={classes.rating}>
      <RatingStars value={displayedStars(product)} size={size} />
      <p className={classes.raters}>({product.peopleRated})</p>
    </div>
  );
}
