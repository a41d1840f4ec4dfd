// The cart a shopper brings to checkout: reading its lines (only ids and quantities count; prices and
// names always come from the server), judging it against today's stock, and quoting it.
import { Prisma } from "../../generated/prisma/client.js";
import { defaultVariant, variantLabel, type ChosenValue, type Priced } from "../catalog/index.js";
import { Checks, fieldRule, inList, parseId, received, requireUser, type Cents, type Deferred, type RowReader, type Viewer } from "../shared/index.js";
import type { OrderQuote, PromotionRule } from "../pricing/index.js";
import { readCodes, type PromotionCustomer } from "../promotions/index.js";
import { ownTaxClassColumn } from "../taxes/index.js";
import { MAX_CODES, priceWith, pricingInputs, type CodeOutcome } from "./cart-price.js";
import { priceOrder } from "./pricing.js";
import { TERMS_VERSION_COLUMN, type KeptPricingTerms } from "./pricing-terms.js";

/** A cart longer than this is not a shopping cart; refusing it keeps one request from becoming a huge query. */
export const MAX_CART_ITEMS = 100;

const CART_READY = "Your cart is ready for checkout.";
const UNKNOWN_PRODUCT = "A product in your cart is no longer available.";

/** One line of a cart: which variant (or product) and how many. Prices, and names, always come from the server. */
export interface CartLineInput {
  /** The product; enough alone for a product sold in one variant (see ProductLineRule otherwise). */
  productId?: number | null;
  /** The variant bought; when productId is sent too, the variant must be that product's. */
  variantId?: number | null;
  quantity: number;
  /** The name the client showed for the product, used only to word "{name} is no longer available." */
  name?: string | null;
}

/**
 * What a line naming a product but no variant buys. "only-variant" (GraphQL, the storefront): the product's
 * one variant on sale; a product sold in several asks the shopper to choose. "default-variant" (the REST
 * shim, whose clients know no variants): the product's default variant, as its REST price and stock are.
 */
export type ProductLineRule = "only-variant" | "default-variant";

export interface CartCheckResult {
  message: string;
  totalQuantity: number;
  subtotalCents: Cents;
}

/** One line the cart asks for, as named: quantities of repeated lines naming the same thing are added up. */
export interface WantedLine {
  productId: number | null;
  variantId: number | null;
  /** null when a line had no whole quantity of at least 1. */
  quantity: number | null;
  /** The name the client's cart item carried, used only to word "no longer available". */
  clientName: string | null;
}

export interface CartRequest {
  wanted: WantedLine[];
  /** Messages for items that name no product at all (no id, or not an object). */
  unusable: string[];
}

/** A variant as the cart needs it: its prices, the units in stock, and how shoppers name it. */
export interface StockedVariant extends Priced {
  variantId: number;
  productId: number;
  categoryId: number;
  productName: string;
  /** "Monstera (24 cm)"; the product's name for a product without options. */
  label: string;
  sku: string;
  options: ChosenValue[];
  quantity: number;
  enabled: boolean;
  /** The product's own tax class (null: its category's, else the default). */
  ownTaxClassId: number | null;
}

/** A cart line matched to the variant it buys (lines buying the same variant added up). */
export interface BoughtLine {
  variant: StockedVariant;
  quantity: number | null;
}

/** The cart read against the catalogue: what it buys, and why the rest cannot be bought. */
export interface ReadCart {
  bought: BoughtLine[];
  /** In the cart's order: each line that buys nothing gives its problem; a bought line stands where it was first named. */
  inOrder: (BoughtLine | string)[];
  /** The lines whose variant is the shopper's choice to make (which variant), with what to choose: quoted without them. */
  choicesToMake: Array<{ productId: number; message: string }>;
  /** Products named by lines that buy nothing (unknown, or no longer on sale). */
  missingProductIds: number[];
  /** The pricing terms' version, read in the same statement (null when nothing was read). */
  termsVersion: string | null;
}

/** A line of a cart quote: the variant, how many, and its figures at today's prices. */
export interface QuotedLine extends Priced {
  productId: number;
  variantId: number;
  categoryId: number;
  sku: string;
  options: ChosenValue[];
  quantity: number;
}

/** A cart priced at today's prices; products that no longer exist are left out and named. */
export interface CartQuote extends OrderQuote<QuotedLine> {
  missingProductIds: number[];
  /** Lines naming a product sold in several variants (or a variant of another product): left out, with what to choose. */
  choicesToMake: Array<{ productId: number; message: string }>;
  /** The codes entered: applied, or why not. */
  codes: CodeOutcome[];
}

/** Checks a cart against today's stock and prices before checkout. */
export async function checkCart(read: RowReader, viewer: Viewer | null, lines: Deferred<CartLineInput[]>, rule: ProductLineRule = "only-variant"): Promise<CartCheckResult> {
  requireUser(viewer);
  const checks = new Checks();
  const cart = checks.field("cart", cartField, await received(lines));
  checks.done();
  const found = await readCart(read, cart, rule);
  judgeCart(checks, found);
  checks.done();
  const quote = priceOrder(quotedLines(found.bought), null, { at: new Date() });
  return { message: CART_READY, totalQuantity: quote.totalQuantity, subtotalCents: quote.itemsCents };
}

/**
 * The server's figures for a cart, for anyone (a guest's cart too): each line at today's price, the items
 * total, the chosen region's fee (none while no region is chosen) and the total. Stock is not judged here
 * (checkCart and checkout do): a quote only prices. A line whose product or variant is no longer on sale is
 * left out and its product named; a line for a product sold in several variants that names none (a cart saved
 * before the product had them) is left out with the choice to make, so the rest of the cart is still priced.
 */
export async function quoteCart(
  read: RowReader,
  kept: KeptPricingTerms,
  lines: unknown,
  regionId: unknown,
  codes: unknown = [],
  customer: PromotionCustomer | null = null,
): Promise<CartQuote> {
  const checks = new Checks();
  const entered = checks.field("code", codesField, codes);
  const asked = readQuotedCart(read, checks, lines, regionId, "only-variant");
  // The codes are read beside the cart: neither needs the other.
  const [{ cart, region }, found] = await Promise.all([asked, readCodes(read, entered, customer)]);
  const at = new Date();
  const inputs = await pricingInputs(read, kept, forPricing(cart), region, entered, found, at);
  const { quote, codes: outcomes } = priceWith(inputs, quotedLines(cart.bought), knownRegion(checks, region, inputs.region), at);
  return { ...quote, missingProductIds: cart.missingProductIds, choicesToMake: cart.choicesToMake, codes: outcomes };
}

/**
 * A cart priced with exactly one promotion (the back office's editor previews an unsaved promotion on a
 * sample cart): as quoteCart, without the promotions in force and without codes.
 */
export async function previewCart(read: RowReader, kept: KeptPricingTerms, lines: unknown, regionId: unknown, promotion: PromotionRule): Promise<CartQuote> {
  const checks = new Checks();
  const { cart, region } = await readQuotedCart(read, checks, lines, regionId, "default-variant");
  const at = new Date();
  const inputs = await pricingInputs(read, kept, forPricing(cart), region, [], [], at, [promotion]);
  const { quote } = priceWith(inputs, quotedLines(cart.bought), knownRegion(checks, region, inputs.region), at);
  return { ...quote, missingProductIds: cart.missingProductIds, choicesToMake: cart.choicesToMake, codes: [] };
}

/** A cart to quote and the id of its region (none: no fee, no tax), each problem at its field (`checks` may hold others already). */
async function readQuotedCart(read: RowReader, checks: Checks, lines: unknown, regionId: unknown, rule: ProductLineRule) {
  const cart = checks.field("cart", cartField, lines);
  const region = regionId === undefined || regionId === null ? null : parseId(regionId);
  if (region === null && regionId !== undefined && regionId !== null) checks.add("region", "The selected region is invalid.");
  checks.done();
  if (cart.wanted.some((line) => line.quantity === null)) checks.add("cart", "Every quantity must be a whole number of at least 1.");
  return { cart: await readCart(read, cart, rule), region };
}

/** The region asked for, as the pricing terms know it: a region that does not exist is the shopper's problem to fix. */
function knownRegion<R>(checks: Checks, asked: number | null, found: R | null): R | null {
  if (asked !== null && !found) checks.add("region", "The selected region is invalid.");
  checks.done();
  return found;
}

/** What pricing needs of a read cart besides its lines: its products' classes and the terms' version. */
export const forPricing = (cart: ReadCart) => ({ products: cart.bought.map((line) => line.variant), termsVersion: cart.termsVersion });

/** The codes a shopper entered: a list of at most MAX_CODES texts of up to 64 characters (blank ones ignored). */
export const codesField = fieldRule<string[], string[]>(
  (value, problem) => {
    if (value === undefined || value === null) return [];
    const list = Array.isArray(value) ? value : [value];
    if (list.some((code) => typeof code !== "string" || code.length > 64)) problem("A code is a text of at most 64 characters.");
    else if (list.length > MAX_CODES) problem(`At most ${MAX_CODES} codes can be used on one order.`);
    return list.filter((code): code is string => typeof code === "string" && code.trim() !== "" && code.length <= 64).slice(0, MAX_CODES);
  },
  { type: "array", items: { type: "string", maxLength: 64 }, maxItems: MAX_CODES },
);

/**
 * The variants a cart names, with what the cart needs of their products and options, in one hand-written
 * statement: a cart is read on every change of it and at checkout, and through Prisma this read (variants,
 * products, option values, options) cost more CPU than pricing the cart (npm run bench:pricing). It also
 * brings each product's own tax class and the pricing terms' version, so that pricing the cart needs no
 * statement of its own while the kept terms are current (pricing-terms.ts).
 */
function readVariantsOfCart(read: RowReader, variantIds: number[], productIds: number[]): Promise<VariantRow[]> {
  return read<VariantRow>(Prisma.sql`
    SELECT v.id, v.product_id AS "productId", v.sku, v.price_cents AS "priceCents", v.discount_price_cents AS "discountPriceCents",
      v.quantity, v.enabled, p.name AS "productName", p.category_id AS "categoryId",
      ${ownTaxClassColumn(Prisma.sql`p.id`)} AS "ownTaxClassId", ${TERMS_VERSION_COLUMN} AS "termsVersion",
      (SELECT COALESCE(json_agg(json_build_object('name', o.name, 'value', ov.value) ORDER BY o.position, o.id), '[]'::json)
         FROM product_variant_values vv
         JOIN product_option_values ov ON ov.id = vv.value_id
         JOIN product_options o ON o.id = ov.option_id
         WHERE vv.variant_id = v.id) AS options
    FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id IN ${inList(variantIds, "int4")} OR v.product_id IN ${inList(productIds, "int4")}
    ORDER BY v.position, v.id`);
}

interface VariantRow {
  id: number;
  productId: number;
  sku: string;
  priceCents: number;
  discountPriceCents: number | null;
  quantity: number;
  enabled: boolean;
  productName: string;
  categoryId: number;
  options: ChosenValue[];
  ownTaxClassId: number | null;
  termsVersion: string | null;
}

/**
 * Matches each wanted line to the variant it buys (by the rule for lines naming only a product) and adds up
 * lines that buy the same variant; a line that buys nothing gets the message a shopper can act on.
 */
export async function readCart(read: RowReader, cart: CartRequest, rule: ProductLineRule): Promise<ReadCart> {
  const variantIds = cart.wanted.flatMap((line) => (line.variantId === null ? [] : [line.variantId]));
  const productIds = cart.wanted.flatMap((line) => (line.variantId === null && line.productId !== null ? [line.productId] : []));
  const rows = variantIds.length + productIds.length === 0 ? [] : await readVariantsOfCart(read, variantIds, productIds);
  const variants = rows.map(stockedVariant);
  const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
  const bought = new Map<number, BoughtLine>();
  const inOrder: (BoughtLine | string)[] = [...cart.unusable];
  const choicesToMake: ReadCart["choicesToMake"] = [];
  const missing = new Set<number>();
  for (const line of cart.wanted) {
    let variant: StockedVariant | undefined;
    if (line.variantId !== null) {
      variant = byId.get(line.variantId);
      if (variant && line.productId !== null && variant.productId !== line.productId) {
        choicesToMake.push({ productId: line.productId, message: `The chosen option is not one of ${variant.productName}'s.` });
        inOrder.push(choicesToMake[choicesToMake.length - 1].message);
        continue;
      }
    } else {
      const ofProduct = variants.filter((candidate) => candidate.productId === line.productId);
      const onSale = ofProduct.filter((candidate) => candidate.enabled);
      if (rule === "only-variant" && onSale.length > 1) {
        choicesToMake.push({ productId: onSale[0].productId, message: chooseMessage(onSale[0]) });
        inOrder.push(choicesToMake[choicesToMake.length - 1].message);
        continue;
      }
      variant = defaultVariant(ofProduct);
    }
    if (!variant || !variant.enabled) {
      inOrder.push(unavailableMessage(variant ? variant.label : line.clientName));
      if (variant || line.productId !== null) missing.add(variant?.productId ?? line.productId!);
      continue;
    }
    const known = bought.get(variant.variantId);
    if (!known) {
      const first = { variant, quantity: line.quantity };
      bought.set(variant.variantId, first);
      inOrder.push(first);
    } else known.quantity = known.quantity === null || line.quantity === null ? null : known.quantity + line.quantity;
  }
  return { bought: [...bought.values()], inOrder, choicesToMake, missingProductIds: [...missing], termsVersion: rows[0]?.termsVersion ?? null };
}

function stockedVariant(row: VariantRow): StockedVariant {
  return {
    variantId: row.id,
    productId: row.productId,
    categoryId: row.categoryId,
    productName: row.productName,
    label: variantLabel(row.productName, row.options),
    sku: row.sku,
    options: row.options,
    priceCents: row.priceCents,
    discountPriceCents: row.discountPriceCents,
    quantity: row.quantity,
    enabled: row.enabled,
    ownTaxClassId: row.ownTaxClassId === null ? null : Number(row.ownTaxClassId),
  };
}

/** The cart's lines to price, each with its variant's prices (every quantity must be known). */
function quotedLines(bought: BoughtLine[]): QuotedLine[] {
  return bought.map(({ variant, quantity }) => ({
    productId: variant.productId,
    variantId: variant.variantId,
    categoryId: variant.categoryId,
    sku: variant.sku,
    options: variant.options,
    quantity: quantity!,
    priceCents: variant.priceCents,
    discountPriceCents: variant.discountPriceCents,
  }));
}

/** "Please choose a Pot size and Colour for Monstera.": a line naming a product sold in several variants. */
export const chooseMessage = (variant: StockedVariant): string => {
  const names = variant.options.map((option) => option.name);
  const which = names.length <= 1 ? (names[0] ?? "option") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `Please choose a ${which} for ${variant.productName}.`;
};

export const unavailableMessage = (clientName: string | null) => (clientName ? `${clientName} is no longer available.` : UNKNOWN_PRODUCT);

export const shortageMessage = (name: string, inStock: number) =>
  inStock <= 0 ? `${name} is out of stock.` : `Only ${inStock} of ${name} left in stock.`;

/** A whole number of at least 1 (also as a numeric string, as form bodies may carry it), else null. */
function readQuantity(value: unknown): number | null {
  const number = typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A cart: its lines by product, quantities of repeated lines added up. Only the id and the quantity
 * count; a line naming no product, or a bad quantity, is judged with today's stock (judgeCart).
 */
export const cartField = fieldRule<CartRequest, CartLineInput[]>(
  (value, problem) => {
    const cart: CartRequest = { wanted: [], unusable: [] };
    if (value === undefined || value === null) problem("The cart field is required.");
    else if (!Array.isArray(value)) problem("The cart must be a list of products.");
    else if (value.length === 0) problem("Your cart is empty.");
    else if (value.length > MAX_CART_ITEMS) problem(`The cart may not have more than ${MAX_CART_ITEMS} items.`);
    else {
      const byKey = new Map<string, WantedLine>();
      for (const item of value) {
        const line = isRecord(item) ? item : {};
        const clientName = typeof line.name === "string" && line.name.trim() !== "" && line.name.length <= 255 ? line.name.trim() : null;
        const productId = parseId(line.productId);
        const variantId = parseId(line.variantId);
        const badVariant = line.variantId !== undefined && line.variantId !== null && variantId === null;
        if ((productId === null && variantId === null) || badVariant) {
          cart.unusable.push(unavailableMessage(clientName));
          continue;
        }
        const quantity = readQuantity(line.quantity);
        const key = variantId === null ? `p${productId}` : `v${variantId}:${productId ?? ""}`;
        const known = byKey.get(key);
        if (!known) {
          byKey.set(key, { productId, variantId, quantity, clientName });
        } else {
          known.quantity = known.quantity === null || quantity === null ? null : known.quantity + quantity;
          known.clientName ??= clientName;
        }
      }
      cart.wanted = [...byKey.values()];
    }
    return cart;
  },
  { type: "array", maxItems: MAX_CART_ITEMS },
);

/** Adds a message to `cart` for every line that cannot be bought as asked. */
export function judgeCart(checks: Checks, cart: ReadCart): void {
  const messages = new Set<string>();
  for (const entry of cart.inOrder) {
    if (typeof entry === "string") {
      messages.add(entry);
      continue;
    }
    const { variant, quantity } = entry;
    if (quantity === null) messages.add(`The quantity of ${variant.label} must be a whole number of at least 1.`);
    else if (quantity > variant.quantity) messages.add(shortageMessage(variant.label, variant.quantity));
  }
  for (const message of messages) checks.add("cart", message);
}
