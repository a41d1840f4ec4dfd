// What a grid of product cards shows while its first page loads (issue 20): cards of the real card's size
// (a 180 px picture, the name, price, stock and rating lines) above a row the size of the sort select, so
// nothing moves when the products arrive. Screen readers hear one status, not a dozen empty cards.
import { Box, Card, Skeleton, Stack } from "@mantine/core";
import { ProductGrid } from "./ProductGrid";

/** Two rows of the widest grid (6 a row), enough to fill a first screen on a phone or a desktop. */
const PLACEHOLDER_CARDS = 12;

export function ProductGridSkeleton({ label = "Loading products" }: { label?: string }) {
  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label={label} aria-busy>
      {/* The sort select's row. */}
      <Box h={36} />
      <Box aria-hidden>
        <ProductGrid>
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <Card key={index} withBorder radius="md" padding="sm" h="100%" data-testid="card-placeholder">
              <Card.Section>
                <Skeleton h={180} radius={0} />
              </Card.Section>
              <Skeleton h={16} mt="sm" width="80%" />
              <Stack gap={8} mt={10}>
                <Skeleton h={14} width="40%" />
                <Skeleton h={12} width="55%" />
                <Skeleton h={14} width="60%" />
              </Stack>
            </Card>
          ))}
        </ProductGrid>
      </Box>
    </Stack>
  );
}
