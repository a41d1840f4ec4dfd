// The promotion editor's values and what is sent (PromotionInput): only the chosen kind's value, the
// categories, products and variants only when it applies to chosen ones, empty numbers as none, the dates from the
// browser's local time to ISO, and the code only for a promotion shoppers get with one. Every bound is the
// server's; it answers each problem at its field (SERVER_FIELD names them).
import type { AdminPromotionFieldsFragment, PromotionInput, PromotionKind } from "../../../graphql/generated/graphql";

export type PromotionScope = "every-item" | "chosen";

export interface PromotionFormValues {
  name: string;
  kind: PromotionKind;
  percent: number | string;
  amount: number | string;
  buyQuantity: number | string;
  getQuantity: number | string;
  scope: PromotionScope;
  categoryIds: number[];
  productIds: number[];
  /** Variants chosen one by one (a product's other variants are left out). */
  variantIds: number[];
  minItems: number | string;
  minQuantity: number | string;
  /** As a datetime-local input holds it: "2026-11-01T09:00" in the browser's time zone, or "". */
  startsAt: string;
  endsAt: string;
  usageLimit: number | string;
  perCustomerLimit: number | string;
  combinable: boolean;
  onDiscountedItems: boolean;
  automatic: boolean;
  code: string;
}

/** The names the server gives the fields in its messages (extensions.fields). */
export const SERVER_FIELD = {
  name: "name",
  kind: "kind",
  percent: "percent",
  amount: "amount",
  buyQuantity: "buy_quantity",
  getQuantity: "get_quantity",
  categoryIds: "category_ids",
  productIds: "product_ids",
  variantIds: "variant_ids",
  minItems: "min_items",
  minQuantity: "min_quantity",
  startsAt: "starts_at",
  endsAt: "ends_at",
  usageLimit: "usage_limit",
  perCustomerLimit: "per_customer_limit",
  code: "code",
} as const satisfies Partial<Record<keyof PromotionFormValues, string>>;

export const emptyPromotionForm = (): PromotionFormValues => ({
  name: "",
  kind: "PERCENT_OFF",
  percent: "",
  amount: "",
  buyQuantity: "",
  getQuantity: "",
  scope: "every-item",
  categoryIds: [],
  productIds: [],
  variantIds: [],
  minItems: "",
  minQuantity: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perCustomerLimit: "",
  combinable: false,
  onDiscountedItems: false,
  automatic: false,
  code: "",
});

const two = (value: number) => String(value).padStart(2, "0");

/** An ISO date-time as a datetime-local input shows it, in the browser's time zone ("" for none). */
export function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as ISO, null when empty. */
export function isoFromLocalInput(value: string): string | null {
  if (value.trim() === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const orEmpty = (value: number | null) => (value === null ? "" : value);

export function promotionFormValues(promotion: AdminPromotionFieldsFragment): PromotionFormValues {
  const chosen = promotion.categoryIds.length + promotion.productIds.length + promotion.variantIds.length > 0;
  return {
    name: promotion.name,
    kind: promotion.kind,
    percent: orEmpty(promotion.percent),
    amount: orEmpty(promotion.amount),
    buyQuantity: orEmpty(promotion.buyQuantity),
    getQuantity: orEmpty(promotion.getQuantity),
    scope: chosen ? "chosen" : "every-item",
    categoryIds: promotion.categoryIds,
    productIds: promotion.productIds,
    variantIds: promotion.variantIds,
    minItems: orEmpty(promotion.minItems),
    minQuantity: orEmpty(promotion.minQuantity),
    startsAt: localInputValue(promotion.startsAt),
    endsAt: localInputValue(promotion.endsAt),
    usageLimit: orEmpty(promotion.usageLimit),
    perCustomerLimit: orEmpty(promotion.perCustomerLimit),
    combinable: promotion.combinable,
    onDiscountedItems: promotion.onDiscountedItems,
    automatic: promotion.automatic,
    code: promotion.code ?? "",
  };
}

/** A number field's value: null when empty (or not a number). */
function numberOrNull(value: number | string): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** What the editor sends, on save and for the preview. */
export function promotionInput(values: PromotionFormValues): PromotionInput {
  const chosen = values.scope === "chosen";
  const code = values.code.trim();
  return {
    name: values.name,
    kind: values.kind,
    percent: values.kind === "PERCENT_OFF" ? numberOrNull(values.percent) : null,
    amount: values.kind === "AMOUNT_OFF" ? numberOrNull(values.amount) : null,
    buyQuantity: values.kind === "BUY_X_GET_Y" ? numberOrNull(values.buyQuantity) : null,
    getQuantity: values.kind === "BUY_X_GET_Y" ? numberOrNull(values.getQuantity) : null,
    categoryIds: chosen ? values.categoryIds : [],
    productIds: chosen ? values.productIds : [],
    variantIds: chosen ? values.variantIds : [],
    minItems: numberOrNull(values.minItems),
    minQuantity: numberOrNull(values.minQuantity),
    startsAt: isoFromLocalInput(values.startsAt),
    endsAt: isoFromLocalInput(values.endsAt),
    usageLimit: numberOrNull(values.usageLimit),
    perCustomerLimit: numberOrNull(values.perCustomerLimit),
    combinable: values.combinable,
    onDiscountedItems: values.onDiscountedItems,
    automatic: values.automatic,
    code: values.automatic || code === "" ? null : code,
  };
}

/** A promotion that applies to chosen items must name at least one (none would mean every item). */
export const CHOOSE_SOMETHING = "Choose at least one category, product or variant, or apply it to every item.";

/** The problems the editor can see before asking the server (field -> message, in the server's names). */
export function promotionFormProblems(values: PromotionFormValues): Record<string, string> {
  if (values.scope === "chosen" && values.categoryIds.length + values.productIds.length + values.variantIds.length === 0) {
    return { [SERVER_FIELD.categoryIds]: CHOOSE_SOMETHING };
  }
  return {};
}
