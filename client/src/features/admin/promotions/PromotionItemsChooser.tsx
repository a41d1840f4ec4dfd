// What a promotion applies to: every item, or the chosen categories and products. Categories are ticked
// from the shop's list; products are found by name (on the server, once the typing pauses) and added to
// the chosen list, each with its Remove button.
import { useQuery } from "@apollo/client/react";
import { Box, Button, Checkbox, CloseButton, Group, Paper, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { PromotionProductChoicesDocument } from "./operations";
import { SEARCH_DEBOUNCE_MS } from "../../../lib/apollo/pages";
import type { PromotionScope } from "./promotionForm";

const FOUND_AT_MOST = 8;

export interface ItemsChooserProps {
  scope: PromotionScope;
  categoryIds: number[];
  productIds: number[];
  variantIds: number[];
  categories: ReadonlyArray<{ id: number; name: string }>;
  /** Product names the editor already knows (the catalogue it loaded), by id. */
  productNames: ReadonlyMap<number, string>;
  onScope: (scope: PromotionScope) => void;
  onCategories: (ids: number[]) => void;
  onProducts: (ids: number[]) => void;
  errorOf: (field: string) => string | undefined;
}

export function ItemsChooser({ scope, categoryIds, productIds, variantIds, categories, productNames, onScope, onCategories, onProducts, errorOf }: ItemsChooserProps) {
  return (
    <Stack gap="sm">
      <Radio.Group label="Applies to" value={scope} onChange={(value) => onScope(value as PromotionScope)}>
        <Group mt={6} gap="lg">
          <Radio value="every-item" label="Every item" />
          <Radio value="chosen" label="Chosen categories and products" />
        </Group>
      </Radio.Group>
      {scope === "chosen" && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Checkbox.Group
              label="Categories"
              description="Every product of a ticked category."
              value={categoryIds.map(String)}
              onChange={(values) => onCategories(values.map(Number))}
              error={errorOf("category_ids")}
            >
              <Group mt={6} gap="md">
                {categories.map((category) => (
                  <Checkbox key={category.id} value={String(category.id)} label={category.name} />
                ))}
              </Group>
            </Checkbox.Group>
            <ProductPicker chosen={productIds} knownNames={productNames} onChange={onProducts} error={errorOf("product_ids")} />
            {variantIds.length > 0 && (
              <Text size="sm" c="dimmed">
                Also {variantIds.length === 1 ? "1 variant" : `${variantIds.length} variants`} chosen through the API (kept as they are).
              </Text>
            )}
            {errorOf("variant_ids") && (
              <Text size="sm" c="red">
                {errorOf("variant_ids")}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

interface ProductPickerProps {
  chosen: number[];
  knownNames: ReadonlyMap<number, string>;
  onChange: (ids: number[]) => void;
  error?: string;
}

function ProductPicker({ chosen, knownNames, onChange, error }: ProductPickerProps) {
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Names met in searches, for products the catalogue the editor loaded does not hold.
  const [foundNames, setFoundNames] = useState<ReadonlyMap<number, string>>(new Map());
  const { data, previousData } = useQuery(PromotionProductChoicesDocument, { variables: { name: query, first: FOUND_AT_MOST }, skip: query === "" });
  const found = query === "" ? [] : ((data ?? previousData)?.products.nodes ?? []);
  const nameOf = (id: number) => knownNames.get(id) ?? foundNames.get(id) ?? `Product #${id}`;
  const add = (product: { id: number; name: string }) => {
    setFoundNames((names) => new Map(names).set(product.id, product.name));
    onChange([...chosen, product.id]);
  };
  const offered = found.filter((product) => !chosen.includes(product.id));
  return (
    <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        Products
      </Text>
      <Stack gap="xs">
        {chosen.length > 0 && (
          <Group gap={6} component="ul" aria-label="Chosen products" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {chosen.map((id) => (
              <Paper key={id} component="li" withBorder radius="xl" px="sm" py={2}>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{nameOf(id)}</Text>
                  <CloseButton size="sm" aria-label={`Remove ${nameOf(id)}`} onClick={() => onChange(chosen.filter((known) => known !== id))} />
                </Group>
              </Paper>
            ))}
          </Group>
        )}
        <TextInput
          type="search"
          label="Find a product to add"
          description="By its name; the products found are listed below."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        {query !== "" && (data || previousData) && (
          <Stack gap={4} role="group" aria-label="Products found">
            {offered.length === 0 ? (
              <Text size="sm" c="dimmed">
                No other product matches "{query}".
              </Text>
            ) : (
              offered.map((product) => (
                <Group key={product.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{product.name}</Text>
                  <Button size="compact-sm" variant="light" onClick={() => add(product)} aria-label={`Add ${product.name}`}>
                    Add
                  </Button>
                </Group>
              ))
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
