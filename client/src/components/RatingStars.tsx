// Five stars: a read-only display of a rating, or (with onRate) five buttons that rate 1 to 5.
import { Group, Text, UnstyledButton } from "@mantine/core";
import { displayedStars, hasRatings, MAX_STARS, NO_RATINGS_TEXT, type Rated } from "../lib/rating";

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
    <Group gap={2} role="img" aria-label={`${value} out of ${MAX_STARS} stars`} wrap="nowrap">
      {STAR_NUMBERS.map((stars) => (
        <Star key={stars} filled={stars <= value} size={size} />
      ))}
    </Group>
  );
}

/** A product's stars with the count of raters in brackets, or 'No ratings yet'. */
export function ProductRating({ product, size }: { product: Rated; size?: number }) {
  if (!hasRatings(product)) {
    return (
      <Text size="sm" c="dimmed">
        {NO_RATINGS_TEXT}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <RatingStars value={displayedStars(product)} size={size} />
      <Text size="sm" c="dimmed">
        ({product.peopleRated})
      </Text>
    </Group>
  );
}
