// Order history: the lists of orders for their three audiences (the shopper's own, one user's for the
// shopper or an admin, and every order for admins, with search and a status filter), as whole lists (the
// REST shim) and as keyset pages (GraphQL), and one order by its number.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import {
  alignedById,
  allOf,
  checkSearch,
  comesAfter,
  containsPattern,
  invalid,
  isOrderStatusName,
  isUnstorableText,
  keysetPage,
  keysOfRow,
  loadInOrder,
  newestFirst,
  notFound,
  once,
  orderBy,
  pageOf,
  parseId,
  readPage,
  requireAdmin,
  requireReader,
  requireSelfOrAdmin,
  requireUser,
  seesEveryone,
  type OrderStatusName,
  type Page,
  type Viewer,
} from "../shared/index.js";
import type { EmailOrder } from "../messaging/index.js";
import { priceOfPlacedOrder } from "./pricing.js";
import { toOrder, withLines, type OrderWithLines } from "./records.js";
import type { PaymentStatus } from "./refunds.js";

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
  /** How the order stands with its payment (refunds.ts's PaymentStatus). */
  paymentStatus?: unknown;
}

/** One user's orders make one list for cursors, however they are asked for (myOrders, userOrders, User.orders). */
const userOrdersList = (userId: number) => JSON.stringify(["orders-of-user", userId]);

/** Each payment status as a condition on the order's row: paymentStatusOf (refunds.ts) in SQL. */
const PAYMENT_STATUS_SQL: Record<PaymentStatus, Prisma.Sql> = {
  awaiting: Prisma.sql`o.payment_state = 'awaiting'`,
  unpaid: Prisma.sql`o.payment_state = 'unpaid'`,
  paid: Prisma.sql`o.payment_state = 'paid' AND o.refunded_cents = 0`,
  "partially-refunded": Prisma.sql`o.payment_state = 'paid' AND o.refunded_cents > 0 AND o.refunded_cents < o.total_cents`,
  refunded: Prisma.sql`o.payment_state = 'paid' AND o.refunded_cents > 0 AND o.refunded_cents >= o.total_cents`,
};

/** The admin list's payment status filter; null for all. */
function readPaymentStatusFilter(value: unknown): PaymentStatus | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || !Object.hasOwn(PAYMENT_STATUS_SQL, value)) throw invalid({ paymentStatus: ["The selected payment status is invalid."] });
  return value as PaymentStatus;
}

/** The admin list's filters: a part of the order number or reference (any case, % and _ literal), the status and the payment status. */
function allOrdersConditions(search: string, status: OrderStatusName | null, paymentStatus: PaymentStatus | null = null): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(Prisma.sql`(o.order_number ILIKE ${pattern} OR o.reference ILIKE ${pattern})`);
  }
  if (status) conditions.push(Prisma.sql`o.status::text = ${status}`);
  if (paymentStatus) conditions.push(PAYMENT_STATUS_SQL[paymentStatus]);
  return conditions;
}

/** The admin list's status filter, as callers name statuses; null for all. */
function readStatusFilter(value: unknown): OrderStatusName | null {
  if (value === undefined || value === null || value === "") return null;
  if (!isOrderStatusName(value)) throw invalid({ status: ["The selected status is invalid."] });
  return value;
}

export class OrderHistory {
  constructor(readonly prisma: PrismaClient) {}

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
    const paymentStatus = readPaymentStatusFilter(options.paymentStatus);
    return keysetPage<{ id: number }, OrderWithLines>(
      this.prisma,
      {
        // Without a payment status, the key cursors were made with before it existed.
        list: JSON.stringify(["orders", search.toLowerCase(), status, ...(paymentStatus ? [paymentStatus] : [])]),
        first: options.first,
        after: options.after,
        defaultSize: ORDER_PAGE_SIZE,
        columns: Prisma.sql`o.id`,
        from: Prisma.sql`orders o`,
        conditions: allOrdersConditions(search, status, paymentStatus),
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

  /** An order as its emails show it, with its price; null when it no longer exists. */
  async forEmail(orderId: number): Promise<EmailOrder | null> {
    const row = await this.prisma.order.findUnique({ where: { id: orderId }, include: withLines });
    return row ? { ...toOrder(row), price: priceOfPlacedOrder(row) } : null;
  }
}
