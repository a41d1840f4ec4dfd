// The analytics room's public surface: other folders import it only from here.
export { AnalyticsService } from "./analytics.js";
export type { AnalyticsSummary, TopProduct } from "./analytics.js";
export { averageOrderValue, MAX_REPORT_DAYS, rangePieces, REPORT_RANGES } from "./report.js";
export type { CategorySales, ReportAsk, ReportProduct, ReportRange, SalesDay, SalesReport } from "./report.js";
export { rebuildRollups, ROLLUP_TRIGGERS } from "./rollups.js";
