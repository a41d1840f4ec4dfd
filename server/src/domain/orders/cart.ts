// The cart a shopper brings to checkout: reading its lines (only ids and quantities count; prices and
// names always come from the server), judging it against today's stock, and quoting it.
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Priced } from "../catalog/index.js";
import { Checks, fieldRule, parseId, received, requireUser, type Cents, type Deferred, type Viewer } from "../shared/index.js";
import { priceOrder, type OrderQuote } from "./pricing.js";

/** A cart longer than this is not a shopping cart; refusing it keeps one request from becoming a huge query. */
export const MAX_CART_ITEMS = 100;

const CART_READY = "Your cart is ready for checkout.";
const UNKNOWN_PRODUCT = "A product in your cart is no longer available.";

/** One line of a cart: which product and how many. Prices, and names, always come from the server. */
export interface CartLineInput {
  productId: number;
  quantity: number;
  /** The name the client showed for the product, used only to word "{name} is no longer available." */
  name?: string | null;
}

export interface CartCheckResult {
  message: string;
  totalQuantity: number;
  subtotalCents: Cents;
}

/** One product the cart asks for: quantities of repeated lines are added up. */
export interface WantedProduct {
  productId: number;
  /** null when a line for this product had no whole quantity of at least 1. */
  quantity: number | null;
  /** The name the client's cart item carried, used only to word "no longer available". */
  clientName: string | null;
}

export interface CartRequest {
  wanted: WantedProduct[];
  /** Messages for items that name no product at all (no id, or not an object). */
  unusable: string[];
}

/** A product as the cart needs it: its prices and the units in stock. */
export type StockedProduct = Priced & { id: number; name: string; quantity: number };

/** What the cart reads of each product it names. */
export const STOCKED_PRODUCT = { id: true, name: true, priceCents: true, discountPriceCents: true, quantity: true } as const;

/** A line of a cart quote: the product, how many, and its figures at today's prices. */
export interface QuotedLine extends Priced {
  productId: number;
  quantity: number;
}

/** A cart priced at today's prices; products that no longer exist are left out and named. */
export interface CartQuote extends OrderQuote<QuotedLine> {
  missingProductIds: number[];
}

/** Checks a cart against today's stock and prices before checkout. */
export async function checkCart(prisma: PrismaClient, viewer: Viewer | null, lines: Deferred<CartLineInput[]>): Promise<CartCheckResult> {
  requireUser(viewer);
  const checks = new Checks();
  const cart = checks.field("cart", cartField, await received(lines));
  checks.done();
  const products = await stockedProducts(prisma, cart.wanted);
  judgeCart(checks, cart, products);
  checks.done();
  const quote = priceOrder(wantedLines(cart.wanted, products), null, { at: new Date() });
  return { message: CART_READY, totalQuantity: quote.totalQuantity, subtotalCents: quote.itemsCents };
}

/**
 * The server's figures for a cart, for anyone (a guest's cart too): each line at today's price, the items
 * total, the chosen region's fee (none while no region is chosen) and the total. Stock is not judged here
 * (checkCart and checkout do): a quote only prices.
 */
export async function quoteCart(prisma: PrismaClient, lines: unknown, regionId: unknown): Promise<CartQuote> {
  const checks = new Checks();
  const cart = checks.field("cart", cartField, lines);
  const region = regionId === undefined || regionId === null ? null : parseId(regionId);
  if (region === null && regionId !== undefined && regionId !== null) checks.add("region", "The selected region is invalid.");
  checks.done();
  if (cart.wanted.some((line) => line.quantity === null)) checks.add("cart", "Every quantity must be a whole number of at least 1.");
  const [products, fee] = await Promise.all([
    stockedProducts(prisma, cart.wanted),
    region === null ? null : prisma.region.findUnique({ where: { id: region }, select: { feeCents: true } }),
  ]);
  if (region !== null && !fee) checks.add("region", "The selected region is invalid.");
  checks.done();
  const known = cart.wanted.filter((line) => products.has(line.productId));
  return {
    ...priceOrder(wantedLines(known, products), fee, { at: new Date() }),
    missingProductIds: cart.wanted.filter((line) => !products.has(line.productId)).map((line) => line.productId),
  };
}

/** The products a cart names, by id. */
export async function stockedProducts(prisma: Pick<PrismaClient, "product">, wanted: WantedProduct[]): Promise<Map<number, StockedProduct>> {
  const products = await prisma.product.findMany({ where: { id: { in: wanted.map((line) => line.productId) } }, select: STOCKED_PRODUCT });
  return new Map(products.map((product) => [product.id, product]));
}

/** The cart's lines to price, each with its product's prices (every product must be known). */
function wantedLines(wanted: WantedProduct[], products: Map<number, StockedProduct>): QuotedLine[] {
  return wanted.map((line) => {
    const { priceCents, discountPriceCents } = products.get(line.productId)!;
    return { productId: line.productId, quantity: line.quantity!, priceCents, discountPriceCents };
  });
}

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
      const byProduct = new Map<number, WantedProduct>();
      for (const item of value) {
        const line = isRecord(item) ? item : {};
        const clientName = typeof line.name === "string" && line.name.trim() !== "" && line.name.length <= 255 ? line.name.trim() : null;
        const productId = parseId(line.productId);
        if (productId === null) {
          cart.unusable.push(unavailableMessage(clientName));
          continue;
        }
        const quantity = readQuantity(line.quantity);
        const known = byProduct.get(productId);
        if (!known) {
          byProduct.set(productId, { productId, quantity, clientName });
        } else {
          known.quantity = known.quantity === null || quantity === null ? null : known.quantity + quantity;
          known.clientName ??= clientName;
        }
      }
      cart.wanted = [...byProduct.values()];
    }
    return cart;
  },
  { type: "array", maxItems: MAX_CART_ITEMS },
);

/** Adds a message to `cart` for every line that cannot be bought as asked. */
export function judgeCart(checks: Checks, cart: CartRequest, products: Map<number, StockedProduct>): void {
  const messages = new Set(cart.unusable);
  for (const line of cart.wanted) {
    const product = products.get(line.productId);
    if (!product) messages.add(unavailableMessage(line.clientName));
    else if (line.quantity === null) messages.add(`The quantity of ${product.name} must be a whole number of at least 1.`);
    else if (line.quantity > product.quantity) messages.add(shortageMessage(product.name, product.quantity));
  }
  for (const message of messages) checks.add("cart", message);
}
