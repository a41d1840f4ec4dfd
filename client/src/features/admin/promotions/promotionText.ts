// A promotion in the back office's words: what it takes off ("10% off", "$5.00 off", "Buy 2, get 1 free",
// "Free delivery"), how shoppers get it (its code, or "Automatic"), its status, its uses against its limit
// and the dates it runs between. The list and the editor read them from here.
import type { PromotionKind, PromotionStatus } from "../../../graphql/generated/graphql";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../../lib/orders/invoice";

export const KIND_LABEL: Record<PromotionKind, string> = {
  PERCENT_OFF: "Percent off",
  AMOUNT_OFF: "Amount off",
  BUY_X_GET_Y: "Buy X, get Y free",
  FREE_DELIVERY: "Free delivery",
};

/** The editor's kinds, in the order it offers them. */
export const PROMOTION_KINDS: readonly PromotionKind[] = ["PERCENT_OFF", "AMOUNT_OFF", "BUY_X_GET_Y", "FREE_DELIVERY"];

export const STATUS_TEXT: Record<PromotionStatus, string> = {
  ACTIVE: "Active",
  SCHEDULED: "Scheduled",
  PAUSED: "Paused",
  ENDED: "Ended",
  USED_UP: "Used up",
  NO_CODES: "No codes yet",
};

export const STATUS_COLOR: Record<PromotionStatus, string> = {
  ACTIVE: "green",
  SCHEDULED: "blue",
  PAUSED: "yellow",
  ENDED: "gray",
  USED_UP: "orange",
  // Something for the owner to do: give it a code or generate a batch.
  NO_CODES: "red",
};

/** 12.5 -> "12.5%", 10 -> "10%". */
export const formatPercent = (percent: number) => `${Number(percent.toFixed(4))}%`;

export interface PromotionValue {
  kind: PromotionKind;
  percent: number | null;
  amount: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
}

/** What it takes off, in words: "10% off", "$5.00 off", "Buy 2, get 1 free", "Free delivery". */
export function kindText(promotion: PromotionValue): string {
  switch (promotion.kind) {
    case "PERCENT_OFF":
      return promotion.percent === null ? "Percent off" : `${formatPercent(promotion.percent)} off`;
    case "AMOUNT_OFF":
      return promotion.amount === null ? "Amount off" : `${formatMoney(promotion.amount)} off`;
    case "BUY_X_GET_Y":
      return `Buy ${promotion.buyQuantity ?? "?"}, get ${promotion.getQuantity ?? "?"} free`;
    case "FREE_DELIVERY":
      return "Free delivery";
  }
}

/** How shoppers get it: "Automatic", its shared code, or its single-use codes. */
export function codeText(promotion: { automatic: boolean; code: string | null; codeCount: number }): string {
  if (promotion.automatic) return "Automatic";
  if (promotion.code) return promotion.code;
  return promotion.codeCount > 0 ? singleUseCodes(promotion.codeCount) : "No code yet";
}

/** The single-use codes besides the shared code, e.g. 20 codes with SPRING10 -> 19. */
export const singleUseCodeCount = (promotion: { code: string | null; codeCount: number }) => promotion.codeCount - (promotion.code ? 1 : 0);

export const singleUseCodes = (count: number) => `${count.toLocaleString("en-US")} single-use ${count === 1 ? "code" : "codes"}`;

/** "3 / 10" against a limit, else "3". */
export const usesText = (promotion: { uses: number; usageLimit: number | null }) =>
  promotion.usageLimit === null ? String(promotion.uses) : `${promotion.uses} / ${promotion.usageLimit}`;

/** When it runs: "From …", "Until …", "… – …", or "Any time". */
export function datesText(promotion: { startsAt: string | null; endsAt: string | null }): string {
  const { startsAt, endsAt } = promotion;
  if (startsAt && endsAt) return `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`;
  if (startsAt) return `From ${formatDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatDateTime(endsAt)}`;
  return "Any time";
}

/** "N codes added" after a batch. */
export const codesAddedText = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "code" : "codes"} added`;

/** The file a promotion's codes download as. */
export const codesFileName = (promotionId: number) => `promotion-${promotionId}-codes.csv`;

/** A variant as the promotion editor names it. */
export interface NamedVariant {
  id: number;
  sku: string;
  options: ReadonlyArray<{ name: string; value: string }>;
}

/** A product with its variants, as the editor meets it (in its lists, in searches, asked by id). */
export interface NamedProduct {
  id: number;
  name: string;
  variants: readonly NamedVariant[];
}

/** The names of products and of variants, by id. */
export interface ItemNames {
  products: ReadonlyMap<number, string>;
  variants: ReadonlyMap<number, string>;
}

/** A variant in words: "Pot size: 24 cm (MON-24)", or its SKU alone when it has no options. */
export const variantWords = (variant: NamedVariant) =>
  variant.options.length > 0 ? `${variant.options.map((option) => `${option.name}: ${option.value}`).join(", ")} (${variant.sku})` : variant.sku;

/** A variant with its product: "Monstera · Pot size: 24 cm (MON-24)". */
export const variantLabel = (product: { name: string }, variant: NamedVariant) => `${product.name} · ${variantWords(variant)}`;

/** The names of these products and of their variants (the later product wins for an id met twice). */
export function itemNames(products: readonly NamedProduct[]): ItemNames {
  return {
    products: new Map(products.map((product) => [product.id, product.name])),
    variants: new Map(products.flatMap((product) => product.variants.map((variant) => [variant.id, variantLabel(product, variant)] as const))),
  };
}
