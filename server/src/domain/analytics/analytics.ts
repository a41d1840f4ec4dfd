// The admin dashboard's figures: customers, sales and orders, this month against last month, and the
// products that sell best. Months are calendar months in UTC.
//
// Read from the rollups (rollups.ts), never from the orders themselves, so a dashboard view costs the same at a
// thousand orders as at a million: the summary reads the month rollups (16 rows a month), whatever the history.
// Answers are kept per process until a rollup or the catalogue changes (kept.ts). The rules the rollups keep are the ones the dashboard always
// had: a cancelled order counts nowhere, nor one still awaiting its payment; sales are what shoppers paid and
// kept (the orders' totals after promotions, tax and delivery included, less refunds), on the UTC day (month)
// the order was placed.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { storedOptions, type ChosenValue } from "../catalog/index.js";
import { Checks, requireAdmin, wholeNumber, type Cents, type EventBus, type Viewer } from "../shared/index.js";
import { KeptDashboardAnswers } from "./kept.js";
import { isoDay, SalesReports, type ReportAsk, type SalesReport } from "./report.js";

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

/** A sum as the driver hands it back (bigint on PostgreSQL, number or text elsewhere). */
type Big = bigint | number | string;

export class AnalyticsService {
  private readonly reports: SalesReports;
  /** The answers kept until a rollup or the catalogue changes (kept.ts); nothing is kept without `events`. */
  readonly kept: KeptDashboardAnswers;

  constructor(
    readonly prisma: PrismaClient,
    events?: EventBus,
  ) {
    this.kept = new KeptDashboardAnswers(events);
    this.reports = new SalesReports(prisma, this.kept);
  }

  /** The sales report of a range of days (admin): report.ts. */
  report(viewer: Viewer | null, ask: ReportAsk = {}, now: Date = new Date()): Promise<SalesReport> {
    return this.reports.report(viewer, ask, now);
  }

  /** The same report as a CSV file (admin): report.ts. */
  reportCsv(viewer: Viewer | null, ask: ReportAsk = {}, now: Date = new Date()): Promise<{ fileName: string; csv: string }> {
    return this.reports.csv(viewer, ask, now);
  }

  /** The dashboard's summary cards as of `now` (admin), kept per UTC day until a change. */
  async summary(viewer: Viewer | null, now: Date = new Date()): Promise<AnalyticsSummary> {
    requireAdmin(viewer, "analytics:read");
    return this.kept.answer(`summary|${isoDay(now)}`, () => this.countSummary(now));
  }

  /** The summary counted: two queries over the month rollups (16 rows a month), whatever the history. */
  private async countSummary(now: Date): Promise<AnalyticsSummary> {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    // Date.UTC rolls negative months back into the previous year.
    const monthStarts = [2, 1, 0].map((back) => new Date(Date.UTC(year, month - back, 1)));
    const from = monthStarts[0];
    const until = new Date(Date.UTC(year, month + 1, 1));

    const [[totals], byMonth] = await Promise.all([
      this.prisma.$queryRaw<{ users: number; orders: number; sales: Big; discounts: Big; tax: Big }[]>`
        SELECT coalesce(sum(new_customers), 0)::int AS users, coalesce(sum(orders), 0)::int AS orders, coalesce(sum(sales_cents), 0)::bigint AS sales,
               coalesce(sum(discounts_cents), 0)::bigint AS discounts, coalesce(sum(tax_cents), 0)::bigint AS tax
        FROM analytics_months`,
      this.prisma.$queryRaw<{ year_month: string; users: number; orders: number; sales: Big; discounts: Big; tax: Big }[]>`
        SELECT to_char(month, 'YYYY-MM') AS year_month, sum(new_customers)::int AS users, sum(orders)::int AS orders, sum(sales_cents)::bigint AS sales,
               sum(discounts_cents)::bigint AS discounts, sum(tax_cents)::bigint AS tax
        FROM analytics_months
        WHERE month >= ${isoDay(from)}::date AND month < ${isoDay(until)}::date
        GROUP BY 1`,
    ]);

    const months = new Map(byMonth.map((row) => [row.year_month, row]));
    const lastThreeMonths = monthStarts.map((start): MonthFigures => {
      const yearMonth = yearMonthOf(start);
      const row = months.get(yearMonth);
      return {
        month: MONTH_NAMES[start.getUTCMonth()],
        yearMonth,
        newUsers: Number(row?.users ?? 0),
        revenue: Number(row?.sales ?? 0),
        discounts: Number(row?.discounts ?? 0),
        tax: Number(row?.tax ?? 0),
        newOrders: Number(row?.orders ?? 0),
      };
    });
    const [, last, current] = lastThreeMonths;

    return {
      totalUsers: Number(totals.users),
      userGrowthPercentage: growthPercentage(current.newUsers, last.newUsers),
      totalRevenue: Number(totals.sales),
      totalDiscounts: Number(totals.discounts),
      totalTax: Number(totals.tax),
      revenueChangePercentage: growthPercentage(current.revenue, last.revenue),
      totalOrders: Number(totals.orders),
      orderGrowthPercentage: growthPercentage(current.newOrders, last.newOrders),
      lastThreeMonths,
    };
  }

  /**
   * Products by the quantity bought across all orders, most first (admin). Lines of deleted products
   * no longer point at a product and are left out. Three queries over the rollups whatever the limit.
   */
  async topProducts(viewer: Viewer | null, limit: unknown = 10, now: Date = new Date()): Promise<TopProduct[]> {
    requireAdmin(viewer, "analytics:read");
    const checks = new Checks();
    const take = checks.field("limit", wholeNumber("limit", { min: 1, max: 100 }), limit);
    checks.done();
    return this.kept.answer(`top|${take}|${isoDay(now)}`, () => this.countTopProducts(take));
  }

  private async countTopProducts(take: number): Promise<TopProduct[]> {

    // The all-time units of each product, read most first from an index; a deleted product's rollup stays
    // and is left out here (its lines no longer point at it). Ties go to the older product, as before.
    const sums = await this.prisma.$queryRaw<{ product_id: number; quantity: number }[]>`
      SELECT t.product_id, t.quantity FROM analytics_product_totals t
      WHERE t.quantity > 0 AND EXISTS (SELECT 1 FROM products p WHERE p.id = t.product_id)
      ORDER BY t.quantity DESC, t.product_id LIMIT ${take}`;
    const ids = sums.map((sum) => Number(sum.product_id));
    const [products, byVariant] = await Promise.all([
      this.prisma.product.findMany({
        where: { id: { in: ids } },
        select: { id: true, slug: true, name: true, imageOne: true, category: { select: { name: true } } },
      }),
      // The units by the SKU they were bought under (a line keeps it whatever happens to the variant), with
      // the option values of the latest line that counts (an index on order_lines (product_id, sku, id)).
      this.prisma.$queryRaw<{ product_id: number; sku: string; options: unknown; quantity: number }[]>`
        SELECT s.product_id, s.sku, s.quantity,
          (SELECT ol.options FROM order_lines ol
           WHERE ol.product_id = s.product_id AND ol.sku = s.sku
             AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = ol.order_id AND o.status IN ('cancelled', 'awaiting-payment'))
           ORDER BY ol.id DESC LIMIT 1) AS options
        FROM analytics_product_skus s WHERE s.product_id = ANY(${ids}::int4[]) AND s.quantity > 0
        ORDER BY s.quantity DESC, s.sku`,
    ]);
    const byId = new Map(products.map((product) => [product.id, product]));
    const variantsOf = new Map<number, TopProductVariant[]>();
    for (const row of byVariant) {
      const list = variantsOf.get(Number(row.product_id)) ?? [];
      list.push({ sku: row.sku, options: storedOptions(row.options), purchasedQuantity: Number(row.quantity) });
      variantsOf.set(Number(row.product_id), list);
    }
    return sums.flatMap((sum) => {
      const product = byId.get(Number(sum.product_id));
      if (!product) return [];
      return [
        {
          id: product.id,
          slug: product.slug,
          name: product.name,
          category: product.category.name,
          imageOne: product.imageOne,
          purchasedQuantity: Number(sum.quantity),
          variants: variantsOf.get(product.id) ?? [],
        },
      ];
    });
  }
}
