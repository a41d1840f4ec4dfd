// Checkout: placing an order. The cart is read and judged (cart.ts), the stock taken and the order written
// with its price (pricing.ts) in one transaction, with what entering its first status owes (status.ts).
// Prices, totals and stock always come from the database; whatever totals a client sends are ignored.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import type { ReportedEvent } from "../integrations/index.js";
import {
  Checks,
  conflict,
  fieldRule,
  forbidden,
  invalid,
  isUniqueViolation,
  MAX_MONEY_CENTS,
  parseId,
  prismaReader,
  received,
  requireUser,
  storedStatus,
  unauthenticated,
  type Deferred,
  type EventBus,
  type RowReader,
  type Viewer,
} from "../shared/index.js";
import { readVariants } from "../catalog/index.js";
import { countPromotionUses, readCodes, recordPromotions } from "../promotions/index.js";
import {
  cartField,
  codesField,
  isRecord,
  forPricing,
  judgeCart,
  readCart,
  shortageMessage,
  unavailableMessage,
  type BoughtLine,
  type CartLineInput,
  type ProductLineRule,
  type WantedLine,
} from "./cart.js";
import { isValidReference, newOrderNumber, REFERENCE_PATTERN, referenceForIdempotencyKey } from "./order-numbers.js";
import { priceWith, pricingInputs, type PricingInputs } from "./cart-price.js";
import type { KeptPricingTerms } from "./pricing-terms.js";
import { toOrder, withLines, type OrderRow, type OrderWithLines } from "./records.js";
import { effectsOfEntering, firstStatus, ORDER_TRANSACTION, tellFollowers, writeOwedEffects, type OwedEffects } from "./status.js";

/** The delivery region: its id, or its name as orders show it. */
export type RegionChoice = number | { name: string };

/** Checkout: the cart, where it goes, and the client's reference (placing is safe to retry with it). */
export interface PlaceOrderInput {
  lines: CartLineInput[];
  region: RegionChoice;
  reference: string;
  /** The account the order is for, when a client names it: it must be the viewer's own. */
  userId?: number | null;
  /**
   * An Idempotency-Key (HTTP header or GraphQL argument): stands for the reference, which may then be left
   * out (see referenceForIdempotencyKey); when both are sent they must name the same order.
   */
  idempotencyKey?: string | null;
  /** What a line naming only a product buys (cart.ts); GraphQL's rule unless an adapter says otherwise. */
  productLines?: ProductLineRule;
  /** Promotion codes the shopper entered: each must apply, or the order is refused with the reason at `code`. */
  codes?: string[] | null;
  /** One of the shopper's addresses (the address book) to deliver to; the account's contact details (its default) when not given. */
  addressId?: number | null;
}

const REFERENCE_USED = "This order reference has already been used.";
const REFERENCE_USED_FOR_ANOTHER_CART =
  "This order reference was already used for a different cart or delivery region. Start a new checkout to place another order.";
const KEY_AND_REFERENCE_DIFFER = "The Idempotency-Key and the reference name different orders: send one of them, or the same value in both.";
const BAD_IDEMPOTENCY_KEY = "The Idempotency-Key must be 1 to 255 visible ASCII characters.";
const ADDRESS_INVALID = "The selected address is invalid.";
const TOTAL_TOO_LARGE = "The order total may not be greater than $21,474,836.47. Please split it into smaller orders.";
/** The first key of the transaction-scoped advisory locks taken on order references (the second is the reference's hash). */
const REFERENCE_LOCK = 72_707_370;
const ORDER_NUMBER_ATTEMPTS = 5;

interface Contact {
  email: string;
  phone: string;
  address: string;
}

/** What writing an order came to: the order, and whether this call placed it (what it owes) or found it placed. */
type Written = { order: OrderRow; owed: OwedEffects } | { order: OrderRow; owed: null };

/**
 * Places an order for the viewer, who alone may be its buyer.
 * Safe to retry: the same reference from the same user gives back the order already placed, whatever the
 * stock says by then (the reference is looked at before the stock, under a lock on the reference, so two
 * copies of one checkout sent at once make one order and both hear of it). The same reference with
 * another cart or region is refused (CONFLICT), never answered with the first order.
 */
export async function placeOrder(
  prisma: PrismaClient,
  events: EventBus,
  viewer: Viewer | null,
  given: Deferred<PlaceOrderInput>,
  /** The process's copy of what every cart is priced with (pricing-terms.ts). */
  kept: KeptPricingTerms,
  /** The reads before the transaction (the reference, the buyer, the region, the cart, what its price depends on): the shop's reader, Prisma's by default. */
  readRows: RowReader = prismaReader(prisma),
  /** Whether the shopper pays on the payment provider's page after placing: the order then starts awaiting payment (status.ts). */
  paysOutside = false,
): Promise<OrderWithLines> {
  const { userId } = requireUser(viewer);
  const raw = await received(given);
  const input: Partial<PlaceOrderInput> = isRecord(raw) ? raw : {};
  // The order is always the caller's; naming someone else is a request to act for them.
  if (input.userId !== undefined && input.userId !== null && parseId(input.userId) !== userId) {
    throw forbidden("You can only place orders for yourself.");
  }
  const checks = new Checks();
  const cart = checks.field("cart", cartField, input.lines);
  const regionChoice = checks.field("region", regionField, input.region);
  const asked = referenceAsked(input, userId, checks);
  const reference = asked === null ? "" : checks.field("reference", referenceField, asked);
  const codes = checks.field("code", codesField, input.codes);
  checks.done();
  const sameCheckout = (placed: OrderRow) => placedBySameCheckout(placed, userId, cart.wanted, regionChoice);
  const placedWith = () => orderUnder(readRows, prisma, reference);

  const earlier = await placedWith();
  if (earlier) return sameCheckout(earlier);

  const addressId = input.addressId === undefined || input.addressId === null ? null : parseId(input.addressId);
  if (input.addressId !== undefined && input.addressId !== null && addressId === null) checks.add("address", ADDRESS_INVALID);
  const [user, chosen, region, read, found] = await Promise.all([
    readRows<{ name: string; email: string; phone: string | null; address: string | null }>(Prisma.sql`SELECT name, email, phone, address FROM users WHERE id = ${userId}`).then(
      (rows) => rows[0] ?? null,
    ),
    addressId === null
      ? null
      : readRows<{ name: string; phone: string; address: string }>(Prisma.sql`SELECT name, phone, address FROM addresses WHERE id = ${addressId} AND user_id = ${userId}`).then(
          (rows) => rows[0] ?? null,
        ),
    findRegion(readRows, regionChoice),
    readCart(readRows, cart, input.productLines === "default-variant" ? "default-variant" : "only-variant"),
    // Counted for this buyer as checkout counts their uses: by their e-mail (lower case).
    readCodes(readRows, codes, { userId }),
  ]);
  if (!user) throw unauthenticated();
  if (addressId !== null && !chosen) checks.add("address", ADDRESS_INVALID);
  // An address of the book delivers to its own name: the order's address names them when they are not the account holder.
  const contact = chosen
    ? { email: user.email, phone: chosen.phone.trim(), address: chosen.name.trim() === user.name.trim() ? chosen.address.trim() : `${chosen.name.trim()}, ${chosen.address.trim()}` }
    : { email: user.email, phone: user.phone?.trim() ?? "", address: user.address?.trim() ?? "" };
  if (!contact.phone || !contact.address) checks.add("contact", "Please update your contact information.");
  if (!region) checks.add("region", "The selected region is invalid.");
  judgeCart(checks, read);
  // What the price depends on besides the lines' prices is read here, before the transaction: reading it
  // there would not hold it either (nothing locks a promotion or a rate until its use is counted, which
  // re-checks that the promotion is still in force), and every statement in the transaction holds the stock
  // of the cart's products for longer. A code that cannot be used whatever the cart (unknown, ended, used
  // up, used by this customer) is refused now, before any lock is taken; the rest is judged with the cart's
  // price in the transaction.
  const inputs = await pricingInputs(readRows, kept, forPricing(read), region?.id ?? null, codes, found, new Date());
  if (region && !inputs.region) checks.add("region", "The selected region is invalid.");
  for (const code of inputs.inForce.codes) if (code.problem) checks.add("code", code.problem);
  try {
    checks.done();
  } catch (error) {
    // The stock may be gone because a copy of this very checkout, sent at the same time, took it.
    const placed = await placedWith();
    if (placed) return sameCheckout(placed);
    throw error;
  }

  for (let attempt = 1; ; attempt += 1) {
    let written: Written;
    try {
      written = await writeOrder(prisma, userId, contact, region!.id, reference, read.bought, inputs, paysOutside);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The transaction rolled back, stock included. Either a request with this reference won the race
      // (answer with its order), or the random order number was taken (draw another).
      const placed = await placedWith();
      if (placed) return sameCheckout(placed);
      if (attempt >= ORDER_NUMBER_ATTEMPTS) throw error;
      continue;
    }
    if (!written.owed) return sameCheckout(written.order);
    await tellFollowers(events, written.owed);
    return toOrder(written.order);
  }
}

/**
 * The order placed under `reference`, with its lines and promotions; null when there is none. Looked up by a
 * plain statement first: almost every checkout finds none, and a read through Prisma with the lines costs more.
 */
async function orderUnder(read: RowReader, orders: Pick<PrismaClient, "order">, reference: string): Promise<OrderRow | null> {
  const found = await read<{ id: number }>(Prisma.sql`SELECT id FROM orders WHERE reference = ${reference}`);
  return found.length ? orders.order.findUnique({ where: { reference }, include: withLines }) : null;
}

/** The region an order names, by id or by name (any case: names are unique whatever their case). */
async function findRegion(read: RowReader, choice: RegionChoice): Promise<{ id: number } | null> {
  const found = await read<{ id: number }>(
    typeof choice === "number" ? Prisma.sql`SELECT id FROM regions WHERE id = ${choice}` : Prisma.sql`SELECT id FROM regions WHERE lower(name) = lower(${choice.name.trim()})`,
  );
  return found.length ? { id: Number(found[0].id) } : null;
}

/**
 * Takes the stock and writes the order with its snapshots and its price, all or nothing; or, when an order
 * with this reference exists by the time the reference's lock is held, takes nothing and answers that one.
 */
function writeOrder(
  prisma: PrismaClient,
  userId: number,
  contact: Contact,
  regionId: number,
  reference: string,
  bought: BoughtLine[],
  inputs: PricingInputs,
  paysOutside: boolean,
): Promise<Written> {
  return prisma.$transaction(async (tx): Promise<Written> => {
    // One checkout per reference at a time: a copy sent at the same moment waits here, then finds the
    // order below instead of reaching for stock the first one took. Released at commit or rollback.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK}::int4, hashtext(${reference}))`;
    const placed = await orderUnder(prismaReader(tx), tx, reference);
    if (placed) return { order: placed, owed: null };

    // Taking a variant's stock also writes its product's row (the copy the catalogue reads, kept by a
    // trigger). Every writer of a product locks the product row before its variants (the owner's grid, the
    // product form, checkout), and carts lock products in id order, then variants in id order: no two of
    // them ever wait for each other, so PostgreSQL never has to break a deadlock between them.
    const productIds = [...new Set(bought.map((line) => line.variant.productId))].sort((a, b) => a - b);
    await tx.$queryRaw`SELECT id FROM products WHERE id = ANY(${productIds}::int4[]) ORDER BY id FOR NO KEY UPDATE`;
    const ordered = [...bought].sort((a, b) => a.variant.productId - b.variant.productId || a.variant.variantId - b.variant.variantId);
    for (const { variant, quantity } of ordered) {
      // The condition and the decrement are one statement: a concurrent order waits for this row and
      // re-checks the condition against the stock left, so stock never goes below 0.
      const taken = await tx.$executeRaw`
        UPDATE product_variants SET quantity = quantity - ${quantity!}, updated_at = now()
        WHERE id = ${variant.variantId} AND enabled AND quantity >= ${quantity!}`;
      if (taken === 0) {
        const left = await tx.productVariant.findUnique({ where: { id: variant.variantId }, select: { quantity: true, enabled: true } });
        throw invalid({ cart: [left?.enabled ? shortageMessage(variant.label, left.quantity) : unavailableMessage(variant.label)] });
      }
    }
    // Read after taking the stock: those rows are now locked by this transaction, so the prices used are
    // exactly the ones in force when the order commits. One after the other: a transaction is one
    // connection, which runs one statement at a time (node-postgres warns about queries sent together).
    const products = await tx.product.findMany({ where: { id: { in: productIds } }, include: { category: { select: { name: true } } } });
    const variants = await readVariants(tx, productIds);
    const [region] = await tx.$queryRaw<{ id: number; name: string; feeCents: number }[]>`SELECT id, name, fee_cents AS "feeCents" FROM regions WHERE id = ${regionId}`;
    if (!region) throw invalid({ region: ["The selected region is invalid."] });

    const byId = new Map(products.map((product) => [product.id, product]));
    const placedAt = new Date();
    const customer = contact.email.toLowerCase();
    const { quote: price, codes: outcomes, entered } = priceWith(
      inputs,
      bought.map((line) => {
        const product = byId.get(line.variant.productId)!;
        const variant = variants.get(product.id)!.variants.find((candidate) => candidate.id === line.variant.variantId)!;
        return {
          product,
          variant,
          productId: product.id,
          variantId: variant.id,
          categoryId: product.categoryId,
          sku: variant.sku,
          options: variant.options,
          priceCents: variant.priceCents,
          discountPriceCents: variant.discountPriceCents,
          quantity: line.quantity!,
        };
      }),
      region,
      placedAt,
    );
    // A code that does not apply refuses the order with its reason: never an order without the discount shown.
    const refused = outcomes.filter((outcome) => !outcome.applied);
    if (refused.length) throw invalid({ code: refused.map((outcome) => outcome.message!) });
    if (price.totalCents > MAX_MONEY_CENTS) throw invalid({ cart: [TOTAL_TOO_LARGE] });

    const row = await tx.order.create({
      data: {
        orderNumber: newOrderNumber(placedAt),
        reference,
        status: storedStatus(firstStatus(paysOutside)),
        paymentState: paysOutside ? "awaiting" : "paid",
        userId,
        regionId: region.id,
        regionName: region.name,
        subtotalCents: price.itemsCents,
        deliveryFeeCents: price.deliveryCents,
        totalCents: price.totalCents,
        discountCents: price.discountCents,
        deliveryDiscountCents: price.deliveryDiscountCents,
        deliveryTaxCents: price.deliveryTaxCents,
        // The delivery rate the price was worked out with.
        deliveryTaxRatePpm: inputs.taxes?.delivery?.ratePpm ?? 0,
        deliveryTaxName: inputs.taxes?.delivery?.name ?? "",
        taxCents: price.taxCents,
        pricesIncludeTax: price.pricesIncludeTax,
        userEmail: contact.email,
        userPhone: contact.phone,
        userAddress: contact.address,
        createdAt: placedAt,
        lines: {
          create: price.lines.map(({ product, variant, priceCents, discountPriceCents, unitCents, quantity, discountCents, taxCents, taxRatePpm, taxName }) => ({
            productId: product.id,
            variantId: variant.id,
            sku: variant.sku,
            options: variant.options.map(({ name, value }) => ({ name, value })),
            slug: product.slug,
            name: product.name,
            description: product.description,
            categoryName: product.category.name,
            priceCents,
            discountPriceCents,
            unitPriceCents: unitCents,
            quantity,
            discountCents,
            taxCents,
            taxRatePpm,
            taxName,
            // The variant's own picture, when it has one, is the picture of what was bought.
            imageOne: variant.image ?? product.imageOne,
            imageTwo: variant.image ? null : product.imageTwo,
          })),
        },
      },
      // Its promotions are the rows written next.
      include: { lines: withLines.lines },
    });
    // A new order has no refunds yet, nor a payment page (opened once it is committed: payments.ts).
    const order: OrderRow = { ...row, promotions: await recordPromotions(tx, row.id, price.promotions, entered, customer), refunds: [], payment: null };
    const owed = effectsOfEntering(toOrder(order), null);
    // product.stock_low for each product this order took below an endpoint's threshold, reported with the
    // order. A product's stock is that of all its variants on sale (for a product without options, its one).
    const taken = new Map<number, number>();
    for (const line of bought) taken.set(line.variant.productId, (taken.get(line.variant.productId) ?? 0) + line.quantity!);
    const stockLow: ReportedEvent[] = products.map((product) => ({
      type: "product.stock_low",
      data: { product: { ...product, ...variants.get(product.id) } },
      stock: { before: product.stockTotal + (taken.get(product.id) ?? 0), after: product.stockTotal },
    }));
    await writeOwedEffects(tx, owed, { userId, address: contact.email }, stockLow);
    // Last: counting a promotion's use holds its row, which every checkout with that promotion needs, until commit.
    await countPromotionUses(tx, row.id, price.promotions, entered, customer, placedAt);
    return { order, owed };
  }, ORDER_TRANSACTION);
}

/**
 * The reference a checkout asks for: its own, or the one its Idempotency-Key stands for. A key that cannot
 * be one (then null), or that names another order than the reference sent beside it, is noted on `checks`.
 */
function referenceAsked(input: Partial<PlaceOrderInput>, userId: number, checks: Checks): unknown {
  const key = input.idempotencyKey;
  if (key === undefined || key === null) return input.reference;
  const fromKey = referenceForIdempotencyKey(key, userId);
  if (fromKey === null) {
    checks.add("reference", BAD_IDEMPOTENCY_KEY);
    return null;
  }
  const given = input.reference;
  if (given !== undefined && given !== null && given !== "" && given !== fromKey) checks.add("reference", KEY_AND_REFERENCE_DIFFER);
  return fromKey;
}

/**
 * An order found under the reference a checkout sent: the answer to a retry of that same checkout (same
 * buyer, same lines, same region). Another user's reference, or the same one with another cart, is refused:
 * answering it with the first order would tell the shopper a different order was placed.
 */
function placedBySameCheckout(placed: OrderRow, userId: number, wanted: WantedLine[], region: RegionChoice): OrderWithLines {
  if (placed.userId !== userId) throw conflict(REFERENCE_USED);
  const sameRegion = typeof region === "number" ? placed.regionId === region : placed.regionName.toLowerCase() === region.name.trim().toLowerCase();
  if (!sameRegion || !sameLines(placed.lines, wanted)) throw conflict(REFERENCE_USED_FOR_ANOTHER_CART);
  return toOrder(placed);
}

/**
 * Whether an order's lines are the ones a cart asks for: each line naming a variant matches the order's line
 * of that variant, each naming only a product the order's line of that product, with the same quantity, and
 * no line of the order is left over.
 */
function sameLines(placed: readonly { productId: number | null; variantId: number | null; quantity: number }[], wanted: WantedLine[]): boolean {
  if (placed.length !== wanted.length) return false;
  const left = [...placed];
  const byVariantFirst = [...wanted].sort((a, b) => Number(a.variantId === null) - Number(b.variantId === null));
  return byVariantFirst.every((line) => {
    const index = left.findIndex((candidate) =>
      (line.variantId !== null ? candidate.variantId === line.variantId && (line.productId === null || candidate.productId === line.productId) : candidate.productId === line.productId) &&
      candidate.quantity === line.quantity,
    );
    if (index < 0) return false;
    left.splice(index, 1);
    return true;
  });
}

const regionField = fieldRule<RegionChoice>(
  (value, problem) => {
    if (value === undefined || value === null || value === "") {
      problem("Please select a delivery region");
      return 0;
    }
    if (isRecord(value) && typeof value.name === "string") return { name: value.name };
    const id = parseId(value);
    if (id === null) problem("The selected region is invalid.");
    return id ?? 0;
  },
  { type: "integer", minimum: 1 },
);

const referenceField = fieldRule<string>(
  (value, problem) => {
    if (value === undefined || value === null || value === "") problem("The reference field is required.");
    else if (!isValidReference(value)) problem("The reference must be 16 characters from A-Z and 0-9.");
    return typeof value === "string" ? value : "";
  },
  { type: "string", pattern: REFERENCE_PATTERN.source },
);
