// A variant's option values under a product's name ("Pot size: 24 cm"), in the cart, the orders and the
// admin's order view; nothing for a product sold in one variant.
import { Text } from "@mantine/core";
import { optionWords, type ChosenValue } from "../lib/catalog/variants";

export function ChosenOptions({ options }: { options: readonly ChosenValue[] | null | undefined }) {
  const words = optionWords(options);
  if (words === "") return null;
  return (
    <Text size="sm" c="dimmed" data-testid="chosen-options">
      {words}
    </Text>
  );
}
