// A promotion used by an order: its use counted in checkout's transaction, under its limits, and given back
// when the order is cancelled. The limits hold under parallel checkouts because each is a condition of the
// statement that counts the use (PostgreSQL re-checks it against the row as the previous checkout left it):
// - the total usage limit: `uses` is raised only while below `usage_limit`;
// - a single-use code: its `uses` is raised only from 0;
// - the per-customer limit: checkouts of one customer for one promotion take turns (a transaction-scoped
//   advisory lock), then count that customer's orders with it.
// A promotion that can no longer be used fails the checkout with the reason: the order is never placed
// without the discount the shopper was shown.
import type { OrderPromotion, Prisma } from "../../generated/prisma/client.js";
import type { PromotionAmount } from "../pricing/index.js";
import { conflict, invalid } from "../shared/index.js";
import { CODE_MESSAGES, type EnteredCode } from "./in-force.js";

/** The first key of the advisory locks taken per promotion and customer (the second hashes both). */
const CUSTOMER_LOCK = 72_707_371;

export const AUTOMATIC_PROMOTION_ENDED = "A promotion in your cart has just ended. Please check your cart's new total.";

/** The promotion (and the code) each applied amount came with. */
const enteredFor = (promotion: PromotionAmount, codes: readonly EnteredCode[]) => codes.find((code) => code.rule?.id === promotion.id) ?? null;

/** Records the promotions an order got with it (in checkout's transaction; their uses are counted last, below). */
export async function recordPromotions(
  tx: Prisma.TransactionClient,
  orderId: number,
  applied: readonly PromotionAmount[],
  codes: readonly EnteredCode[],
  customer: string,
): Promise<OrderPromotion[]> {
  if (!applied.length) return [];
  const rows = await tx.orderPromotion.createManyAndReturn({
    data: applied.map((promotion) => {
      const entered = enteredFor(promotion, codes);
      return {
        orderId,
        promotionId: promotion.id,
        codeId: entered?.codeId ?? null,
        name: promotion.name,
        code: entered?.code ?? null,
        amountCents: promotion.amountCents,
        itemsCents: promotion.itemsCents,
        deliveryCents: promotion.deliveryCents,
        customer,
      };
    }),
  });
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Counts the uses of the promotions an order got, under their limits. Checkout runs this last in its
 * transaction: the statement that counts a use holds the promotion's row until the order commits, and every
 * other checkout with that promotion waits for it, so nothing else is done while it is held.
 */
export async function countPromotionUses(
  tx: Prisma.TransactionClient,
  orderId: number,
  applied: readonly PromotionAmount[],
  codes: readonly EnteredCode[],
  customer: string,
  at: Date,
): Promise<void> {
  // In id order, like every writer of these rows: two checkouts never wait for each other in a circle.
  for (const promotion of [...applied].sort((a, b) => a.id - b.id)) {
    const entered = enteredFor(promotion, codes);
    const refuse = (message: string) => (entered ? invalid({ code: [message] }) : conflict(AUTOMATIC_PROMOTION_ENDED));
    const counted = await tx.$queryRaw<{ per_customer_limit: number | null }[]>`
      UPDATE promotions SET uses = uses + 1
      WHERE id = ${promotion.id} AND NOT paused AND (usage_limit IS NULL OR uses < usage_limit)
        AND (starts_at IS NULL OR starts_at <= ${at}) AND (ends_at IS NULL OR ends_at > ${at})
      RETURNING per_customer_limit`;
    if (counted.length === 0) throw refuse(CODE_MESSAGES.usedUp);
    if (entered?.codeId) {
      const codeCounted = await tx.$executeRaw`UPDATE promotion_codes SET uses = uses + 1 WHERE id = ${entered.codeId} AND (NOT single_use OR uses = 0)`;
      if (codeCounted === 0) throw refuse(CODE_MESSAGES.usedUp);
    }
    const perCustomer = counted[0].per_customer_limit;
    if (perCustomer !== null) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CUSTOMER_LOCK}::int4, hashtext(${`${promotion.id}:${customer}`}))`;
      // This customer's other orders with it (this one's row is already written).
      const used = await tx.orderPromotion.count({ where: { promotionId: promotion.id, customer, releasedAt: null, orderId: { not: orderId } } });
      if (used >= perCustomer) throw refuse(CODE_MESSAGES.alreadyUsed);
    }
  }
}

/** Gives back the uses of a cancelled order's promotions (once: a second call finds nothing to release). */
export async function releasePromotions(tx: Prisma.TransactionClient, orderId: number): Promise<number> {
  const released = await tx.$queryRaw<{ promotion_id: number | null; code_id: number | null }[]>`
    UPDATE order_promotions SET released_at = now() WHERE order_id = ${orderId} AND released_at IS NULL RETURNING promotion_id, code_id`;
  for (const row of [...released].sort((a, b) => (a.promotion_id ?? 0) - (b.promotion_id ?? 0))) {
    if (row.promotion_id !== null) await tx.$executeRaw`UPDATE promotions SET uses = uses - 1 WHERE id = ${row.promotion_id} AND uses > 0`;
    if (row.code_id !== null) await tx.$executeRaw`UPDATE promotion_codes SET uses = uses - 1 WHERE id = ${row.code_id} AND uses > 0`;
  }
  return released.length;
}
