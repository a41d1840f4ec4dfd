// The editor's live preview: a sample cart of one to three products (any variant on sale) with their
// quantities and a delivery region, priced by the server with the promotion as the editor has it now
// (promotionPreview: this promotion alone, not saved). It asks again once the editing pauses (400 ms); while
// the promotion is not complete yet it shows what the server says is missing.
import { useQuery } from "@apollo/client/react";
import { Button, CloseButton, Group, NativeSelect, NumberInput, Stack, Table, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { memo, useMemo, useState } from "react";
import { type CartLineInput, type PromotionInput, type PromotionPreviewQuery } from "../../../graphql/generated/graphql";
import { PromotionPreviewDocument } from "./operations";
import { invalidInputMessages, serverMessage } from "../../../lib/apollo/errors";
import { formatMoney } from "../../../lib/money";
import { UpdatingResults } from "../../../components/UpdatingResults";
import { AdminSection } from "../AdminParts";

export const PREVIEW_DEBOUNCE_MS = 400;
export const MAX_SAMPLES = 3;

/** A variant the sample cart can buy, as the select offers it. */
export interface SampleChoice {
  variantId: number;
  productId: number;
  /** "Boston Fern", or "Monstera · Pot size: 24 cm" for a product sold in several variants. */
  label: string;
}

export interface SampleProduct {
  id: number;
  name: string;
  variants: ReadonlyArray<{ id: number; options: ReadonlyArray<{ name: string; value: string }> }>;
}

/** Every variant on sale of the products, each a choice of its own (the product's name alone when it has one). */
export function sampleChoices(products: readonly SampleProduct[]): SampleChoice[] {
  return products.flatMap((product) =>
    product.variants.map((variant) => ({
      variantId: variant.id,
      productId: product.id,
      label:
        product.variants.length > 1 && variant.options.length > 0
          ? `${product.name} · ${variant.options.map((option) => `${option.name}: ${option.value}`).join(", ")}`
          : product.name,
    })),
  );
}

interface Sample {
  /** The chosen variant's id as the select holds it ("" for none); null: the first product, until another is chosen. */
  variant: string | null;
  quantity: number | string;
}

export interface PromotionPreviewPanelProps {
  /** The promotion as the editor has it, once its editing paused (the editor debounces it). */
  input: PromotionInput;
  /** The editor holds changes the input does not have yet: the preview shows as being updated. */
  editing: boolean;
  products: readonly SampleProduct[];
  regions: ReadonlyArray<{ id: number; name: string }>;
}

/** Drawn again only when its props change: not at every key typed in the editor. */
export const PromotionPreviewPanel = memo(function PromotionPreviewPanel({ input, editing, products, regions }: PromotionPreviewPanelProps) {
  const choices = useMemo(() => sampleChoices(products), [products]);
  // The first sample is the first product until another is chosen.
  const [samples, setSamples] = useState<Sample[]>([{ variant: null, quantity: 1 }]);
  const [region, setRegion] = useState("");
  const variantOf = (sample: Sample) => sample.variant ?? String(choices[0]?.variantId ?? "");

  const lines: CartLineInput[] = samples.flatMap((sample) => {
    const choice = choices.find((known) => String(known.variantId) === variantOf(sample));
    const quantity = Number(sample.quantity);
    return choice && Number.isInteger(quantity) && quantity >= 1 ? [{ productId: choice.productId, variantId: choice.variantId, quantity }] : [];
  });
  // The sample cart is asked for once its editing pauses too.
  const cart = JSON.stringify({ lines, regionId: region === "" ? null : Number(region) });
  const [askedCart] = useDebouncedValue(cart, PREVIEW_DEBOUNCE_MS);
  const variables = useMemo(() => ({ input, ...(JSON.parse(askedCart) as { lines: CartLineInput[]; regionId: number | null }) }), [input, askedCart]);
  const { data, previousData, error, loading } = useQuery(PromotionPreviewDocument, { variables, skip: variables.lines.length === 0 });

  const change = (index: number, sample: Partial<Sample>) => setSamples((current) => current.map((known, at) => (at === index ? { ...known, ...sample } : known)));
  const nameOf = (variantId: number) => choices.find((choice) => choice.variantId === variantId)?.label ?? `Variant #${variantId}`;
  const quote = error ? undefined : (data ?? previousData)?.promotionPreview;

  return (
    <AdminSection id="promotion-preview" title="Preview">
      <Text size="sm" c="dimmed">
        A sample cart priced with this promotion alone, as it is now (not saved yet).
      </Text>
      <Stack gap="xs" role="group" aria-label="Sample cart">
        {samples.map((sample, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
            <NativeSelect
              label={`Sample product ${index + 1}`}
              value={variantOf(sample)}
              onChange={(event) => change(index, { variant: event.currentTarget.value })}
              data={[{ value: "", label: "Choose a product" }, ...choices.map((choice) => ({ value: String(choice.variantId), label: choice.label }))]}
              style={{ flex: 1, minWidth: 0 }}
            />
            <NumberInput
              label="Quantity"
              aria-label={`Quantity of sample product ${index + 1}`}
              value={sample.quantity}
              onChange={(quantity) => change(index, { quantity })}
              min={1}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              w={100}
            />
            {samples.length > 1 && (
              <CloseButton mb={6} aria-label={`Remove sample product ${index + 1}`} onClick={() => setSamples((current) => current.filter((_, at) => at !== index))} />
            )}
          </Group>
        ))}
        <Group justify="space-between" align="flex-end">
          {samples.length < MAX_SAMPLES ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setSamples((current) => [...current, { variant: "", quantity: 1 }])}>
              Add a sample product
            </Button>
          ) : (
            <span />
          )}
          <NativeSelect
            label="Delivery region"
            value={region}
            onChange={(event) => setRegion(event.currentTarget.value)}
            data={[{ value: "", label: "No region (no delivery, no tax)" }, ...regions.map((known) => ({ value: String(known.id), label: known.name }))]}
          />
        </Group>
      </Stack>
      <UpdatingResults updating={variables.lines.length > 0 && (loading || editing || askedCart !== cart)} label="Updating the preview…">
        <PreviewResult hasLines={variables.lines.length > 0} quote={quote} error={error} nameOf={nameOf} />
      </UpdatingResults>
    </AdminSection>
  );
});

type Quote = PromotionPreviewQuery["promotionPreview"];

function PreviewResult({ hasLines, quote, error, nameOf }: { hasLines: boolean; quote: Quote | undefined; error: unknown; nameOf: (variantId: number) => string }) {
  if (!hasLines) return <Text size="sm">Choose a product to see the promotion on a sample cart.</Text>;
  if (error) {
    const missing = invalidInputMessages(error);
    return (
      <Stack gap={4} data-testid="preview-problems">
        <Text size="sm" fw={600}>
          {missing ? "The preview shows once the promotion is complete:" : "The preview could not be worked out."}
        </Text>
        {(missing ?? [serverMessage(error)]).map((message) => (
          <Text key={message} size="sm" c="red">
            {message}
          </Text>
        ))}
      </Stack>
    );
  }
  if (!quote) return <Text size="sm">Working out the preview…</Text>;
  const saved = quote.discountTotal + quote.deliveryDiscount;
  return (
    <Stack gap="sm" data-testid="preview-result">
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4} fz="sm" aria-label="Sample cart with the promotion">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Before</Table.Th>
              <Table.Th ta="right">Discount</Table.Th>
              <Table.Th ta="right">After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line) => (
              <Table.Tr key={line.variantId}>
                <Table.Td>{nameOf(line.variantId)}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.lineTotal)}</Table.Td>
                <Table.Td ta="right">{line.discount > 0 ? `−${formatMoney(line.discount)}` : "—"}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.lineTotal - line.discount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table verticalSpacing={2} fz="sm" aria-label="Sample cart totals">
        <Table.Tbody>
          <Figure label="Items before the promotion" amount={quote.itemsTotal} />
          <Figure label="Promotion discount" amount={-quote.discountTotal} />
          <Figure label="Items after the promotion" amount={quote.itemsTotal - quote.discountTotal} />
          <Figure label="Delivery" amount={quote.deliveryFee} />
          {quote.deliveryDiscount > 0 && <Figure label="Delivery discount" amount={-quote.deliveryDiscount} />}
          {quote.taxTotal > 0 && <Figure label={quote.pricesIncludeTax ? "Tax (included)" : "Tax"} amount={quote.taxTotal} />}
          <Figure label="Total before the promotion" amount={quote.totalBeforePromotions} />
          <Figure label="Total with the promotion" amount={quote.total} strong />
        </Table.Tbody>
      </Table>
      <Text size="sm" role="status" data-testid="preview-saving">
        {saved > 0 ? `The shopper saves ${formatMoney(saved)} on this cart.` : "The promotion takes nothing off this cart."}
      </Text>
    </Stack>
  );
}

function Figure({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  const text = amount < 0 ? `−${formatMoney(-amount)}` : formatMoney(amount);
  return (
    <Table.Tr>
      <Table.Th fw={strong ? 700 : 400} scope="row">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400}>
        {text}
      </Table.Td>
    </Table.Tr>
  );
}
