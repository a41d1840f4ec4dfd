// The owner's promotions: the list with each one's status and uses, the editor's create and update (every
// problem at once, at its field), pause and resume, a batch of single-use codes and its CSV. Admins and keys
// with catalogue:write (catalogue:read to read). The pricing rules are domain/pricing/promotions.ts.
import crypto from "node:crypto";
import type { Prisma, PrismaClient, Promotion as PromotionRow } from "../../generated/prisma/client.js";
import { PROMOTION_KINDS, type PromotionKind, type PromotionRule } from "../pricing/index.js";
import {
  Checks,
  isBlank,
  isUniqueViolation,
  MAX_MONEY_CENTS,
  notFound,
  parseId,
  received,
  requireAdmin,
  text,
  type Cents,
  type Deferred,
  wholeUnits,
  type Viewer,
} from "../shared/index.js";
import { kindName, normalCode, ruleOf, storedKind } from "./in-force.js";
import { changesBetween, recordActivity } from "../audit/index.js";

export type PromotionStatus = "scheduled" | "active" | "paused" | "ended" | "used-up" | "no-codes";

/** What the owner's editor sends. Money in cents, the percentage in percent (12.5 = 12.5%). */
export interface PromotionInput {
  name: string;
  kind: PromotionKind;
  percent?: number | null;
  amountCents?: Cents | null;
  buyQuantity?: number | null;
  getQuantity?: number | null;
  categoryIds?: number[] | null;
  productIds?: number[] | null;
  variantIds?: number[] | null;
  minItemsCents?: Cents | null;
  minQuantity?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  combinable?: boolean | null;
  onDiscountedItems?: boolean | null;
  automatic?: boolean | null;
  /**
   * A code promotion's shared code (SPRING10). On create, empty or left out: none (batch codes only). On
   * update, left out (undefined): kept as it is; null or empty: the shared code is removed (see update).
   */
  code?: string | null;
}

export interface PromotionView extends PromotionRow {
  status: PromotionStatus;
  /** The shared code, when it has one (a batch's codes are many: see codeCount). */
  code: string | null;
  codeCount: number;
}

/** At most this many codes in one batch (a batch is written in one statement). */
export const MAX_CODE_BATCH = 10_000;
/** A batch of codes is written in one transaction: give a large one time (the default allows 5 s). */
const CODE_BATCH_TRANSACTION = { maxWait: 10_000, timeout: 60_000 } as const;
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/**
 * A promotion's status, the first that holds: ended, used up, paused, "no codes" (a code promotion with
 * neither a shared code nor a batch of codes yet: no shopper can get it, so it is never shown as active or
 * scheduled; the owner saves it first and then generates its batch, so it is accepted without codes),
 * scheduled, active.
 */
export function statusOf(
  row: Pick<PromotionRow, "paused" | "startsAt" | "endsAt" | "usageLimit" | "uses" | "automatic">,
  codeCount: number,
  at: Date,
): PromotionStatus {
  if (row.endsAt && row.endsAt <= at) return "ended";
  if (row.usageLimit !== null && row.uses >= row.usageLimit) return "used-up";
  if (row.paused) return "paused";
  if (!row.automatic && codeCount === 0) return "no-codes";
  if (row.startsAt && row.startsAt > at) return "scheduled";
  return "active";
}

type Db = PrismaClient | Prisma.TransactionClient;

/** A promotion's fields as the audit trail records them (money in cents, the percentage in basis points as stored), with its shared code. */
const AUDITED_FIELDS = [
  "name", "kind", "percentBp", "amountCents", "buyQuantity", "getQuantity", "categoryIds", "productIds", "variantIds", "minItemsCents",
  "minQuantity", "startsAt", "endsAt", "usageLimit", "perCustomerLimit", "combinable", "onDiscountedItems", "automatic", "code",
] as const;
/** A promotion row as its audit entry shows it: the kind as the database stores it (percent-off), with its shared code. */
const audited = (row: PromotionRow, code: string | null) => ({ ...row, kind: kindName(row.kind), code });
const promotionSubject = (promotion: { id: number; name: string }) => ({ type: "promotion", id: promotion.id, label: promotion.name });

export class PromotionAdmin {
  constructor(private readonly prisma: PrismaClient) {}

  /** Every promotion, newest first, with its status and uses. */
  async list(viewer: Viewer | null): Promise<PromotionView[]> {
    requireAdmin(viewer, "catalogue:read");
    const rows = await this.prisma.promotion.findMany({ orderBy: { id: "desc" }, include: { _count: { select: { codes: true } } } });
    const shared = await this.sharedCodes(rows.map((row) => row.id));
    const at = new Date();
    return rows.map(({ _count, ...row }) => ({ ...row, status: statusOf(row, _count.codes, at), code: shared.get(row.id) ?? null, codeCount: _count.codes }));
  }

  async byId(viewer: Viewer | null, id: unknown): Promise<PromotionView> {
    requireAdmin(viewer, "catalogue:read");
    return this.view(this.prisma, this.parse(id));
  }

  async create(viewer: Viewer | null, given: Deferred<PromotionInput>): Promise<PromotionView> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const { data, code } = await this.check(await received(given), null);
    return this.withCodeTaken(code, () =>
      this.prisma.$transaction(async (tx) => {
        const created = await tx.promotion.create({ data });
        if (code) await tx.promotionCode.create({ data: { promotionId: created.id, code } });
        await recordActivity(tx, acting, { kind: "promotion.created", subject: promotionSubject(created), changes: changesBetween(null, audited(created, code), AUDITED_FIELDS) });
        return this.view(tx, created.id);
      }),
    );
  }

  async update(viewer: Viewer | null, id: unknown, given: Deferred<PromotionInput>): Promise<PromotionView> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const promotionId = this.parse(id);
    const current = await this.prisma.promotion.findUnique({ where: { id: promotionId } });
    if (!current) throw notFound("Promotion");
    const input = await received(given);
    const { data, code } = await this.check(input, current);
    // A code left out of the input keeps the shared code; null or empty removes it. (check() has refused
    // anything but an object.)
    const removesCode = (input as Partial<PromotionInput>).code !== undefined;
    return this.withCodeTaken(code, () =>
      this.prisma.$transaction(async (tx) => {
        // The limit is checked against the uses as they are now, under the row's lock (checkouts raise them).
        const [locked] = await tx.$queryRaw<{ uses: number }[]>`SELECT uses FROM promotions WHERE id = ${promotionId} FOR UPDATE`;
        if (!locked) throw notFound("Promotion");
        const checks = new Checks();
        if (data.usageLimit !== null && data.usageLimit !== undefined && data.usageLimit < locked.uses) checks.add("usage_limit", `The limit cannot be below the uses so far (${locked.uses}).`);
        checks.done();
        // The row as this change finds it (locked above): the audit entry's "before".
        const before = await tx.promotion.findUniqueOrThrow({ where: { id: promotionId } });
        const updated = await tx.promotion.update({ where: { id: promotionId }, data });
        const shared = await tx.promotionCode.findFirst({ where: { promotionId, singleUse: false }, select: { id: true, code: true } });
        const codeBefore = shared?.code ?? null;
        const codeAfter = code ?? (removesCode ? null : codeBefore);
        await recordActivity(tx, acting, {
          kind: "promotion.updated",
          subject: promotionSubject(updated),
          changes: changesBetween(audited(before, codeBefore), audited(updated, codeAfter), AUDITED_FIELDS),
        });
        if (code) {
          if (shared) await tx.promotionCode.update({ where: { id: shared.id }, data: { code } });
          else await tx.promotionCode.create({ data: { promotionId, code } });
        } else if (shared && removesCode) {
          // Clearing the code removes the shared code: its row goes, so no cart can enter it any more. Orders
          // that used it keep their history: order_promotions holds the code's text as entered (`code`) and
          // the promotion's id; its `code_id` is set to null by the foreign key (ON DELETE SET NULL), which
          // only means a later cancellation gives the use back to the promotion alone (the code is gone).
          // A batch's single-use codes are not touched.
          await tx.promotionCode.delete({ where: { id: shared.id } });
        }
        return this.view(tx, promotionId);
      }),
    );
  }

  /** Pauses (no cart gets it) or resumes a promotion. */
  async setPaused(viewer: Viewer | null, id: unknown, paused: boolean): Promise<PromotionView> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const promotionId = this.parse(id);
    await this.prisma.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ name: string; paused: boolean }[]>`SELECT name, paused FROM promotions WHERE id = ${promotionId} FOR UPDATE`;
      if (!locked) throw notFound("Promotion");
      await tx.promotion.update({ where: { id: promotionId }, data: { paused } });
      // Pausing a paused promotion (or resuming a running one) changes nothing: no entry.
      if (locked.paused !== paused) {
        await recordActivity(tx, acting, {
          kind: paused ? "promotion.paused" : "promotion.resumed",
          subject: promotionSubject({ id: promotionId, name: locked.name }),
          changes: { paused: { before: locked.paused, after: paused } },
        });
      }
    });
    return this.view(this.prisma, promotionId);
  }

  /** Deletes a promotion; orders that got it keep its name and amount. */
  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const promotionId = this.parse(id);
    await this.prisma.$transaction(async (tx) => {
      const found = await tx.promotion.findUnique({ where: { id: promotionId } });
      const code = found && ((await this.sharedCodes([promotionId], tx)).get(promotionId) ?? null);
      const { count } = await tx.promotion.deleteMany({ where: { id: promotionId } });
      if (!found || count === 0) throw notFound("Promotion");
      await recordActivity(tx, acting, { kind: "promotion.deleted", subject: promotionSubject(found), changes: changesBetween(audited(found, code), null, AUDITED_FIELDS) });
    });
  }

  /**
   * Adds `count` single-use codes to a code promotion: `prefix` (optional, letters and digits) and 8
   * characters drawn from an alphabet without look-alikes; a code that happens to exist is drawn again.
   */
  async generateCodes(viewer: Viewer | null, id: unknown, count: unknown, prefix: unknown): Promise<number> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const promotionId = this.parse(id);
    const checks = new Checks();
    const wanted = typeof count === "number" && Number.isInteger(count) && count >= 1 && count <= MAX_CODE_BATCH ? count : 0;
    if (!wanted) checks.add("count", `The number of codes must be a whole number from 1 to ${MAX_CODE_BATCH.toLocaleString("en-US")}.`);
    const start = isBlank(prefix) ? "" : typeof prefix === "string" ? normalCode(prefix) : null;
    if (start === null || (start !== "" && !/^[A-Z0-9]{1,12}$/.test(start))) checks.add("prefix", "The prefix must be 1 to 12 letters or digits.");
    checks.done();
    const promotion = await this.prisma.promotion.findUnique({ where: { id: promotionId }, select: { name: true, automatic: true } });
    if (!promotion) throw notFound("Promotion");
    if (promotion.automatic) {
      checks.add("count", "An automatic promotion needs no codes.");
      checks.done();
    }
    // The batch and its audit entry (how many codes, never the codes: a batch may hold thousands) in one transaction.
    return this.prisma.$transaction(
      async (tx) => {
        let added = 0;
        for (let round = 0; added < wanted && round < 5; round += 1) {
          const codes = Array.from({ length: wanted - added }, () => `${start ? `${start}-` : ""}${randomCode(8)}`);
          // ON CONFLICT on the lower(code) index: a code drawn twice (here or before) is simply not added, and drawn again.
          const inserted = await tx.$executeRaw`
            INSERT INTO promotion_codes (promotion_id, code, single_use)
            SELECT ${promotionId}, code, true FROM unnest(${codes}::text[]) AS code
            ON CONFLICT (lower(code)) DO NOTHING`;
          added += inserted;
        }
        if (added > 0) {
          await recordActivity(tx, acting, { kind: "promotion.codes-generated", subject: promotionSubject({ id: promotionId, name: promotion.name }), changes: { count: { before: null, after: added } } });
        }
        return added;
      },
      CODE_BATCH_TRANSACTION,
    );
  }

  /** The promotion's codes as CSV (RFC 4180, a header row): code, single use, uses. */
  async codesCsv(viewer: Viewer | null, id: unknown): Promise<string> {
    requireAdmin(viewer, "catalogue:read");
    const promotionId = this.parse(id);
    if (!(await this.prisma.promotion.findUnique({ where: { id: promotionId }, select: { id: true } }))) throw notFound("Promotion");
    const codes = await this.prisma.promotionCode.findMany({ where: { promotionId }, orderBy: { id: "asc" }, select: { code: true, singleUse: true, uses: true } });
    // Codes are letters, digits, dashes and underscores: no cell needs quoting, and none starts with = + - @.
    return ["code,single_use,uses", ...codes.map((code) => `${code.code},${code.singleUse},${code.uses}`)].join("\r\n") + "\r\n";
  }

  /** The editor's input as pricing would apply it (checked as on save; not saved): the preview's promotion. */
  async previewRule(viewer: Viewer | null, given: unknown): Promise<PromotionRule> {
    requireAdmin(viewer, "catalogue:read");
    const { data } = await this.check(await received(given as Deferred<PromotionInput>), null);
    return ruleOf({ ...data, id: 0, uses: 0, paused: false, createdAt: new Date(), updatedAt: new Date() } as PromotionRow, null);
  }

  // ---- helpers ------------------------------------------------------------------------------------------

  private parse(id: unknown): number {
    const parsed = parseId(id);
    if (parsed === null) throw notFound("Promotion");
    return parsed;
  }

  private async view(db: Db, id: number): Promise<PromotionView> {
    const row = await db.promotion.findUnique({ where: { id }, include: { _count: { select: { codes: true } } } });
    if (!row) throw notFound("Promotion");
    const { _count, ...promotion } = row;
    const shared = await this.sharedCodes([id], db);
    return { ...promotion, status: statusOf(promotion, _count.codes, new Date()), code: shared.get(id) ?? null, codeCount: _count.codes };
  }

  private async sharedCodes(ids: number[], db: Db = this.prisma): Promise<Map<number, string>> {
    const rows = ids.length ? await db.promotionCode.findMany({ where: { promotionId: { in: ids }, singleUse: false }, orderBy: { id: "asc" }, select: { promotionId: true, code: true } }) : [];
    return new Map(rows.map((row) => [row.promotionId, row.code]));
  }

  /** A shared code another promotion holds is answered at `code`. */
  private async withCodeTaken<T>(code: string | null, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (code && isUniqueViolation(error)) {
        const checks = new Checks();
        checks.add("code", `The code ${code} is already used by another promotion.`);
        checks.done();
      }
      throw error;
    }
  }

  /** Every problem of the editor's input at once, each at its field; the row's data and the shared code. */
  private async check(input: unknown, current: PromotionRow | null): Promise<{ data: Prisma.PromotionUncheckedCreateInput; code: string | null }> {
    const checks = new Checks();
    const given = (typeof input === "object" && input !== null ? input : {}) as Partial<PromotionInput>;
    const name = checks.field("name", text("name", { max: 100 }), given.name);
    const kind = PROMOTION_KINDS.includes(given.kind as PromotionKind) ? (given.kind as PromotionKind) : null;
    if (!kind) checks.add("kind", `The kind must be one of ${PROMOTION_KINDS.join(", ")}.`);
    const whole = (field: string, value: unknown, label: string, { min = 1, max = 1_000_000 } = {}): number | null => {
      if (isBlank(value)) return null;
      if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
        checks.add(field, `The ${label} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`);
        return null;
      }
      return value;
    };
    const money = (field: string, value: unknown, label: string, min: number): Cents | null => {
      if (isBlank(value)) return null;
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > MAX_MONEY_CENTS) {
        checks.add(field, `The ${label} must be an amount of dollars${min > 0 ? " greater than 0" : ""} with at most two decimals.`);
        return null;
      }
      return value;
    };
    let percentBp: number | null = null;
    if (kind === "percent-off") {
      const bp = wholeUnits(given.percent, 2);
      if (bp === null || bp < 1 || bp > 10_000) checks.add("percent", "The percentage must be from 0.01 to 100, with at most two decimals.");
      else percentBp = bp;
    }
    const amountCents = kind === "amount-off" ? money("amount", given.amountCents, "amount", 1) : null;
    if (kind === "amount-off" && amountCents === null && !checks.has("amount")) checks.add("amount", "The amount field is required.");
    const buyQuantity = kind === "buy-x-get-y" ? whole("buy_quantity", given.buyQuantity, "number to buy", { max: 100 }) : null;
    const getQuantity = kind === "buy-x-get-y" ? whole("get_quantity", given.getQuantity, "number free", { max: 100 }) : null;
    if (kind === "buy-x-get-y" && (buyQuantity === null || getQuantity === null) && !checks.has("buy_quantity") && !checks.has("get_quantity")) {
      checks.add(buyQuantity === null ? "buy_quantity" : "get_quantity", "Say how many to buy and how many are free (e.g. buy 2, get 1).");
    }
    const ids = async (field: string, value: unknown, label: string, known: (ids: number[]) => Promise<number>): Promise<number[]> => {
      if (isBlank(value)) return [];
      const list = Array.isArray(value) ? value.map(parseId) : [null];
      if (list.some((id) => id === null) || list.length > 500) {
        checks.add(field, `The ${label} must be a list of at most 500 ids.`);
        return [];
      }
      const unique = [...new Set(list as number[])];
      if ((await known(unique)) !== unique.length) checks.add(field, `Some of the chosen ${label} no longer exist.`);
      return unique;
    };
    const categoryIds = await ids("category_ids", given.categoryIds, "categories", (list) => this.prisma.category.count({ where: { id: { in: list } } }));
    const productIds = await ids("product_ids", given.productIds, "products", (list) => this.prisma.product.count({ where: { id: { in: list } } }));
    const variantIds = await ids("variant_ids", given.variantIds, "variants", (list) => this.prisma.productVariant.count({ where: { id: { in: list } } }));
    const minItemsCents = money("min_items", given.minItemsCents, "minimum order value", 0);
    const minQuantity = whole("min_quantity", given.minQuantity, "minimum quantity");
    const date = (field: string, value: unknown): Date | null => {
      if (isBlank(value)) return null;
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
        checks.add(field, "The date must be a date and time.");
        return null;
      }
      return value;
    };
    const startsAt = date("starts_at", given.startsAt);
    const endsAt = date("ends_at", given.endsAt);
    if (startsAt && endsAt && startsAt >= endsAt) checks.add("ends_at", "The end must be after the start.");
    const usageLimit = whole("usage_limit", given.usageLimit, "usage limit");
    if (usageLimit !== null && current && usageLimit < current.uses) checks.add("usage_limit", `The limit cannot be below the uses so far (${current.uses}).`);
    const perCustomerLimit = whole("per_customer_limit", given.perCustomerLimit, "limit per customer");
    const automatic = given.automatic === true;
    let code: string | null = null;
    if (!isBlank(given.code)) {
      code = typeof given.code === "string" ? normalCode(given.code) : "";
      if (automatic) checks.add("code", "An automatic promotion applies by itself: it has no code.");
      else if (!CODE_PATTERN.test(code)) checks.add("code", "The code must be 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.");
    }
    checks.done();
    return {
      data: {
        name,
        kind: storedKind(kind!),
        percentBp,
        amountCents,
        buyQuantity,
        getQuantity,
        categoryIds,
        productIds,
        variantIds,
        minItemsCents,
        minQuantity,
        startsAt,
        endsAt,
        usageLimit,
        perCustomerLimit,
        combinable: given.combinable === true,
        onDiscountedItems: given.onDiscountedItems === true,
        automatic,
      },
      code,
    };
  }
}

function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join("");
}
