// Which promotions a cart may get: the automatic ones in force, and those of the codes the shopper entered,
// each code judged first by what does not depend on the cart (known, started, not ended, not paused, not
// used up, not used by this customer already), then, once priced, by what does (the engine's reasons). The
// messages are the shopper's; a code's is answered at the field `code`.
import { Prisma, type PrismaClient, type Promotion as PromotionRow } from "../../generated/prisma/client.js";
import type { Declined, PromotionKind, PromotionRule } from "../pricing/index.js";
import { dollarText, inList, type Cents, type RowReader } from "../shared/index.js";

export const CODE_MESSAGES = {
  unknown: "This code is not valid.",
  expired: "This code has expired.",
  paused: "This code cannot be used right now.",
  usedUp: "This code has been used up.",
  alreadyUsed: "You have already used this code.",
  noItems: "This code does not apply to the items in your cart.",
  notBest: "A better promotion already applies to your cart.",
} as const;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "This code starts on 1 Dec." (the date in UTC, the shop's clock). */
export const startsOnMessage = (startsAt: Date) => `This code starts on ${startsAt.getUTCDate()} ${MONTHS[startsAt.getUTCMonth()]}.`;
/** "Add $12.00 more to use this code." */
export const addMoreMessage = (missingCents: Cents) => `Add ${dollarText(missingCents)} more to use this code.`;
/** "Add 2 more items to use this code." */
export const addItemsMessage = (missingUnits: number) => `Add ${missingUnits} more item${missingUnits === 1 ? "" : "s"} to use this code.`;

/** What a shopper's message says about a code the engine declined for this cart. */
export function declinedMessage(why: Declined): string {
  switch (why.reason) {
    case "minimum-value":
      return addMoreMessage(why.missingCents);
    case "minimum-quantity":
      return addItemsMessage(why.missingUnits);
    case "no-items":
      return CODE_MESSAGES.noItems;
    case "not-best":
      return CODE_MESSAGES.notBest;
  }
}

/** How codes are compared and kept: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** A kind as the database spells it (percent_off) and as the shop speaks it (percent-off). */
export const kindName = (stored: PromotionRow["kind"]): PromotionKind => stored.replace(/_/g, "-") as PromotionKind;
export const storedKind = (kind: PromotionKind): PromotionRow["kind"] => kind.replace(/-/g, "_") as PromotionRow["kind"];

/** The promotion row as pricing needs it, brought by `code` (null: automatic). */
export function ruleOf(row: Omit<PromotionRow, "createdAt" | "updatedAt">, code: string | null): PromotionRule {
  return {
    id: row.id,
    name: row.name,
    kind: kindName(row.kind),
    percentBp: row.percentBp,
    amountCents: row.amountCents,
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    variantIds: row.variantIds,
    minItemsCents: row.minItemsCents,
    minQuantity: row.minQuantity,
    combinable: row.combinable,
    onDiscountedItems: row.onDiscountedItems,
    code,
  };
}

/** A code the shopper entered, as judged before pricing. */
export interface EnteredCode {
  /** As entered (trimmed, upper case). */
  code: string;
  codeId: number | null;
  /** Its promotion's rule, when the code may be used; null with `problem` otherwise. */
  rule: PromotionRule | null;
  problem: string | null;
}

export interface PromotionsInForce {
  /** Every promotion the engine may apply: the automatic ones and those of the usable codes. */
  rules: PromotionRule[];
  codes: EnteredCode[];
}

/** Whether a promotion is in force at `at` by its own settings (dates, pause, usage). */
function problemOf(row: Pick<PromotionRow, "paused" | "startsAt" | "endsAt" | "usageLimit" | "uses">, at: Date): string | null {
  if (row.paused) return CODE_MESSAGES.paused;
  if (row.startsAt && row.startsAt > at) return startsOnMessage(row.startsAt);
  if (row.endsAt && row.endsAt <= at) return CODE_MESSAGES.expired;
  if (row.usageLimit !== null && row.uses >= row.usageLimit) return CODE_MESSAGES.usedUp;
  return null;
}

type Reader = Pick<PrismaClient | Prisma.TransactionClient, "promotion">;

/** A promotion as the pricing reads bring it: its row's fields. */
export type ReadPromotion = Omit<PromotionRow, "createdAt" | "updatedAt">;

/** A code a shopper entered, found with its promotion and how often this customer used that promotion. */
export type ReadCode = ReadPromotion & { codeId: number; code: string; singleUse: boolean; codeUses: number; customerUses: number };

/** Who a cart is for, as promotions count customers: a buyer's e-mail, or a signed-in shopper (their e-mail, read with the codes). */
export type PromotionCustomer = { email: string } | { userId: number };

// Stryker disable all: statements, judged by the database tests (promotions.test.ts, pricing-terms.test.ts, both
// databases); mutation testing runs the pure tests only (a mutant of SQL would need a database run).
// Hand-written statements: a quote is read on every change of a cart, and each query through Prisma costs
// more CPU than the pricing itself (npm run bench:pricing).
const PROMOTION_COLUMNS = Prisma.sql`p.id, p.name, p.kind::text AS kind, p.percent_bp AS "percentBp", p.amount_cents AS "amountCents",
  p.buy_quantity AS "buyQuantity", p.get_quantity AS "getQuantity", p.category_ids AS "categoryIds", p.product_ids AS "productIds",
  p.variant_ids AS "variantIds", p.min_items_cents AS "minItemsCents", p.min_quantity AS "minQuantity", p.starts_at AS "startsAt",
  p.ends_at AS "endsAt", p.usage_limit AS "usageLimit", p.per_customer_limit AS "perCustomerLimit", p.uses, p.combinable,
  p.on_discounted_items AS "onDiscountedItems", p.automatic, p.paused`;

/**
 * The automatic promotions not paused and not ended: every cart may get those in force among them (kept in
 * memory by the order room, read again whenever one of them changes: see pricing_terms_version).
 */
export function automaticPromotions(read: RowReader): Promise<ReadPromotion[]> {
  return read<ReadPromotion>(Prisma.sql`SELECT ${PROMOTION_COLUMNS} FROM promotions p
    WHERE p.automatic AND NOT p.paused AND (p.ends_at IS NULL OR p.ends_at > now()) ORDER BY p.id`);
}

/**
 * The codes entered (at most a few), found whatever their case through the unique index on lower(code), each
 * with its promotion and, for a `customer`, the orders (not cancelled) that promotion already went to for
 * them: one statement, read beside the cart.
 */
export function readCodes(read: RowReader, codes: readonly string[], customer: PromotionCustomer | null): Promise<ReadCode[]> {
  const entered = [...new Set(codes.map(normalCode).filter((code) => code !== ""))];
  if (!entered.length) return Promise.resolve([]);
  const who =
    customer === null ? Prisma.sql`NULL::text` : "email" in customer ? Prisma.sql`${customer.email.toLowerCase()}::text` : Prisma.sql`(SELECT lower(u.email) FROM users u WHERE u.id = ${customer.userId}::int4)`;
  return read<ReadCode>(Prisma.sql`
    SELECT ${PROMOTION_COLUMNS}, c.id AS "codeId", c.code, c.single_use AS "singleUse", c.uses AS "codeUses",
      (SELECT count(*)::int FROM order_promotions op WHERE op.promotion_id = p.id AND op.customer = ${who} AND op.released_at IS NULL) AS "customerUses"
    FROM promotion_codes c JOIN promotions p ON p.id = c.promotion_id
    WHERE lower(c.code) IN ${inList(entered.map((code) => code.toLowerCase()), "text")}
    ORDER BY p.id`);
}

// Stryker restore all
/**
 * The promotions a cart may get at `at`: of `automatic` (automaticPromotions), those in force, and those of
 * the `codes` entered (found: readCodes) that may be used by the customer they were read for (a guest's
 * quote has none: the per-customer limit is then judged at checkout).
 */
export function promotionsInForce(automatic: readonly ReadPromotion[], codes: readonly string[], found: readonly ReadCode[], at: Date): PromotionsInForce {
  const entered = [...new Set(codes.map(normalCode).filter((code) => code !== ""))];
  const rules = automatic.filter((row) => problemOf(row, at) === null).map((row) => ruleOf(row, null));
  const judged: EnteredCode[] = [];
  for (const code of entered) {
    const row = found.find((candidate) => normalCode(candidate.code) === code);
    let problem: string | null = row ? problemOf(row, at) : CODE_MESSAGES.unknown;
    if (row && !problem && row.singleUse && row.codeUses > 0) problem = CODE_MESSAGES.usedUp;
    if (row && !problem && row.perCustomerLimit !== null && Number(row.customerUses) >= row.perCustomerLimit) problem = CODE_MESSAGES.alreadyUsed;
    // Two codes of one promotion bring it once.
    if (row && !problem && judged.some((other) => other.rule?.id === row.id)) problem = CODE_MESSAGES.notBest;
    const rule = row && !problem ? ruleOf(row, code) : null;
    if (rule) {
      // An automatic promotion entered as a code is the same promotion: it is applied once.
      const automaticIndex = rules.findIndex((known) => known.id === rule.id);
      if (automaticIndex >= 0) rules.splice(automaticIndex, 1);
      rules.push(rule);
    }
    judged.push({ code, codeId: row?.codeId ?? null, rule, problem });
  }
  return { rules, codes: judged };
}

// Stryker disable all: a statement (see above).
/** Whether the shop takes codes at all now: a code promotion not paused and not ended (the cart shows its code field only then). */
export async function acceptsCodes(db: Pick<Reader, "promotion">, at: Date): Promise<boolean> {
  const found = await db.promotion.findFirst({
    where: { automatic: false, paused: false, OR: [{ endsAt: null }, { endsAt: { gt: at } }], codes: { some: {} } },
    select: { id: true },
  });
  return found !== null;
}
