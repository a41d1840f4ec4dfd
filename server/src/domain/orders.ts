// Orders: the cart check before checkout, placing an order, and reading order history.
// Prices, totals and stock always come from the database; whatever totals a client sends are ignored.
import { Prisma, type Order, type OrderLine, type PrismaClient } from "../generated/prisma/client.js";
import { conflict, invalid, isUniqueViolation, notFound, unauthenticated } from "./errors.js";
import { MAX_MONEY_CENTS, type Cents } from "./money.js";
import { isValidReference, newOrderNumber } from "./order-numbers.js";
import { lineTotalCents, unitPriceCents, type Priced } from "./pricing.js";
import { Checks, parseId } from "./validate.js";
import { requireAdmin, requireSelfOrAdmin, requireUser, type Viewer } from "./viewer.js";

/** How callers name an order's status (spec section 4); the database enum spells in-transit as in_transit. */
export type OrderStatusName = "pending" | "in-transit" | "delivered";
export const ORDER_STATUSES: readonly OrderStatusName[] = ["pending", "in-transit", "delivered"];

export type OrderWithLines = Omit<Order, "status"> & { status: OrderStatusName; lines: OrderLine[] };

export interface CartCheckResult {
  message: string;
  totalQuantity: number;
  subtotalCents: Cents;
}

/** A cart longer than this is not a shopping cart; refusing it keeps one request from becoming a huge query. */
export const MAX_CART_ITEMS = 100;

const CART_READY = "Your cart is ready for checkout.";
const UNKNOWN_PRODUCT = "A product in your cart is no longer available.";
const REFERENCE_USED = "This order reference has already been used.";
const ORDER_NUMBER_ATTEMPTS = 5;

// Isolation on the embedded database: pglite-prisma-adapter 0.6.1 opens an interactive transaction with
// PGlite's transaction(), which holds PGlite's exclusive lock until Prisma commits or rolls back, and
// PGlite 0.5 takes that same lock for every other query and transaction. So one transaction runs at a
// time and other requests' queries wait outside it rather than slipping into it; no extra lock is needed
// here (orders-concurrency.test.ts pins this). Two consequences: code inside a transaction must use `tx`,
// never this.prisma (that would wait for itself forever), and a burst of checkouts queues, which Prisma
// counts against maxWait (2 s by default): hence the generous limits, so a queue is not mistaken for a failure.
const ORDER_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const;

const withLines = { lines: { orderBy: { id: "asc" } } } satisfies Prisma.OrderInclude;
const newestFirst: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

type OrderRow = Order & { lines: OrderLine[] };
type StockedProduct = Priced & { id: number; name: string; quantity: number };

/** One product the cart asks for: quantities of repeated lines are added up. */
interface WantedProduct {
  productId: number;
  /** null when a line for this product had no whole quantity of at least 1. */
  quantity: number | null;
  /** The name the client's cart item carried, used only to word "no longer available". */
  clientName: string | null;
}

interface CartRequest {
  wanted: WantedProduct[];
  /** Messages for items that name no product at all (no id, or not an object). */
  unusable: string[];
}

export class OrderService {
  constructor(readonly prisma: PrismaClient) {}

  /** Checks a cart against today's stock and prices before checkout. */
  async checkCart(viewer: Viewer | null, lines: unknown): Promise<CartCheckResult> {
    requireUser(viewer);
    const checks = new Checks();
    const cart = readCart(checks, lines);
    checks.done();
    const products = await this.prisma.product.findMany({
      where: { id: { in: cart.wanted.map((line) => line.productId) } },
      select: { id: true, name: true, priceCents: true, discountPriceCents: true, quantity: true },
    });
    const byId = new Map(products.map((product) => [product.id, product]));
    judgeCart(checks, cart, byId);
    checks.done();

    let totalQuantity = 0;
    let subtotalCents = 0;
    for (const line of cart.wanted) {
      totalQuantity += line.quantity!;
      subtotalCents += lineTotalCents(byId.get(line.productId)!, line.quantity!);
    }
    return { message: CART_READY, totalQuantity, subtotalCents };
  }

  /**
   * Places an order: input is { cart | lines, region | regionId, reference } as sent by a client.
   * Safe to retry: the same reference from the same user gives back the order already placed.
   */
  async placeOrder(viewer: Viewer | null, input: unknown): Promise<OrderWithLines> {
    const { userId } = requireUser(viewer);
    const fields = isRecord(input) ? input : {};
    const checks = new Checks();
    const cart = readCart(checks, fields.cart ?? fields.lines);
    const regionId = readRegion(checks, fields.region ?? fields.regionId);
    const reference = readReference(checks, fields.reference);
    checks.done();

    const earlier = await this.placedWith(reference, userId);
    if (earlier) return earlier;

    const [user, region, products] = await Promise.all([
      this.prisma.user.findUnique({ where: { id: userId } }),
      this.prisma.region.findUnique({ where: { id: regionId } }),
      this.prisma.product.findMany({
        where: { id: { in: cart.wanted.map((line) => line.productId) } },
        select: { id: true, name: true, priceCents: true, discountPriceCents: true, quantity: true },
      }),
    ]);
    if (!user) throw unauthenticated();
    const contact = { email: user.email, phone: user.phone?.trim() ?? "", address: user.address?.trim() ?? "" };
    if (!contact.phone || !contact.address) checks.add("contact", "Please update your contact information.");
    if (!region) checks.add("region", "The selected region is invalid.");
    judgeCart(checks, cart, new Map(products.map((product) => [product.id, product])));
    checks.done();

    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.writeOrder(userId, contact, regionId, reference, cart.wanted);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The transaction rolled back, stock included. Either an identical request won the race for this
        // reference (answer with its order), or the random order number was taken (draw another).
        const placed = await this.placedWith(reference, userId);
        if (placed) return placed;
        if (attempt >= ORDER_NUMBER_ATTEMPTS) throw error;
      }
    }
  }

  /** The signed-in user's orders, newest first. */
  async listMine(viewer: Viewer | null): Promise<OrderWithLines[]> {
    const { userId } = requireUser(viewer);
    const rows = await this.prisma.order.findMany({ where: { userId }, include: withLines, orderBy: newestFirst });
    return rows.map(toOrder);
  }

  /** One order by its number, for its owner or an admin. */
  async byNumber(viewer: Viewer | null, orderNumber: unknown): Promise<OrderWithLines> {
    requireUser(viewer);
    if (typeof orderNumber !== "string" || orderNumber.length > 64) throw notFound("Order");
    const row = await this.prisma.order.findUnique({ where: { orderNumber: orderNumber.trim() }, include: withLines });
    if (!row) throw notFound("Order");
    requireSelfOrAdmin(viewer, row.userId);
    return toOrder(row);
  }

  /** Every order, newest first (admin). search: part of an order number or reference, any case. */
  async listAll(viewer: Viewer | null, search?: unknown): Promise<OrderWithLines[]> {
    requireAdmin(viewer);
    const checks = new Checks();
    const text = checks.optionalText("search", search, "search", 100);
    checks.done();
    // Order numbers and references hold only letters, digits and dashes: other text cannot match, and
    // keeping it out of the query spares LIKE's wildcards (% and _) any meaning.
    if (text && !/^[A-Za-z0-9-]+$/.test(text)) return [];
    const where: Prisma.OrderWhereInput = text
      ? {
          OR: [
            { orderNumber: { contains: text, mode: "insensitive" } },
            { reference: { contains: text, mode: "insensitive" } },
          ],
        }
      : {};
    const rows = await this.prisma.order.findMany({ where, include: withLines, orderBy: newestFirst });
    return rows.map(toOrder);
  }

  /** One user's orders, newest first: the user themself or an admin. */
  async listForUser(viewer: Viewer | null, userId: unknown): Promise<OrderWithLines[]> {
    requireUser(viewer);
    const id = parseId(userId);
    if (id === null) throw notFound("User");
    const { userId: viewerId } = requireSelfOrAdmin(viewer, id);
    if (id !== viewerId && !(await this.prisma.user.findUnique({ where: { id }, select: { id: true } }))) {
      throw notFound("User");
    }
    const rows = await this.prisma.order.findMany({ where: { userId: id }, include: withLines, orderBy: newestFirst });
    return rows.map(toOrder);
  }

  /**
   * Several users' orders in one query (newest first each), for lists of users. Every user must be the
   * viewer themself unless the viewer is an admin.
   */
  async listForUsers(viewer: Viewer | null, userIds: readonly number[]): Promise<Map<number, OrderWithLines[]>> {
    requireUser(viewer);
    for (const id of userIds) requireSelfOrAdmin(viewer, id);
    const byUser = new Map<number, OrderWithLines[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await this.prisma.order.findMany({
      where: { userId: { in: [...byUser.keys()] } },
      include: withLines,
      orderBy: newestFirst,
    });
    for (const row of rows) byUser.get(row.userId)!.push(toOrder(row));
    return byUser;
  }

  /** Sets an order's status (admin). Any status may follow any other: the spec enforces no order. */
  async updateStatus(viewer: Viewer | null, orderId: unknown, status: unknown): Promise<OrderWithLines> {
    requireAdmin(viewer);
    const checks = new Checks();
    if (status === undefined || status === null || status === "") checks.add("status", "The status field is required.");
    else if (!ORDER_STATUSES.includes(status as OrderStatusName)) checks.add("status", "The selected status is invalid.");
    checks.done();
    const id = parseId(orderId);
    if (id === null) throw notFound("Order");
    try {
      const row = await this.prisma.order.update({
        where: { id },
        data: { status: status === "in-transit" ? "in_transit" : (status as "pending" | "delivered") },
        include: withLines,
      });
      return toOrder(row);
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Order");
      throw error;
    }
  }

  /** The order this user already placed with this reference; another user's reference is refused. */
  private async placedWith(reference: string, userId: number): Promise<OrderWithLines | null> {
    const row = await this.prisma.order.findUnique({ where: { reference }, include: withLines });
    if (!row) return null;
    if (row.userId !== userId) throw conflict(REFERENCE_USED);
    return toOrder(row);
  }

  /** Takes the stock and writes the order with its snapshots, all or nothing. */
  private writeOrder(
    userId: number,
    contact: { email: string; phone: string; address: string },
    regionId: number,
    reference: string,
    wanted: WantedProduct[],
  ): Promise<OrderWithLines> {
    return this.prisma.$transaction(async (tx) => {
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
      const lines = wanted.map((line) => {
        const product = byId.get(line.productId)!;
        return {
          productId: product.id,
          slug: product.slug,
          name: product.name,
          description: product.description,
          categoryName: product.category.name,
          priceCents: product.priceCents,
          discountPriceCents: product.discountPriceCents,
          unitPriceCents: unitPriceCents(product),
          quantity: line.quantity!,
          imageOne: product.imageOne,
          imageTwo: product.imageTwo,
        };
      });
      const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      const totalCents = subtotalCents + region.feeCents;
      if (totalCents > MAX_MONEY_CENTS) {
        throw invalid({ cart: ["The order total may not be greater than $21,474,836.47. Please split it into smaller orders."] });
      }

      const placedAt = new Date();
      const row = await tx.order.create({
        data: {
          orderNumber: newOrderNumber(placedAt),
          reference,
          status: "pending",
          userId,
          regionId: region.id,
          regionName: region.name,
          subtotalCents,
          deliveryFeeCents: region.feeCents,
          totalCents,
          userEmail: contact.email,
          userPhone: contact.phone,
          userAddress: contact.address,
          createdAt: placedAt,
          lines: { create: lines },
        },
        include: withLines,
      });
      return toOrder(row);
    }, ORDER_TRANSACTION);
  }
}

function toOrder(row: OrderRow): OrderWithLines {
  return { ...row, status: row.status === "in_transit" ? "in-transit" : row.status };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const unavailableMessage = (clientName: string | null) => (clientName ? `${clientName} is no longer available.` : UNKNOWN_PRODUCT);

const shortageMessage = (name: string, inStock: number) =>
  inStock <= 0 ? `${name} is out of stock.` : `Only ${inStock} of ${name} left in stock.`;

/** A whole number of at least 1 (also as a numeric string, as REST bodies may carry it), else null. */
function readQuantity(value: unknown): number | null {
  const number = typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/**
 * Reads a cart as the old client sends it (product fields plus cartQuantity) or as GraphQL sends it
 * ({ productId, quantity }). Only the id and the quantity count; prices and names from the client are not trusted.
 */
function readCart(checks: Checks, value: unknown): CartRequest {
  const cart: CartRequest = { wanted: [], unusable: [] };
  if (value === undefined || value === null) {
    checks.add("cart", "The cart field is required.");
    return cart;
  }
  if (!Array.isArray(value)) {
    checks.add("cart", "The cart must be a list of products.");
    return cart;
  }
  if (value.length === 0) {
    checks.add("cart", "Your cart is empty.");
    return cart;
  }
  if (value.length > MAX_CART_ITEMS) {
    checks.add("cart", `The cart may not have more than ${MAX_CART_ITEMS} items.`);
    return cart;
  }
  const byProduct = new Map<number, WantedProduct>();
  for (const item of value) {
    const fields = isRecord(item) ? item : {};
    const clientName =
      typeof fields.name === "string" && fields.name.trim() !== "" && fields.name.length <= 255 ? fields.name.trim() : null;
    const productId = parseId(fields.id ?? fields.productId);
    if (productId === null) {
      cart.unusable.push(unavailableMessage(clientName));
      continue;
    }
    const quantity = readQuantity(fields.cartQuantity ?? fields.quantity);
    const known = byProduct.get(productId);
    if (!known) {
      byProduct.set(productId, { productId, quantity, clientName });
    } else {
      known.quantity = known.quantity === null || quantity === null ? null : known.quantity + quantity;
      known.clientName ??= clientName;
    }
  }
  cart.wanted = [...byProduct.values()];
  return cart;
}

/** Adds a message to `cart` for every line that cannot be bought as asked. */
function judgeCart(checks: Checks, cart: CartRequest, products: Map<number, StockedProduct>): void {
  const messages = new Set(cart.unusable);
  for (const line of cart.wanted) {
    const product = products.get(line.productId);
    if (!product) messages.add(unavailableMessage(line.clientName));
    else if (line.quantity === null) messages.add(`The quantity of ${product.name} must be a whole number of at least 1.`);
    else if (line.quantity > product.quantity) messages.add(shortageMessage(product.name, product.quantity));
  }
  for (const message of messages) checks.add("cart", message);
}

function readRegion(checks: Checks, value: unknown): number {
  if (value === undefined || value === null || value === "") {
    checks.add("region", "Please select a delivery region");
    return 0;
  }
  const id = parseId(value);
  if (id === null) checks.add("region", "The selected region is invalid.");
  return id ?? 0;
}

function readReference(checks: Checks, value: unknown): string {
  if (value === undefined || value === null || value === "") {
    checks.add("reference", "The reference field is required.");
    return "";
  }
  if (!isValidReference(value)) checks.add("reference", "The reference must be 16 characters from A-Z and 0-9.");
  return typeof value === "string" ? value : "";
}
