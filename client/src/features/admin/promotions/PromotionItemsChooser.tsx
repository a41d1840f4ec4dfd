// What a promotion applies to: every item, or the chosen categories, products and variants. Categories are
// ticked from the shop's list; products are found by name (on the server, once the typing pauses, so any
// product of a large catalogue can be found) and added whole, or, for a product sold in several variants,
// one variant at a time (by its options and SKU). The chosen products and variants are listed by name, each
// with its Remove button: names come from the products the editor knows (the newest ones, those it asked for
// by id when it opened, and those met in searches), never as bare ids while the names are known.
import { useQuery } from "@apollo/client/react";
import { Box, Button, Checkbox, CloseButton, Group, Paper, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { PromotionProductChoicesDocument } from "./operations";
import { SEARCH_DEBOUNCE_MS } from "../../../lib/apollo/pages";
import type { PromotionScope } from "./promotionForm";
import { variantLabel, variantWords, type ItemNames, type NamedProduct } from "./promotionText";

const FOUND_AT_MOST = 8;

export interface ItemsChooserProps {
  scope: PromotionScope;
  categoryIds: number[];
  productIds: number[];
  variantIds: number[];
  categories: ReadonlyArray<{ id: number; name: string }>;
  /** Names the editor already knows (the catalogue it loaded and the chosen items asked by id), by id. */
  known: ItemNames;
  onScope: (scope: PromotionScope) => void;
  onCategories: (ids: number[]) => void;
  onProducts: (ids: number[]) => void;
  onVariants: (ids: number[]) => void;
  errorOf: (field: string) => string | undefined;
}

export function ItemsChooser(props: ItemsChooserProps) {
  const { scope, categoryIds, categories, onScope, onCategories, errorOf } = props;
  return (
    <Stack gap="sm">
      <Radio.Group label="Applies to" value={scope} onChange={(value) => onScope(value as PromotionScope)}>
        <Group mt={6} gap="lg">
          <Radio value="every-item" label="Every item" />
          <Radio value="chosen" label="Chosen categories, products and variants" />
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
            <ProductPicker {...props} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The chosen products or variants, each named with its Remove button. */
function ChosenList({ label, ids, nameOf, onChange }: { label: string; ids: number[]; nameOf: (id: number) => string; onChange: (ids: number[]) => void }) {
  if (ids.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {ids.map((id) => (
        <Paper key={id} component="li" withBorder radius="xl" px="sm" py={2}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm">{nameOf(id)}</Text>
            <CloseButton size="sm" aria-label={`Remove ${nameOf(id)}`} onClick={() => onChange(ids.filter((known) => known !== id))} />
          </Group>
        </Paper>
      ))}
    </Group>
  );
}

function ProductPicker({ productIds, variantIds, known, onProducts, onVariants, errorOf }: ItemsChooserProps) {
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Names met in searches, for items the editor's own lists do not hold.
  const [found, setFound] = useState<ItemNames>({ products: new Map(), variants: new Map() });
  const { data, previousData } = useQuery(PromotionProductChoicesDocument, { variables: { name: query, first: FOUND_AT_MOST }, skip: query === "" });
  const results = query === "" ? [] : ((data ?? previousData)?.products.nodes ?? []);
  // Until its name is known (its product is being asked for), an item shows by its id.
  const productName = (id: number) => known.products.get(id) ?? found.products.get(id) ?? `Product #${id}`;
  const variantName = (id: number) => known.variants.get(id) ?? found.variants.get(id) ?? `Variant #${id}`;
  const remember = (product: NamedProduct) =>
    setFound((names) => ({
      products: new Map(names.products).set(product.id, product.name),
      variants: new Map([...names.variants, ...product.variants.map((variant) => [variant.id, variantLabel(product, variant)] as const)]),
    }));
  const addProduct = (product: NamedProduct) => {
    remember(product);
    onProducts([...productIds, product.id]);
  };
  const addVariant = (product: NamedProduct, variantId: number) => {
    remember(product);
    onVariants([...variantIds, variantId]);
  };
  return (
    <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        Products and variants
      </Text>
      <Stack gap="xs">
        <ChosenList label="Chosen products" ids={productIds} nameOf={productName} onChange={onProducts} />
        <ChosenList label="Chosen variants" ids={variantIds} nameOf={variantName} onChange={onVariants} />
        {errorOf("variant_ids") && (
          <Text size="sm" c="var(--mantine-color-error)">
            {errorOf("variant_ids")}
          </Text>
        )}
        <TextInput
          type="search"
          label="Find a product to add"
          description="By its name; the products found are listed below, with their variants when they have several."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errorOf("product_ids")}
        />
        {query !== "" && (data || previousData) && (
          <Stack gap={6} role="group" aria-label="Products found">
            {results.length === 0 ? (
              <Text size="sm" c="dimmed">
                No product matches "{query}".
              </Text>
            ) : (
              results.map((product) => (
                <FoundProduct
                  key={product.id}
                  product={product}
                  productChosen={productIds.includes(product.id)}
                  variantIds={variantIds}
                  onProduct={() => addProduct(product)}
                  onVariant={(variantId) => addVariant(product, variantId)}
                />
              ))
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

interface FoundProductProps {
  product: NamedProduct;
  productChosen: boolean;
  variantIds: number[];
  onProduct: () => void;
  onVariant: (variantId: number) => void;
}

/** A product found: Add (the whole product) and, when it is sold in several variants, Add beside each of them. */
function FoundProduct({ product, productChosen, variantIds, onProduct, onVariant }: FoundProductProps) {
  const several = product.variants.length > 1;
  const offered = product.variants.filter((variant) => !variantIds.includes(variant.id));
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{product.name}</Text>
        {productChosen ? (
          <Text size="sm" c="dimmed">
            Chosen
          </Text>
        ) : (
          <Button size="compact-sm" variant="light" onClick={onProduct} aria-label={`Add ${product.name}`}>
            Add
          </Button>
        )}
      </Group>
      {several && !productChosen && offered.length > 0 && (
        <Stack gap={2} pl="md" component="ul" aria-label={`Variants of ${product.name}`} style={{ listStyle: "none", margin: 0 }}>
          {offered.map((variant) => (
            <Group key={variant.id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">{variantWords(variant)}</Text>
              <Button size="compact-xs" variant="subtle" onClick={() => onVariant(variant.id)} aria-label={`Add ${variantLabel(product, variant)}`}>
                Add variant
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
