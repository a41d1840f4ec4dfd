// The dashboard's daily rollups, kept by the database (migrations 20261202042626_analytics_rollups and
// 20261202045520_analytics_rollups_per_row): triggers on orders, order_lines and users, firing per row in the
// statement of each change (never deferred to the commit: a COMMIT must not be able to fail, decisions.md), bring
// the analytics_* tables in line with the change in its own transaction, so no writer of orders (checkout, the
// status table's moves, cancellations, refunds, the payment provider's outcome, imports) can forget them and none
// is counted twice: each counted order's share is recorded (analytics_order_marks), and a change takes exactly that
// share off before adding the new one. A day's figures are spread over 16 rows (the order's or account's id
// modulo 16) so the day's checkouts do not queue on one row; reads add them up. Month rollups (analytics_months,
// analytics_product_months; migration 20261202100508_analytics_month_rollups) are kept by triggers on the day
// rollups, so whatever writes a day writes its month; every statement that writes a rollup announces
// analyticsChanged (kept.ts drops its answers on it). Read by analytics.ts and report.ts; written by nothing in code.
//
// Why triggers rather than a job with a watermark: the figures are right the moment a change commits (the
// dashboard after a refund shows it), there is no second process to run or to fall behind, and orders change
// after they are placed (status, refunds), which a watermark over placing times would not see.
//
// The rules: a day is the UTC calendar day an order was placed (an account created); an order counts while it
// is neither cancelled nor awaiting its payment; its sales are its total (after promotions, tax and delivery
// included) less what was refunded, on the day it was placed; a line's (product's, category's) sales are what
// was paid for it, delivery and refunds not split by line.
import type { PrismaClient } from "../../generated/prisma/client.js";

/** Recounts every rollup, days then months, from the orders and accounts as they are (the migrations' backfill; bulk loaders after their inserts). */
export async function rebuildRollups(prisma: Pick<PrismaClient, "$executeRawUnsafe">): Promise<void> {
  await prisma.$executeRawUnsafe("SELECT analytics_rebuild()");
}

/** The triggers that keep the rollups, for bulk loaders that switch them off and call analytics_rebuild() after. */
export const ROLLUP_TRIGGERS = [
  { table: "orders", trigger: "analytics_orders_rollup" },
  { table: "order_lines", trigger: "analytics_order_lines_rollup" },
  { table: "users", trigger: "analytics_users_rollup" },
] as const;
