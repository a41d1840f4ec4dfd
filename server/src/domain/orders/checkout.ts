// Checkout: placing an order. The cart is read and judged (cart.ts), the stock taken and the order written
// with its price (pricing.ts) in one transaction, with what entering its first status owes (status.ts).
// Prices, totals and stock always come from the database; whatever totals a client sends are ignored.
import type { PrismaClient } from "../../generated/prisma/client.js";
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
  received,
  requireUser,
  storedStatus,
  unauthenticated,
  type Deferred,
  type EventBus,
  type Viewer,
} from "../shared/index.js";
import { cartField, isRecord, judgeCart, shortageMessage, stockedProducts, unavailableMessage, type CartLineInput, type WantedProduct } from "./cart.js";
import { isValidReference, newOrderNumber, REFERENCE_PATTERN, referenceForIdempotencyKey } from "./order-numbers.js";
import { priceOrder } from "./pricing.js";
import { toOrder, withLines, type OrderRow, type OrderWithLines } from "./records.js";
import { effectsOfEntering, FIRST_STATUS, ORDER_TRANSACTION, tellFollowers, writeOwedEffects, type OwedEffects } from "./status.js";

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
}

const REFERENCE_USED = "This order reference has already been used.";
const REFERENCE_USED_FOR_ANOTHER_CART =
  "This order reference was already used for a different cart or delivery region. Start a new checkout to place another order.";
const KEY_AND_REFERENCE_DIFFER = "The Idempotency-Key and the reference name different orders: send one of them, or the same value in both.";
const BAD_IDEMPOTENCY_KEY = "The Idempotency-Key must be 1 to 255 visible ASCII characters.";
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
export async function placeOrder(prisma: PrismaClient, events: EventBus, viewer: Viewer | null, given: Deferred<PlaceOrderInput>): Promise<OrderWithLines> {
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
  checks.done();
  const sameCheckout = (placed: OrderRow) => placedBySameCheckout(placed, userId, cart.wanted, regionChoice);
  const placedWith = () => prisma.order.findUnique({ where: { reference }, include: withLines });

  const earlier = await placedWith();
  if (earlier) return sameCheckout(earlier);

  const [user, region, products] = await Promise.all([
    prisma.user.findUnique({ where: { id: userId } }),
    findRegion(prisma, regionChoice),
    stockedProducts(prisma, cart.wanted),
  ]);
  if (!user) throw unauthenticated();
  const contact = { email: user.email, phone: user.phone?.trim() ?? "", address: user.address?.trim() ?? "" };
  if (!contact.phone || !contact.address) checks.add("contact", "Please update your contact information.");
  if (!region) checks.add("region", "The selected region is invalid.");
  judgeCart(checks, cart, products);
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
      written = await writeOrder(prisma, userId, contact, region!.id, reference, cart.wanted);
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

/** The region an order names, by id or by name (any case: names are unique whatever their case). */
async function findRegion(prisma: PrismaClient, choice: RegionChoice): Promise<{ id: number } | null> {
  if (typeof choice === "number") return prisma.region.findUnique({ where: { id: choice }, select: { id: true } });
  const found = await prisma.$queryRaw<{ id: number }[]>`SELECT id FROM regions WHERE lower(name) = lower(${choice.name.trim()})`;
  return found.length ? { id: Number(found[0].id) } : null;
}

/**
 * Takes the stock and writes the order with its snapshots and its price, all or nothing; or, when an order
 * with this reference exists by the time the reference's lock is held, takes nothing and answers that one.
 */
function writeOrder(prisma: PrismaClient, userId: number, contact: Contact, regionId: number, reference: string, wanted: WantedProduct[]): Promise<Written> {
  return prisma.$transaction(async (tx): Promise<Written> => {
    // One checkout per reference at a time: a copy sent at the same moment waits here, then finds the
    // order below instead of reaching for stock the first one took. Released at commit or rollback.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK}::int4, hashtext(${reference}))`;
    const placed = await tx.order.findUnique({ where: { reference }, include: withLines });
    if (placed) return { order: placed, owed: null };

    // Taking stock in product-id order means two carts holding the same products lock their rows in the
    // same order, so PostgreSQL never has to break a deadlock between them.
    for (const line of [...wanted].sort((a, b) => a.productId - b.productId)) {
      // The condition and the decrement are one statement: a concurrent order waits for this row and
      // re-checks the condition against the stock left, so stock never goes below 0.
      const taken = await tx.product.updateMany({
        where: { id: line.productId, quantity: { gte: line.quantity! } },
        data: { quantity: { decrement: line.quantity! } },
      });
      if (taken.count === 0) {
        const left = await tx.product.findUnique({ where: { id: line.productId }, select: { name: true, quantity: true } });
        throw invalid({ cart: [left ? shortageMessage(left.name, left.quantity) : unavailableMessage(line.clientName)] });
      }
    }
    // Read after taking the stock: those rows are now locked by this transaction, so the prices used are
    // exactly the ones in force when the order commits.
    const products = await tx.product.findMany({
      where: { id: { in: wanted.map((line) => line.productId) } },
      include: { category: { select: { name: true } } },
    });
    const region = await tx.region.findUnique({ where: { id: regionId } });
    if (!region) throw invalid({ region: ["The selected region is invalid."] });

    const byId = new Map(products.map((product) => [product.id, product]));
    const placedAt = new Date();
    const price = priceOrder(
      wanted.map((line) => {
        const product = byId.get(line.productId)!;
        return { product, priceCents: product.priceCents, discountPriceCents: product.discountPriceCents, quantity: line.quantity! };
      }),
      region,
      { at: placedAt },
    );
    if (price.totalCents > MAX_MONEY_CENTS) throw invalid({ cart: [TOTAL_TOO_LARGE] });

    const row = await tx.order.create({
      data: {
        orderNumber: newOrderNumber(placedAt),
        reference,
        status: storedStatus(FIRST_STATUS),
        userId,
        regionId: region.id,
        regionName: region.name,
        subtotalCents: price.itemsCents,
        deliveryFeeCents: price.deliveryCents,
        totalCents: price.totalCents,
        userEmail: contact.email,
        userPhone: contact.phone,
        userAddress: contact.address,
        createdAt: placedAt,
        lines: {
          create: price.lines.map(({ product, priceCents, discountPriceCents, unitCents, quantity }) => ({
            productId: product.id,
            slug: product.slug,
            name: product.name,
            description: product.description,
            categoryName: product.category.name,
            priceCents,
            discountPriceCents,
            unitPriceCents: unitCents,
            quantity,
            imageOne: product.imageOne,
            imageTwo: product.imageTwo,
          })),
        },
      },
      include: withLines,
    });
    const owed = effectsOfEntering(toOrder(row), null);
    // product.stock_low for each product this order took below an endpoint's threshold, reported with the order.
    const taken = new Map(wanted.map((line) => [line.productId, line.quantity!]));
    const stockLow: ReportedEvent[] = products.map((product) => ({
      type: "product.stock_low",
      data: { product },
      stock: { before: product.quantity + (taken.get(product.id) ?? 0), after: product.quantity },
    }));
    await writeOwedEffects(tx, owed, { userId, address: contact.email }, stockLow);
    return { order: row, owed };
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
function placedBySameCheckout(placed: OrderRow, userId: number, wanted: WantedProduct[], region: RegionChoice): OrderWithLines {
  if (placed.userId !== userId) throw conflict(REFERENCE_USED);
  const lines = (items: { productId: number | null; quantity: number | null }[]) =>
    items.map((item) => `${item.productId}x${item.quantity}`).sort().join(",");
  const sameRegion = typeof region === "number" ? placed.regionId === region : placed.regionName.toLowerCase() === region.name.trim().toLowerCase();
  if (!sameRegion || lines(placed.lines) !== lines(wanted)) throw conflict(REFERENCE_USED_FOR_ANOTHER_CART);
  return toOrder(placed);
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
