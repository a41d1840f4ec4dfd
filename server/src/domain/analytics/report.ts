// The sales report behind the dashboard's range picker: the figures of a range of days (the last 7, 30 or 90,
// this year, or any from-to), sales by day for the chart, by category, the best sellers in the range, the
// average order value, and the same as CSV. Read from the rollups (rollups.ts), whatever the history: the days
// of the range, and for the best sellers the product months (see bestSellers); kept per process until a change
// (kept.ts).
//
// The rules: a day is a UTC calendar day (as the dashboard's months are UTC months); a range is whole days,
// both ends included; "the last N days" end today and hold N days (today and the N-1 before); "this year" runs
// from January 1 to today. Sales are what the summary cards call sales: the orders' totals (after promotions,
// tax and delivery included) less refunds, on the day each order was placed; cancelled orders and those
// awaiting their payment count nowhere. A category's (and a product's) sales are what was paid for its lines:
// units at the unit price, less their share of promotions, with tax when it was added on top; delivery and
// refunds are not split by line, so the categories add up to the items' part of sales, not to sales. The
// average order value is sales over orders, rounded half up to the cent (0 without orders).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { Checks, csvText, fieldRule, oneOf, requireAdmin, wholeNumber, type Cents, type Viewer } from "../shared/index.js";
import type { KeptDashboardAnswers } from "./kept.js";

export const REPORT_RANGES = ["last-7-days", "last-30-days", "last-90-days", "this-year", "custom"] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** The longest custom range: ten years of days (the chart draws every day). */
export const MAX_REPORT_DAYS = 3_660;

export interface ReportAsk {
  range?: unknown;
  /** "YYYY-MM-DD", custom ranges only. */
  from?: unknown;
  to?: unknown;
  /** Best sellers in the range, 1 to 100 (10). */
  limit?: unknown;
}

export interface SalesDay {
  /** "YYYY-MM-DD" (UTC). */
  day: string;
  sales: Cents;
  orders: number;
  items: number;
  newCustomers: number;
}

export interface CategorySales {
  /** The category's name when the products were bought. */
  category: string;
  items: number;
  sales: Cents;
}

export interface ReportProduct {
  id: number;
  slug: string;
  name: string;
  category: string;
  imageOne: string;
  items: number;
  sales: Cents;
}

export interface SalesReport {
  range: ReportRange;
  from: string;
  to: string;
  sales: Cents;
  orders: number;
  items: number;
  newCustomers: number;
  discounts: Cents;
  tax: Cents;
  averageOrderValue: Cents;
  /** Every day of the range, oldest first, days without sales at 0. */
  days: SalesDay[];
  /** Most sales first. */
  categories: CategorySales[];
  /** Most units first. */
  topProducts: ReportProduct[];
}

const DAY_MS = 86_400_000;

/** A UTC day as the rollups key it, e.g. "2026-09-01" (cast ::date in SQL: a Date would go through the session's time zone). */
export const isoDay = (day: Date): string => day.toISOString().slice(0, 10);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A "YYYY-MM-DD" that names a real day, as a UTC midnight; null otherwise. */
function parseDay(value: unknown): Date | null {
  if (typeof value !== "string" || !DAY_PATTERN.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || isoDay(day) !== value ? null : day;
}

const dayField = (label: string) =>
  fieldRule<Date | null>(
    (value, problem) => {
      if (value === undefined || value === null || value === "") {
        problem(`The ${label} date is required for a custom range.`);
        return null;
      }
      const day = parseDay(value);
      if (!day) problem(`The ${label} date must be a day written YYYY-MM-DD, e.g. 2026-09-01.`);
      return day;
    },
    { type: "string", format: "date" },
  );

const rangeField = oneOf(REPORT_RANGES, { required: "The range field is required.", invalid: "The range must be one of: last 7 days, last 30 days, last 90 days, this year, custom." });

/** The first and last day (UTC midnights) of a range as of `now`, or the field problems. */
export function resolveRange(ask: ReportAsk, now: Date): { range: ReportRange; from: Date; to: Date } {
  const checks = new Checks();
  const range = ask.range === undefined || ask.range === null ? "last-30-days" : checks.field("range", rangeField, ask.range);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (range !== "custom") {
    checks.done();
    const from =
      range === "this-year" ? new Date(Date.UTC(today.getUTCFullYear(), 0, 1)) : new Date(today.getTime() - (Number(range.split("-")[1]) - 1) * DAY_MS);
    return { range, from, to: today };
  }
  const from = checks.field("from", dayField("from"), ask.from);
  const to = checks.field("to", dayField("to"), ask.to);
  if (from && to && from > to) checks.add("to", "The to date must be the same as the from date or after it.");
  if (from && to && (to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_REPORT_DAYS) checks.add("to", `A range can hold at most ${MAX_REPORT_DAYS} days.`);
  checks.done();
  return { range, from: from!, to: to! };
}

/** Sales over orders, rounded half up to the cent; 0 without orders. */
export const averageOrderValue = (sales: Cents, orders: number): Cents => (orders === 0 ? 0 : Math.floor((2 * sales + orders) / (2 * orders)));

type Big = bigint | number | string;

/**
 * The pieces whose signed sums give a range's per-product figures: whole months from the month rollup, and at
 * each edge month the fewer days of two ways to get its part (sums are additive): the days inside the range
 * (+), or the whole month (+) less the days outside the range (-). So a range reads at most about a month's
 * worth of day rows plus its months, whatever its length. Days are "YYYY-MM-DD", months their first day.
 */
export function rangePieces(from: Date, to: Date): { months: [string, string] | null; days: { from: string; to: string; sign: 1 | -1 }[] } {
  const monthStart = (day: Date) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const monthEnd = (day: Date) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0));
  const dayCount = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / DAY_MS) + 1;
  const shift = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);
  const days: { from: string; to: string; sign: 1 | -1 }[] = [];
  const wholeMonths: Date[] = [];
  // One month's part [a, b] (both in that month): read as its days, or as the month less the days outside.
  const part = (a: Date, b: Date) => {
    const start = monthStart(a);
    const end = monthEnd(a);
    const inside = dayCount(a, b);
    if (inside <= dayCount(start, end) - inside) {
      days.push({ from: isoDay(a), to: isoDay(b), sign: 1 });
      return;
    }
    wholeMonths.push(start);
    if (a > start) days.push({ from: isoDay(start), to: isoDay(shift(a, -1)), sign: -1 });
    if (b < end) days.push({ from: isoDay(shift(b, 1)), to: isoDay(end), sign: -1 });
  };
  const firstMonth = monthStart(from);
  const lastMonth = monthStart(to);
  if (firstMonth.getTime() === lastMonth.getTime()) {
    part(from, to);
  } else {
    part(from, monthEnd(from));
    for (let month = new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + 1, 1)); month < lastMonth; month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))) {
      wholeMonths.push(month);
    }
    part(lastMonth, to);
  }
  // The whole months are always one run of consecutive months (the edges join the middle when whole).
  const months = wholeMonths.length === 0 ? null : ([isoDay(wholeMonths[0]), isoDay(wholeMonths[wholeMonths.length - 1])] as [string, string]);
  return { months, days };
}

export class SalesReports {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly kept?: KeptDashboardAnswers,
  ) {}

  /** The report of a range (admin, analytics:read), kept per (range, days, limit, UTC day) until a change. */
  async report(viewer: Viewer | null, ask: ReportAsk = {}, now: Date = new Date()): Promise<SalesReport> {
    requireAdmin(viewer, "analytics:read");
    const { range, from, to } = resolveRange(ask, now);
    const checks = new Checks();
    const take = ask.limit === undefined || ask.limit === null ? 10 : checks.field("limit", wholeNumber("limit", { min: 1, max: 100 }), ask.limit);
    checks.done();
    const compute = () => this.count(range, from, to, take);
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
    return this.kept ? this.kept.answer(`report|${range}|${isoDay(from)}|${isoDay(to)}|${take}|${isoDay(now)}`, compute, days) : compute();
  }

  /** The report counted: four queries over the rollups (and the best sellers' products), whatever the history. */
  private async count(range: ReportRange, from: Date, to: Date, take: number): Promise<SalesReport> {
    const first = isoDay(from);
    const last = isoDay(to);

    const [byDay, byCategory, top] = await Promise.all([
      this.prisma.$queryRaw<{ day: string; sales: Big; orders: number; items: number; new_customers: number; discounts: Big; tax: Big }[]>`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(sales_cents)::bigint AS sales, sum(orders)::int AS orders, sum(items)::int AS items,
               sum(new_customers)::int AS new_customers, sum(discounts_cents)::bigint AS discounts, sum(tax_cents)::bigint AS tax
        FROM analytics_days WHERE day >= ${first}::date AND day <= ${last}::date GROUP BY day ORDER BY day`,
      this.prisma.$queryRaw<{ category: string; items: number; sales: Big }[]>`
        SELECT category, sum(quantity)::int AS items, sum(sales_cents)::bigint AS sales
        FROM analytics_category_days WHERE day >= ${first}::date AND day <= ${last}::date
        GROUP BY category HAVING sum(quantity) > 0 ORDER BY sales DESC, category`,
      this.bestSellers(from, to, take),
    ]);

    const known = new Map(byDay.map((row) => [row.day, row]));
    const days: SalesDay[] = [];
    let discounts = 0;
    let tax = 0;
    for (let at = from.getTime(); at <= to.getTime(); at += DAY_MS) {
      const day = isoDay(new Date(at));
      const row = known.get(day);
      days.push({ day, sales: Number(row?.sales ?? 0), orders: Number(row?.orders ?? 0), items: Number(row?.items ?? 0), newCustomers: Number(row?.new_customers ?? 0) });
      discounts += Number(row?.discounts ?? 0);
      tax += Number(row?.tax ?? 0);
    }
    const sum = (pick: (day: SalesDay) => number) => days.reduce((total, day) => total + pick(day), 0);
    const sales = sum((day) => day.sales);
    const orders = sum((day) => day.orders);
    return {
      range,
      from: first,
      to: last,
      sales,
      orders,
      items: sum((day) => day.items),
      newCustomers: sum((day) => day.newCustomers),
      discounts,
      tax,
      averageOrderValue: averageOrderValue(sales, orders),
      days,
      categories: byCategory.map((row) => ({ category: row.category, items: Number(row.items), sales: Number(row.sales) })),
      topProducts: top,
    };
  }

  /**
   * The range's best sellers, most units first (ties: the older product). The units are summed from the rollups
   * without touching products: whole months from analytics_product_months and the edge days, signed, from
   * analytics_product_days (rangePieces), so the rows read do not grow with the range's length; then the
   * products of the first candidates are read by id; a deleted product's rollup stays and is skipped, and
   * should deleted ones leave fewer than asked, the next candidates are read.
   */
  private async bestSellers(from: Date, to: Date, take: number): Promise<ReportProduct[]> {
    const { months, days } = rangePieces(from, to);
    const pieces = [
      ...(months
        ? [Prisma.sql`SELECT product_id, quantity, sales_cents FROM analytics_product_months WHERE month >= ${months[0]}::date AND month <= ${months[1]}::date`]
        : []),
      ...days.map(
        (piece) =>
          Prisma.sql`SELECT product_id, ${piece.sign}::int * quantity, ${piece.sign}::int * sales_cents FROM analytics_product_days WHERE day >= ${piece.from}::date AND day <= ${piece.to}::date`,
      ),
    ];
    const found: ReportProduct[] = [];
    for (let skip = 0, batch = take + 20; found.length < take; skip += batch) {
      const sums = await this.prisma.$queryRaw<{ product_id: number; items: number; sales: Big }[]>`
        SELECT product_id, sum(quantity)::int AS items, sum(sales_cents)::bigint AS sales
        FROM (${Prisma.join(pieces, " UNION ALL ")}) AS piece (product_id, quantity, sales_cents)
        GROUP BY product_id HAVING sum(quantity) > 0 ORDER BY items DESC, product_id LIMIT ${batch} OFFSET ${skip}`;
      const products = await this.prisma.product.findMany({
        where: { id: { in: sums.map((sum) => Number(sum.product_id)) } },
        select: { id: true, slug: true, name: true, imageOne: true, category: { select: { name: true } } },
      });
      const byId = new Map(products.map((product) => [product.id, product]));
      for (const sum of sums) {
        const product = byId.get(Number(sum.product_id));
        if (product && found.length < take) {
          found.push({ id: product.id, slug: product.slug, name: product.name, category: product.category.name, imageOne: product.imageOne, items: Number(sum.items), sales: Number(sum.sales) });
        }
      }
      if (sums.length < batch) break;
    }
    return found;
  }

  /**
   * The report as CSV (the shop's CSV: RFC 4180, formulas neutralised): a row a day (date, orders, sales,
   * average order value, items, new customers), a Total row, then a blank row and the categories (category,
   * items, sales). Money in dollars with two decimals, as a spreadsheet sums it.
   */
  async csv(viewer: Viewer | null, ask: ReportAsk = {}, now: Date = new Date()): Promise<{ fileName: string; csv: string }> {
    requireAdmin(viewer, "analytics:read");
    // Kept as the report is (a refused ask is never kept: kept.ts keeps no failure).
    const { from, to } = resolveRange(ask, now);
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
    const compute = () => this.writeCsv(viewer, ask, now);
    return this.kept ? this.kept.answer(`csv|${JSON.stringify([ask.range, ask.from, ask.to, ask.limit])}|${isoDay(now)}`, compute, days) : compute();
  }

  private async writeCsv(viewer: Viewer | null, ask: ReportAsk, now: Date): Promise<{ fileName: string; csv: string }> {
    const report = await this.report(viewer, ask, now);
    const money = (cents: Cents) => (cents / 100).toFixed(2);
    const records: string[][] = [["Date", "Orders", "Sales", "Average order value", "Items", "New customers"]];
    for (const day of report.days) {
      records.push([day.day, String(day.orders), money(day.sales), money(averageOrderValue(day.sales, day.orders)), String(day.items), String(day.newCustomers)]);
    }
    records.push(["Total", String(report.orders), money(report.sales), money(report.averageOrderValue), String(report.items), String(report.newCustomers)]);
    records.push([]);
    records.push(["Category", "Items", "Sales"]);
    for (const category of report.categories) records.push([category.category, String(category.items), money(category.sales)]);
    return { fileName: `sales-report-${report.from}-to-${report.to}.csv`, csv: csvText(records) };
  }
}
