// The current price (the discount price when there is one) and the original price struck through.
import { Group, Text, type MantineSize } from "@mantine/core";
import { formatMoney } from "../lib/money";
import { hasDiscount, unitPrice, type Priced } from "../lib/pricing";

export function Price({ product, size = "md" }: { product: Priced; size?: MantineSize }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text size={size} fw={700} data-testid="current-price">
        {formatMoney(unitPrice(product))}
      </Text>
      {hasDiscount(product) && (
        <Text size="sm" c="dimmed" td="line-through" component="s" data-testid="original-price">
          {formatMoney(product.price)}
        </Text>
      )}
    </Group>
  );
}
