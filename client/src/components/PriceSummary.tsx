// The promotions and tax of a cart quote or a placed order, as the cart, checkout and order summaries show
// them (the printed invoice uses the same words): what the promotions took off the items ('Discount') and the
// delivery ('Delivery discount'), each with the promotions that made it listed under it, indented (each
// promotion once, under the row it reduces, with its part of that row: 'Spring sale −$3.50' under Discount,
// 'Free delivery −$5.00' under Delivery discount), tax added before the total ('VAT 20%') or held in the
// prices ('Includes VAT 20%'), and tax per rate with its net amount. A row whose amount is 0 is not shown, so
// a shop without promotions or tax shows its summaries exactly as before they existed.
import { Group, Stack, Text, type TextProps } from "@mantine/core";
import { useId, type ReactNode } from "react";
import { formatMoney } from "../lib/money";

/** The promotion and tax figures the API gives a cart quote and an order alike. */
export interface PriceParts {
  discountTotal: number;
  deliveryDiscount: number;
  pricesIncludeTax: boolean;
  /** Tax per rate, named as the owner named it ('VAT 20%'). */
  taxLines: ReadonlyArray<{ name: string; tax: number }>;
  /** Each promotion with all it took off, and its part of the items' discount and of the delivery's. */
  promotions: ReadonlyArray<AppliedPromotion>;
}

export interface AppliedPromotion {
  name: string;
  code?: string | null;
  amount: number;
  itemsAmount: number;
  deliveryAmount: number;
}

/** Which row a promotion's part reduces: the items' Discount, or the Delivery discount. */
export type PromotionPart = "items" | "delivery";
const partOf = (promotion: AppliedPromotion, part: PromotionPart) => (part === "items" ? promotion.itemsAmount : promotion.deliveryAmount);

/** The promotions that took something off this row, each with its part of it. */
export const promotionsIn = (parts: Pick<PriceParts, "promotions">, part: PromotionPart) =>
  parts.promotions.filter((promotion) => partOf(promotion, part) > 0).map((promotion) => ({ promotion, amount: partOf(promotion, part) }));

/** Tax per rate with the amount it was charged on, as an order lists it. */
export interface TaxedParts extends Pick<PriceParts, "pricesIncludeTax"> {
  taxLines: ReadonlyArray<{ name: string; net: number; tax: number }>;
}

/** An amount taken off: "−$3.50" (a minus sign, which screen readers read as minus). */
export const amountOff = (amount: number) => `−${formatMoney(amount)}`;

/** "Includes VAT 20%": a tax held in the prices. */
export const includedTaxLabel = (name: string) => `Includes ${name}`;

/** "VAT 20%: net $10.00, tax $2.00": one rate of an order's tax, as the order page and the invoice list it. */
export const taxLineWords = (line: TaxedParts["taxLines"][number]) => `${line.name}: net ${formatMoney(line.net)}, tax ${formatMoney(line.tax)}`;

/** "Spring sale: 10% off (SPRING10)": a promotion, with the code that brought it when asked for. */
export const promotionLabel = (promotion: PriceParts["promotions"][number], withCode = false) =>
  withCode && promotion.code ? `${promotion.name} (${promotion.code})` : promotion.name;

/** The note an order whose prices held their tax carries. */
export const PRICES_INCLUDE_TAX = "Prices include VAT";

/** The tax lines added on top of the prices (prices that exclude tax), without those of 0. */
export const addedTaxLines = (parts: PriceParts) => (parts.pricesIncludeTax ? [] : parts.taxLines.filter((line) => line.tax > 0));
/** The tax lines held in the prices (prices that include tax), without those of 0. */
export const includedTaxLines = (parts: PriceParts) => (parts.pricesIncludeTax ? parts.taxLines.filter((line) => line.tax > 0) : []);
/** The promotions that took something off. */
export const promotionsApplied = (parts: PriceParts) => parts.promotions.filter((promotion) => promotion.amount > 0);

/** Whether the total differs from the items and delivery: something was taken off, or tax added on top. */
export const changesTotal = (parts: PriceParts) => parts.discountTotal > 0 || parts.deliveryDiscount > 0 || addedTaxLines(parts).length > 0;

/** One figure of a summary: its label on the left, the amount on the right. */
export function SummaryRow({ label, amount, testId, ...textProps }: { label: ReactNode; amount: string; testId?: string } & TextProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid={testId}>
      <Text {...textProps}>{label}</Text>
      <Text {...textProps} style={{ whiteSpace: "nowrap" }}>
        {amount}
      </Text>
    </Group>
  );
}

/** The promotions under a discount row: each indented, with its part of the row ('Spring sale −$3.50'). */
function PromotionRows({ parts, part, label, withCodes }: { parts: PriceParts; part: PromotionPart; label: string; withCodes: boolean }) {
  const applied = promotionsIn(parts, part);
  if (applied.length === 0) return null;
  return (
    <Stack component="ul" gap={2} aria-label={label} m={0} pl="md" style={{ listStyle: "none" }}>
      {applied.map(({ promotion, amount }) => (
        <Group component="li" key={`${promotion.name}-${promotion.code ?? ""}`} justify="space-between" wrap="nowrap" gap="sm" data-testid="promotion">
          <Text size="sm" c="green.9">
            {promotionLabel(promotion, withCodes)}
          </Text>
          <Text size="sm" c="green.9" style={{ whiteSpace: "nowrap" }}>
            {amountOff(amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** 'Discount −$3.50': what the promotions took off the items, and under it each promotion's part (nothing when 0). */
export function DiscountRow({ parts, withCodes = false }: { parts: PriceParts; withCodes?: boolean }) {
  if (parts.discountTotal <= 0) return null;
  return (
    <>
      <SummaryRow label="Discount" amount={amountOff(parts.discountTotal)} testId="discount-total" />
      <PromotionRows parts={parts} part="items" label="Promotions in the discount" withCodes={withCodes} />
    </>
  );
}

/** 'Delivery discount −$5.00': what the promotions took off the delivery fee, and under it each promotion's part (nothing when 0). */
export function DeliveryDiscountRow({ parts, withCodes = false }: { parts: PriceParts; withCodes?: boolean }) {
  if (parts.deliveryDiscount <= 0) return null;
  return (
    <>
      <SummaryRow label="Delivery discount" amount={amountOff(parts.deliveryDiscount)} testId="delivery-discount" />
      <PromotionRows parts={parts} part="delivery" label="Promotions in the delivery discount" withCodes={withCodes} />
    </>
  );
}

/** 'VAT 20% $1.23' per rate, added before the total when prices exclude tax. */
export function AddedTaxRows({ parts }: { parts: PriceParts }) {
  return addedTaxLines(parts).map((line) => <SummaryRow key={line.name} label={line.name} amount={formatMoney(line.tax)} testId="added-tax" />);
}

/** 'Includes VAT 20% $1.23' per rate, under the total when prices hold their tax. */
export function IncludedTaxRows({ parts }: { parts: PriceParts }) {
  return includedTaxLines(parts).map((line) => (
    <SummaryRow key={line.name} label={includedTaxLabel(line.name)} amount={formatMoney(line.tax)} testId="included-tax" size="sm" c="dimmed" />
  ));
}

/** 'VAT 20%: net $10.00, tax $2.00' per rate, and 'Prices include VAT' when they did; nothing without tax. */
export function TaxBreakdown({ parts }: { parts: TaxedParts }) {
  const heading = useId();
  const lines = parts.taxLines.filter((line) => line.tax > 0 || line.net > 0);
  if (lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} id={heading}>
        Tax
      </Text>
      <Stack component="ul" gap={2} aria-labelledby={heading} m={0} p={0} style={{ listStyle: "none" }}>
        {lines.map((line) => (
          <Text component="li" key={line.name} size="sm" data-testid="tax-line">
            {taxLineWords(line)}
          </Text>
        ))}
      </Stack>
      {parts.pricesIncludeTax && (
        <Text size="sm" c="dimmed">
          {PRICES_INCLUDE_TAX}
        </Text>
      )}
    </Stack>
  );
}
