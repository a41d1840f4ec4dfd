// The admin dashboard's figures: customers, sales and orders, this month against last month, and the
// products that sell best. Months are calendar months in UTC.
import type { OrderStatus, PrismaClient } from "../../generated/prisma/client.js";
import { storedOptions, type ChosenValue } from "../catalog/index.js";
import { Checks, requireAdmin, wholeNumber, type Cents, type Viewer } from "../shared/index.js";

/** Orders that are not sales: cancelled ones, and those still awaiting their payment. */
const NOT_SALES: OrderStatus[] = ["cancelled", "awaiting_payment"];

export interface MonthFigures {
  /** The month's English name, e.g. "September". */
  month: string;
  /** e.g. "2026-09". */
  yearMonth: string;
  newUsers: number;
  /** The orders' totals: what shoppers paid, after promotions, tax included. */
  revenue: Cents;
  /** Taken off by promotions (items and delivery). */
  discounts: Cents;
  /** Tax charged: revenue less this is the shop's own. */
  tax: Cents;
  newOrders: number;
}

export interface AnalyticsSummary {
  /** Accounts with the role user (admins are not customers). */
  totalUsers: number;
  userGrowthPercentage: number;
  /** The sum of every order's total, in cents: after promotions, tax included. */
  totalRevenue: Cents;
  /** Taken off by promotions over every order (items and delivery). */
  totalDiscounts: Cents;
  /** Tax charged over every order; totalRevenue - totalTax is the revenue net of tax. */
  totalTax: Cents;
  revenueChangePercentage: number;
  totalOrders: number;
  orderGrowthPercentage: number;
  /** The current month and the two before it, oldest first. */
  lastThreeMonths: MonthFigures[];
}

export interface TopProduct {
  id: number;
  slug: string;
  name: string;
  /** The category's name. */
  category: string;
  imageOne: string;
  purchasedQuantity: number;
  /** The same quantity by the variant bought (its SKU when bought), most first; one entry for a product sold in one variant. */
  variants: TopProductVariant[];
}

export interface TopProductVariant {
  sku: string;
  /** The option values of the variant, as its latest order line kept them. */
  options: ChosenValue[];
  purchasedQuantity: number;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Whole-percent change from last month to this month. When last month had nothing the ratio is undefined,
 * yet the dashboard needs a number: any activity this month then counts as +100%, none as 0%.
 */
export function growthPercentage(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}

const yearMonthOf = (monthStart: Date) => monthStart.toISOString().slice(0, 7);

export class AnalyticsService {
  constructor(readonly prisma: PrismaClient) {}

  /** The dashboard's summary cards as of `now` (admin). Four queries whatever the data. */
  async summary(viewer: Viewer | null, now: Date = new Date()): Promise<AnalyticsSummary> {
    requireAdmin(viewer, "analytics:read");
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    // Date.UTC rolls negative months back into the previous year.
    const monthStarts = [2, 1, 0].map((back) => new Date(Date.UTC(year, month - back, 1)));
    const from = monthStarts[0];
    const until = new Date(Date.UTC(year, month + 1, 1));

    const [totalUsers, usersByMonth, orderTotals, ordersByMonth] = await Promise.all([
      this.prisma.user.count({ where: { role: "user" } }),
      this.prisma.$queryRaw<{ year_month: string; count: number }[]>`
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS year_month, count(*)::int AS count
        FROM users
        WHERE role = 'user' AND created_at >= ${from} AND created_at < ${until}
        GROUP BY 1`,
      // A cancelled order is not a sale: it counts nowhere on the dashboard (its stock went back too), nor is
      // one still awaiting its payment. Revenue is net of refunds: what was paid and kept.
      this.prisma.order.aggregate({ where: { status: { notIn: NOT_SALES } }, _count: { _all: true }, _sum: { totalCents: true, refundedCents: true, discountCents: true, deliveryDiscountCents: true, taxCents: true } }),
      this.prisma.$queryRaw<{ year_month: string; count: number; revenue: bigint | number | string; discounts: bigint | number | string; tax: bigint | number | string }[]>`
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS year_month, count(*)::int AS count,
               coalesce(sum(total_cents - refunded_cents), 0)::bigint AS revenue,
               coalesce(sum(discount_cents + delivery_discount_cents), 0)::bigint AS discounts,
               coalesce(sum(tax_cents), 0)::bigint AS tax
        FROM orders
        WHERE created_at >= ${from} AND created_at < ${until} AND status NOT IN ('cancelled', 'awaiting-payment')
        GROUP BY 1`,
    ]);

    const users = new Map(usersByMonth.map((row) => [row.year_month, Number(row.count)]));
    const orders = new Map(ordersByMonth.map((row) => [row.year_month, { count: Number(row.count), revenue: Number(row.revenue), discounts: Number(row.discounts), tax: Number(row.tax) }]));
    const lastThreeMonths = monthStarts.map((start): MonthFigures => {
      const yearMonth = yearMonthOf(start);
      return {
        month: MONTH_NAMES[start.getUTCMonth()],
        yearMonth,
        newUsers: users.get(yearMonth) ?? 0,
        revenue: orders.get(yearMonth)?.revenue ?? 0,
        discounts: orders.get(yearMonth)?.discounts ?? 0,
        tax: orders.get(yearMonth)?.tax ?? 0,
        newOrders: orders.get(yearMonth)?.count ?? 0,
      };
    });
    const [, last, current] = lastThreeMonths;

    return {
      totalUsers,
      userGrowthPercentage: growthPercentage(current.newUsers, last.newUsers),
      totalRevenue: (orderTotals._sum.totalCents ?? 0) - (orderTotals._sum.refundedCents ?? 0),
      totalDiscounts: (orderTotals._sum.discountCents ?? 0) + (orderTotals._sum.deliveryDiscountCents ?? 0),
      totalTax: orderTotals._sum.taxCents ?? 0,
      revenueChangePercentage: growthPercentage(current.revenue, last.revenue),
      totalOrders: orderTotals._count._all,
      orderGrowthPercentage: growthPercentage(current.newOrders, last.newOrders),
      lastThreeMonths,
    };
  }

  /**
   * Products by the quantity bought across all orders, most first (admin). Lines of deleted products
   * no longer point at a product and are left out. Three queries whatever the limit.
   */
  async topProducts(viewer: Viewer | null, limit: unknown = 10): Promise<TopProduct[]> {
    requireAdmin(viewer, "analytics:read");
    const checks = new Checks();
    const take = checks.field("limit", wholeNumber("limit", { min: 1, max: 100 }), limit);
    checks.done();

    const sums = await this.prisma.orderLine.groupBy({
      by: ["productId"],
      where: { productId: { not: null }, order: { status: { notIn: NOT_SALES } } },
      _sum: { quantity: true },
      orderBy: [{ _sum: { quantity: "desc" } }, { productId: "asc" }],
      take,
    });
    const ids = sums.map((sum) => sum.productId!);
    const [products, byVariant] = await Promise.all([
      this.prisma.product.findMany({
        where: { id: { in: ids } },
        select: { id: true, slug: true, name: true, imageOne: true, category: { select: { name: true } } },
      }),
      // Lines are grouped by the SKU they were bought under (a line keeps it whatever happens to the variant).
      this.prisma.$queryRaw<{ product_id: number; sku: string; options: unknown; quantity: number }[]>`
        SELECT product_id, sku, (array_agg(options ORDER BY id DESC))[1] AS options, sum(quantity)::int AS quantity
        FROM order_lines WHERE product_id = ANY(${ids}::int4[]) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = order_lines.order_id AND o.status IN ('cancelled', 'awaiting-payment'))
        GROUP BY product_id, sku ORDER BY quantity DESC, sku`,
    ]);
    const byId = new Map(products.map((product) => [product.id, product]));
    const variantsOf = new Map<number, TopProductVariant[]>();
    for (const row of byVariant) {
      const list = variantsOf.get(Number(row.product_id)) ?? [];
      list.push({ sku: row.sku, options: storedOptions(row.options), purchasedQuantity: Number(row.quantity) });
      variantsOf.set(Number(row.product_id), list);
    }
    return sums.flatMap((sum) => {
      const product = byId.get(sum.productId!);
      if (!product) return [];
      return [
        {
          id: product.id,
          slug: product.slug,
          name: product.name,
          category: product.category.name,
          imageOne: product.imageOne,
          purchasedQuantity: sum._sum.quantity ?? 0,
          variants: variantsOf.get(product.id) ?? [],
        },
      ];
    });
  }
}
