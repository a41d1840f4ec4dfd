// The analytics room's public surface: other folders import it only from here.
export { AnalyticsService } from "./analytics.js";
export type { AnalyticsSummary, TopProduct } from "./analytics.js";
