// Orders: the cart check before checkout, placing an order, and reading order history.
// Prices, totals and stock always come from the database; whatever totals a client sends are ignored.
import { Prisma, type Order, type OrderLine, type PrismaClient } from "../../generated/prisma/client.js";
import { queueEmail } from "../messaging/emails.js";
import { conflict, forbidden, invalid, isUniqueViolation, notFound, unauthenticated } from "../shared/errors.js";
import type { EventBus, ShopEvent } from "../shared/shop-events.js";
import { MAX_MONEY_CENTS, type Cents } from "../shared/money.js";
import { isValidReference, newOrderNumber, referenceForIdempotencyKey, REFERENCE_PATTERN } from "./order-numbers.js";
import {
  alignedById,
  allOf,
  checkSearch,
  comesAfter,
  containsPattern,
  keysOfRow,
  keysetPage,
  loadInOrder,
  newestFirst,
  once,
  orderBy,
  pageOf,
  readPage,
  type Page,
} from "../shared/paging.js";
import { lineTotalCents, unitPriceCents, type Priced } from "../catalog/prices.js";
import { isUnstorableText } from "../shared/text.js";
import { reportWebhookEvents } from "../integrations/webhook-events.js";
import { Checks, fieldRule, oneOf, parseId, received, type Deferred } from "../shared/input.js";
import { requireAdmin, requireReader, requireSelfOrAdmin, requireUser, seesEveryone, type Viewer } from "../shared/viewer.js";

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
const REFERENCE_USED_FOR_ANOTHER_CART =
  "This order reference was already used for a different cart or delivery region. Start a new checkout to place another order.";
const KEY_AND_REFERENCE_DIFFER = "The Idempotency-Key and the reference name different orders: send one of them, or the same value in both.";
const BAD_IDEMPOTENCY_KEY = "The Idempotency-Key must be 1 to 255 visible ASCII characters.";
/** The first key of the transaction-scoped advisory locks taken on order references (the second is the reference's hash). */
const REFERENCE_LOCK = 72_707_370;
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
const NEWEST_FIRST: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
const ORDER_KEYS = newestFirst("o");
export const ORDER_PAGE_SIZE = 20;
const MAX_ORDER_SEARCH_LENGTH = 100;

export interface OrderPageOptions {
  first?: unknown;
  after?: unknown;
}

export interface AllOrdersPageOptions extends OrderPageOptions {
  /** A part of the order number or the reference, any case. */
  search?: unknown;
  status?: unknown;
}

/** One user's orders make one list for cursors, however they are asked for (myOrders, userOrders, User.orders). */
const userOrdersList = (userId: number) => JSON.stringify(["orders-of-user", userId]);

/** The admin list's filters: a part of the order number or reference (any case, % and _ literal) and the status. */
function allOrdersConditions(search: string, status: OrderStatusName | null): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(Prisma.sql`(o.order_number ILIKE ${pattern} OR o.reference ILIKE ${pattern})`);
  }
  if (status) conditions.push(Prisma.sql`o.status::text = ${status}`);
  return conditions;
}

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

/** One line of a cart: which product and how many. Prices, and names, always come from the server. */
export interface CartLineInput {
  productId: number;
  quantity: number;
  /** The name the client showed for the product, used only to word "{name} is no longer available." */
  name?: string | null;
}

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

/** An order event a live subscriber may receive. */
export type OrderEvent = Extract<ShopEvent, { type: "orderPlaced" | "orderStatusChanged" }>;

/** Said for an order the viewer may not follow, whether it exists or not, so numbers cannot be probed. */
const NOT_YOUR_ORDER = "You can only follow your own orders.";

export class OrderService {
  constructor(
    readonly prisma: PrismaClient,
    private readonly events: EventBus,
  ) {}

  /** Checks a cart against today's stock and prices before checkout. */
  async checkCart(viewer: Viewer | null, lines: Deferred<CartLineInput[]>): Promise<CartCheckResult> {
    requireUser(viewer);
    const checks = new Checks();
    const cart = checks.field("cart", cartField, await received(lines));
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
   * Places an order for the viewer, who alone may be its buyer.
   * Safe to retry: the same reference from the same user gives back the order already placed, whatever the
   * stock says by then (the reference is looked at before the stock, under a lock on the reference, so two
   * copies of one checkout sent at once make one order and both hear of it). The same reference with
   * another cart or region is refused (CONFLICT), never answered with the first order.
   */
  async placeOrder(viewer: Viewer | null, given: Deferred<PlaceOrderInput>): Promise<OrderWithLines> {
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

    const earlier = await this.placedWith(reference);
    if (earlier) return sameCheckout(earlier);

    const [user, region, products] = await Promise.all([
      this.prisma.user.findUnique({ where: { id: userId } }),
      this.findRegion(regionChoice),
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
    try {
      checks.done();
    } catch (error) {
      // The stock may be gone because a copy of this very checkout, sent at the same time, took it.
      const placed = await this.placedWith(reference);
      if (placed) return sameCheckout(placed);
      throw error;
    }

    const { order, placedNow } = await this.writeOrderOnce(userId, contact, region!.id, reference, cart.wanted);
    if (!placedNow) return sameCheckout(order);
    await this.events.publish({ type: "orderPlaced", orderId: order.id, userId });
    return toOrder(order);
  }

  /** The region an order names, by id or by name (any case: names are unique whatever their case). */
  private async findRegion(choice: RegionChoice): Promise<{ id: number } | null> {
    if (typeof choice === "number") return this.prisma.region.findUnique({ where: { id: choice }, select: { id: true } });
    const found = await this.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM regions WHERE lower(name) = lower(${choice.name.trim()})`;
    return found.length ? { id: Number(found[0].id) } : null;
  }

  /** Writes the order, or finds the one placed with its reference meanwhile (placedNow false). */
  private async writeOrderOnce(...args: Parameters<OrderService["writeOrder"]>): Promise<{ order: OrderRow; placedNow: boolean }> {
    const [, , , reference] = args;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.writeOrder(...args);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The transaction rolled back, stock included. Either a request with this reference won the race
        // (answer with its order), or the random order number was taken (draw another).
        const placed = await this.placedWith(reference);
        if (placed) return { order: placed, placedNow: false };
        if (attempt >= ORDER_NUMBER_ATTEMPTS) throw error;
      }
    }
  }

  /** The signed-in user's orders, newest first: the whole list (the REST shim's answer). */
  async listMine(viewer: Viewer | null): Promise<OrderWithLines[]> {
    const { userId } = requireUser(viewer);
    const rows = await this.prisma.order.findMany({ where: { userId }, include: withLines, orderBy: NEWEST_FIRST });
    return rows.map(toOrder);
  }

  /** A page of the signed-in user's orders, newest first. */
  async pageMine(viewer: Viewer | null, options: OrderPageOptions = {}): Promise<Page<OrderWithLines>> {
    const { userId } = requireUser(viewer);
    return this.pageOfUser(userId, options);
  }

  /** A page of one user's orders, newest first: the user themself or an admin. */
  async pageForUser(viewer: Viewer | null, userId: unknown, options: OrderPageOptions = {}): Promise<Page<OrderWithLines>> {
    return this.pageOfUser(await this.checkUserOrders(viewer, userId), options);
  }

  /** A page of every order, newest first (admin), with the admin list's search and status filter. */
  async pageAll(viewer: Viewer | null, options: AllOrdersPageOptions = {}): Promise<Page<OrderWithLines>> {
    requireAdmin(viewer, "orders:read");
    const search = checkSearch(options.search, MAX_ORDER_SEARCH_LENGTH);
    const status = readStatusFilter(options.status);
    return keysetPage<{ id: number }, OrderWithLines>(
      this.prisma,
      {
        list: JSON.stringify(["orders", search.toLowerCase(), status]),
        first: options.first,
        after: options.after,
        defaultSize: ORDER_PAGE_SIZE,
        columns: Prisma.sql`o.id`,
        from: Prisma.sql`orders o`,
        conditions: allOrdersConditions(search, status),
        keys: ORDER_KEYS,
      },
      (rows) => this.ordersById(rows.map((row) => Number(row.id))),
    );
  }

  private pageOfUser(userId: number, options: OrderPageOptions): Promise<Page<OrderWithLines>> {
    return keysetPage<{ id: number }, OrderWithLines>(
      this.prisma,
      {
        list: userOrdersList(userId),
        first: options.first,
        after: options.after,
        defaultSize: ORDER_PAGE_SIZE,
        columns: Prisma.sql`o.id`,
        from: Prisma.sql`orders o`,
        conditions: [Prisma.sql`o.user_id = ${userId}`],
        keys: ORDER_KEYS,
      },
      (rows) => this.ordersById(rows.map((row) => Number(row.id))),
    );
  }

  /** A page's orders with their lines, lined up with `ids`. */
  private async ordersById(ids: number[]): Promise<(OrderWithLines | undefined)[]> {
    const rows = await this.prisma.order.findMany({ where: { id: { in: ids } }, include: withLines });
    return alignedById(ids, rows.map(toOrder));
  }

  /** One order by its number, for its owner or an admin. */
  async byNumber(viewer: Viewer | null, orderNumber: unknown): Promise<OrderWithLines> {
    const me = requireReader(viewer, "orders:read");
    if (typeof orderNumber !== "string" || orderNumber.length > 64 || isUnstorableText(orderNumber)) throw notFound("Order");
    const row = await this.prisma.order.findUnique({ where: { orderNumber: orderNumber.trim() }, include: withLines });
    // Someone else's order answers exactly like a missing one, so order numbers cannot be probed.
    if (!row || (!seesEveryone(me, "orders:read") && row.userId !== me.userId)) throw notFound("Order");
    return toOrder(row);
  }

  /**
   * Every order, newest first (admin): the whole list (the REST shim's answer). search: part of an order
   * number or reference, any case, % and _ literal.
   */
  async listAll(viewer: Viewer | null, search?: unknown): Promise<OrderWithLines[]> {
    requireAdmin(viewer, "orders:read");
    const text = checkSearch(search, MAX_ORDER_SEARCH_LENGTH);
    if (!text) return (await this.prisma.order.findMany({ include: withLines, orderBy: NEWEST_FIRST })).map(toOrder);
    const ids = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT o.id FROM orders o WHERE ${allOf(allOrdersConditions(text, null))} ORDER BY ${orderBy(ORDER_KEYS)}`;
    const rows = await loadInOrder(ids.map((row) => Number(row.id)), (chunk) =>
      this.prisma.order.findMany({ where: { id: { in: chunk } }, include: withLines }),
    );
    return rows.map(toOrder);
  }

  /** One user's orders, newest first: the whole list (the REST shim's answer), for the user themself or an admin. */
  async listForUser(viewer: Viewer | null, userId: unknown): Promise<OrderWithLines[]> {
    const id = await this.checkUserOrders(viewer, userId);
    const rows = await this.prisma.order.findMany({ where: { userId: id }, include: withLines, orderBy: NEWEST_FIRST });
    return rows.map(toOrder);
  }

  /** The id of a user whose orders the viewer may read (themself, or anyone for an admin) and who exists. */
  private async checkUserOrders(viewer: Viewer | null, userId: unknown): Promise<number> {
    requireReader(viewer, "orders:read");
    const id = parseId(userId);
    if (id === null) throw notFound("User");
    const { userId: viewerId } = requireSelfOrAdmin(viewer, id, "orders:read");
    if (id !== viewerId && !(await this.prisma.user.findUnique({ where: { id }, select: { id: true } }))) {
      throw notFound("User");
    }
    return id;
  }

  /**
   * The same page of several users' orders (newest first each) in one query, for lists of users asking
   * for their orders. Every user must be the viewer themself unless the viewer is an admin. A cursor
   * belongs to one user's list, so `after` fits at most one of them. The counts, when asked for, are one
   * grouped query for all of them.
   */
  async pagesForUsers(viewer: Viewer | null, userIds: readonly number[], options: OrderPageOptions = {}): Promise<Map<number, Page<OrderWithLines>>> {
    requireReader(viewer, "orders:read");
    for (const id of userIds) requireSelfOrAdmin(viewer, id, "orders:read");
    const users = [...new Set(userIds)];
    const requests = new Map(users.map((id) => [id, readPage(options.first, options.after, ORDER_PAGE_SIZE, userOrdersList(id), ORDER_KEYS)]));
    const pages = new Map<number, Page<OrderWithLines>>();
    if (users.length === 0) return pages;

    const { size, after } = requests.get(users[0])!;
    const rows = await this.prisma.$queryRaw<{ id: number; user_id: number; k0: Date; k1: number }[]>`
      SELECT page.* FROM unnest(${users}::int4[]) AS u(user_id)
      CROSS JOIN LATERAL (
        SELECT o.id, o.user_id, o.created_at AS k0, o.id AS k1 FROM orders o
        WHERE o.user_id = u.user_id AND ${after ? comesAfter(ORDER_KEYS, after) : Prisma.sql`TRUE`}
        ORDER BY ${orderBy(ORDER_KEYS)} LIMIT ${size + 1}
      ) page`;
    const orders = await this.ordersById(rows.map((row) => Number(row.id)));
    const counts = once(async () => {
      const found = await this.prisma.$queryRaw<{ user_id: number; count: unknown }[]>`
        SELECT user_id, count(*) AS count FROM orders WHERE user_id = ANY(${users}::int4[]) GROUP BY user_id`;
      return new Map(found.map((row) => [Number(row.user_id), Number(row.count)]));
    });
    for (const id of users) {
      const mine = rows.map((row, index) => ({ row, order: orders[index] })).filter((item) => Number(item.row.user_id) === id && item.order);
      const page = pageOf(
        mine,
        requests.get(id)!,
        userOrdersList(id),
        (item) => keysOfRow(ORDER_KEYS, item.row),
        (item) => item.order!,
        async () => (await counts()).get(id) ?? 0,
      );
      pages.set(id, page);
    }
    return pages;
  }

  /** Sets an order's status (admin). Any status may follow any other: the spec enforces no order. */
  async updateStatus(viewer: Viewer | null, orderId: unknown, given: Deferred<OrderStatusName>): Promise<OrderWithLines> {
    requireAdmin(viewer, "orders:write");
    const checks = new Checks();
    const status = checks.field("status", statusField, await received(given));
    checks.done();
    const id = parseId(orderId);
    if (id === null) throw notFound("Order");
    const order = await this.prisma.$transaction(async (tx) => {
      // Locked, so two admins changing one order at once each report the status they really replaced.
      const [before] = await tx.$queryRaw<{ status: string }[]>`SELECT status::text AS status FROM orders WHERE id = ${id} FOR UPDATE`;
      if (!before) throw notFound("Order");
      const row = await tx.order.update({
        where: { id },
        data: { status: status === "in-transit" ? "in_transit" : (status as "pending" | "delivered") },
        include: { ...withLines, user: { select: { email: true } } },
      });
      const { user, ...updated } = row;
      const changed = toOrder(updated);
      const previousStatus = toOrder({ ...updated, status: before.status as Order["status"] }).status;
      if (previousStatus !== changed.status) {
        // Webhooks: order.status_changed, in this transaction (issue 22).
        await reportWebhookEvents(tx, [{ type: "order.status_changed", data: { order: changed, previousStatus } }]);
        // Issue 23: the shopper hears of each status change (sent by the outbox after the commit).
        await queueEmail(tx, { userId: changed.userId, address: user.email }, { kind: "order-status", orderId: changed.id, orderNumber: changed.orderNumber, status: changed.status });
      }
      return changed;
    }, ORDER_TRANSACTION);
    await this.events.publish({ type: "orderStatusChanged", orderId: order.id, userId: order.userId, status: order.status });
    return order;
  }

  /**
   * Who may follow order status changes live, as a test on each event: one order (by number) for its
   * owner or an admin; without a number, all of the viewer's own orders (an admin: every order).
   * An unknown order and someone else's are refused alike (FORBIDDEN).
   */
  async statusFollower(viewer: Viewer | null, orderNumber?: string | null): Promise<(event: OrderEvent) => boolean> {
    const user = requireReader(viewer, "orders:read");
    const isAdmin = seesEveryone(user, "orders:read");
    if (orderNumber === undefined || orderNumber === null) {
      return (event) => event.type === "orderStatusChanged" && (isAdmin || event.userId === user.userId);
    }
    const row =
      typeof orderNumber === "string" && orderNumber.length <= 64
        ? await this.prisma.order.findUnique({ where: { orderNumber: orderNumber.trim() }, select: { id: true, userId: true } })
        : null;
    if (!row || (!isAdmin && row.userId !== user.userId)) throw forbidden(NOT_YOUR_ORDER);
    return (event) => event.type === "orderStatusChanged" && event.orderId === row.id;
  }

  /** Admins may follow every new order as it is placed. */
  placedFollower(viewer: Viewer | null): (event: OrderEvent) => boolean {
    requireAdmin(viewer, "orders:read");
    return (event) => event.type === "orderPlaced";
  }

  /** The order an event names, read afresh, for its owner or an admin; null when it is gone or not theirs. */
  async forEvent(viewer: Viewer | null, event: OrderEvent): Promise<OrderWithLines | null> {
    const user = requireReader(viewer, "orders:read");
    const everyone = seesEveryone(user, "orders:read");
    if (!everyone && event.userId !== user.userId) return null;
    const row = await this.prisma.order.findUnique({ where: { id: event.orderId }, include: withLines });
    if (!row || (!everyone && row.userId !== user.userId)) return null;
    return toOrder(row);
  }

  /** The order already placed with this reference, by anyone (see placedBySameCheckout). */
  private placedWith(reference: string): Promise<OrderRow | null> {
    return this.prisma.order.findUnique({ where: { reference }, include: withLines });
  }

  /**
   * Takes the stock and writes the order with its snapshots, all or nothing; or, when an order with this
   * reference exists by the time the reference's lock is held, takes nothing and answers that one.
   */
  private writeOrder(
    userId: number,
    contact: { email: string; phone: string; address: string },
    regionId: number,
    reference: string,
    wanted: WantedProduct[],
  ): Promise<{ order: OrderRow; placedNow: boolean }> {
    return this.prisma.$transaction(async (tx) => {
      // One checkout per reference at a time: a copy sent at the same moment waits here, then finds the
      // order below instead of reaching for stock the first one took. Released at commit or rollback.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK}::int4, hashtext(${reference}))`;
      const placed = await tx.order.findUnique({ where: { reference }, include: withLines });
      if (placed) return { order: placed, placedNow: false };

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
      const order = toOrder(row);
      // Webhooks: order.placed, and product.stock_low for each product this order took below a threshold (issue 22).
      const taken = new Map(wanted.map((line) => [line.productId, line.quantity!]));
      await reportWebhookEvents(tx, [
        { type: "order.placed", data: { order } },
        ...products.map((product) => ({
          type: "product.stock_low" as const,
          data: { product },
          stock: { before: product.quantity + (taken.get(product.id) ?? 0), after: product.quantity },
        })),
      ]);
      // Issue 23: the order confirmation, owed exactly when the order commits.
      await queueEmail(tx, { userId, address: contact.email }, { kind: "order-confirmation", orderId: row.id, orderNumber: row.orderNumber });
      return { order: row, placedNow: true };
    }, ORDER_TRANSACTION);
  }
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

export function toOrder(row: OrderRow): OrderWithLines {
  return { ...row, status: row.status === "in_transit" ? "in-transit" : row.status };
}

/** The admin list's status filter, as callers name statuses; null for all. */
function readStatusFilter(value: unknown): OrderStatusName | null {
  if (value === undefined || value === null || value === "") return null;
  if (!ORDER_STATUSES.includes(value as OrderStatusName)) throw invalid({ status: ["The selected status is invalid."] });
  return value as OrderStatusName;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const unavailableMessage = (clientName: string | null) => (clientName ? `${clientName} is no longer available.` : UNKNOWN_PRODUCT);

const shortageMessage = (name: string, inStock: number) =>
  inStock <= 0 ? `${name} is out of stock.` : `Only ${inStock} of ${name} left in stock.`;

/** A whole number of at least 1 (also as a numeric string, as form bodies may carry it), else null. */
function readQuantity(value: unknown): number | null {
  const number = typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/**
 * A cart: its lines by product, quantities of repeated lines added up. Only the id and the quantity
 * count; a line naming no product, or a bad quantity, is judged with today's stock (judgeCart).
 */
const cartField = fieldRule<CartRequest, CartLineInput[]>(
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

const statusField = oneOf(ORDER_STATUSES, { required: "The status field is required.", invalid: "The selected status is invalid." });
