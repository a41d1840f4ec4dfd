// The dashboard's sales report over GraphQL (admins and keys with analytics:read). Thin: the analytics room
// checks the permission and the range (domain/analytics/report.ts); here arguments are handed over and the
// report mapped to object types. Money stays in cents here: the Money scalar turns it into dollars.
import { Arg, Ctx, Field, Int, ObjectType, Query, registerEnumType, Resolver } from "type-graphql";
import type { GraphQLContext } from "./context.js";
import { MoneyScalar } from "./scalars.js";
import type { ReportAsk, ReportRange as DomainRange } from "../domain/analytics/index.js";

export enum ReportRange {
  LAST_7_DAYS = "last-7-days",
  LAST_30_DAYS = "last-30-days",
  LAST_90_DAYS = "last-90-days",
  THIS_YEAR = "this-year",
  CUSTOM = "custom",
}
registerEnumType(ReportRange, {
  name: "ReportRange",
  description: "The days a sales report covers (UTC days, both ends included): the last 7, 30 or 90 ending today, January 1 to today, or from-to (CUSTOM).",
});

@ObjectType({ simpleResolvers: true, description: "A day's figures: orders that count (neither cancelled nor awaiting payment) placed that UTC day." })
export class SalesDay {
  @Field(() => String, { description: "YYYY-MM-DD (UTC)." }) day!: string;
  @Field(() => MoneyScalar, { description: "The orders' totals (after promotions, tax and delivery included) less refunds." }) sales!: number;
  @Field(() => Int) orders!: number;
  @Field(() => Int, { description: "Units bought." }) items!: number;
  @Field(() => Int, { description: "Customer accounts created that day." }) newCustomers!: number;
}

@ObjectType({ simpleResolvers: true, description: "A category's sales in the range: what was paid for its lines (delivery and refunds are not split by line)." })
export class CategorySales {
  @Field(() => String, { description: "The category's name when the products were bought." }) category!: string;
  @Field(() => Int) items!: number;
  @Field(() => MoneyScalar) sales!: number;
}

@ObjectType({ simpleResolvers: true, description: "A product's sales in the range." })
export class ReportProduct {
  @Field(() => Int) id!: number;
  @Field(() => String) slug!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: "The category's name." }) category!: string;
  @Field(() => Int, { description: "Units bought." }) items!: number;
  @Field(() => MoneyScalar, { description: "What was paid for its lines." }) sales!: number;
}

@ObjectType({ simpleResolvers: true, description: "The sales figures of a range of days, read from the daily rollups." })
export class SalesReport {
  @Field(() => ReportRange) range!: ReportRange;
  @Field(() => String, { description: "The first day, YYYY-MM-DD (UTC)." }) from!: string;
  @Field(() => String, { description: "The last day, YYYY-MM-DD (UTC), included." }) to!: string;
  @Field(() => MoneyScalar, { description: "As the summary cards' sales: the orders' totals (after promotions, tax and delivery included) less refunds." }) sales!: number;
  @Field(() => Int) orders!: number;
  @Field(() => Int, { description: "Units bought." }) items!: number;
  @Field(() => Int) newCustomers!: number;
  @Field(() => MoneyScalar, { description: "Taken off by promotions (items and delivery)." }) discounts!: number;
  @Field(() => MoneyScalar, { description: "Tax charged." }) tax!: number;
  @Field(() => MoneyScalar, { description: "Sales over orders, rounded half up to the cent; 0 without orders." }) averageOrderValue!: number;
  @Field(() => [SalesDay], { description: "Every day of the range, oldest first; days without sales at 0." }) days!: SalesDay[];
  @Field(() => [CategorySales], { description: "Most sales first." }) categories!: CategorySales[];
  @Field(() => [ReportProduct], { description: "Most units first." }) topProducts!: ReportProduct[];
}

@ObjectType({ simpleResolvers: true, description: "A report as a CSV file (RFC 4180; cells a spreadsheet would run as formulas start with an apostrophe)." })
export class CsvFile {
  @Field(() => String) fileName!: string;
  @Field(() => String) csv!: string;
}

const ask = (range: ReportRange | null, from: string | null, to: string | null, limit?: number | null): ReportAsk => ({ range, from, to, limit });

@Resolver()
class AnalyticsResolver {
  @Query(() => SalesReport, { description: "The sales report of a range of days (admins, keys with analytics:read): totals, average order value, sales by day, by category, best sellers." })
  async salesReport(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("range", () => ReportRange, { nullable: true, description: "LAST_30_DAYS when left out." }) range: ReportRange | null,
    @Arg("from", () => String, { nullable: true, description: "YYYY-MM-DD, CUSTOM only." }) from: string | null,
    @Arg("to", () => String, { nullable: true, description: "YYYY-MM-DD, CUSTOM only (included)." }) to: string | null,
    @Arg("limit", () => Int, { nullable: true, description: "Best sellers, 1 to 100 (10)." }) limit: number | null,
  ): Promise<SalesReport> {
    const report = await shop.analytics.report(viewer, ask(range, from, to, limit));
    return { ...report, range: report.range as DomainRange as ReportRange };
  }

  @Query(() => CsvFile, { description: "The same report as CSV: a row a day, a Total row, then the categories (admins, keys with analytics:read)." })
  async salesReportCsv(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("range", () => ReportRange, { nullable: true }) range: ReportRange | null,
    @Arg("from", () => String, { nullable: true }) from: string | null,
    @Arg("to", () => String, { nullable: true }) to: string | null,
  ): Promise<CsvFile> {
    return shop.analytics.reportCsv(viewer, ask(range, from, to));
  }
}

export const analyticsResolvers = [AnalyticsResolver] as const;
