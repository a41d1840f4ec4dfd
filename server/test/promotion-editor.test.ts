// The owner's promotion editor, rule by rule (domain/promotions/admin.ts): each field's limits and its message
// at its field, every problem at once, the kind's own fields only, the shared code's form and its removal,
// a status for each moment of a promotion's life, pause and resume, deletion, a batch of single-use codes
// (how many, its prefix, never for an automatic promotion) and its CSV, and the live preview's rule.
// Unknown ids are "Promotion not found."; a refused change changes nothing. (Pricing with promotions and the
// usage limits under parallel checkouts: promotions.test.ts; the audit trail: audit-catalogue.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_BATCH, statusOf, type PromotionInput } from "../src/domain/promotions/admin.js";
import { MAX_MONEY_CENTS, type Viewer } from "../src/domain/shared/index.js";
import { createTestShop, refusal, viewerOf, type TestShop } from "./support.js";

let t: TestShop;
let owner: Viewer;
let shopper: Viewer;
let category: { id: number };
let product: { id: number };
let variant: { id: number };

beforeAll(async () => {
  t = await createTestShop();
  owner = await viewerOf(t, (await t.signUp({ role: "admin" })).token);
  shopper = await viewerOf(t, (await t.signUp()).token);
  category = await t.shop.prisma.category.create({ data: { name: "Editor Herbs" } });
  product = await t.shop.prisma.product.create({
    data: { slug: "editor-basil", name: "Editor basil", description: "Green.", categoryId: category.id, priceCents: 400, quantity: 5, imageOne: "/uploads/editor-basil.jpg" },
  });
  variant = await t.shop.prisma.productVariant.findFirstOrThrow({ where: { productId: product.id } });
});

afterAll(async () => {
  await t?.close();
});

const promotions = () => t.shop.promotions;
/** The editor's input as any caller may send it (the domain checks every field's type itself). */
type Sent = Record<string, unknown>;
const create = (input: Sent) => promotions().create(owner, { name: "Editor promotion", kind: "percent-off", percent: 10, ...input } as unknown as PromotionInput);
/** The field errors of a create that must be refused. */
const refusedAt = async (input: Sent) => {
  const refused = await refusal(create(input));
  expect(refused.code).toBe("BAD_USER_INPUT");
  return refused.fields;
};
const count = () => t.shop.prisma.promotion.count();

describe("each field's limits, answered at its field", () => {
  it("a percentage from 0.01 to 100 with at most two decimals, kept in basis points", async () => {
    expect((await create({ percent: 0.01 })).percentBp).toBe(1);
    expect((await create({ percent: 100 })).percentBp).toBe(10_000);
    expect((await create({ percent: 12.5 })).percentBp).toBe(1_250);
    const message = { percent: ["The percentage must be from 0.01 to 100, with at most two decimals."] };
    for (const percent of [0, 100.01, 12.345, -5, null, "10"]) expect(await refusedAt({ percent })).toEqual(message);
  });

  it("an amount off greater than 0 and at most the largest amount, in whole cents; required for amount-off", async () => {
    expect((await create({ kind: "amount-off", amountCents: 1 })).amountCents).toBe(1);
    expect((await create({ kind: "amount-off", amountCents: MAX_MONEY_CENTS })).amountCents).toBe(MAX_MONEY_CENTS);
    const message = { amount: ["The amount must be an amount of dollars greater than 0 with at most two decimals."] };
    for (const amountCents of [0, -1, MAX_MONEY_CENTS + 1, 1.5, "100"]) expect(await refusedAt({ kind: "amount-off", amountCents })).toEqual(message);
    expect(await refusedAt({ kind: "amount-off", amountCents: null })).toEqual({ amount: ["The amount field is required."] });
  });

  it("buy X get Y: each a whole number from 1 to 100; one left out is asked for at its field", async () => {
    expect(await create({ kind: "buy-x-get-y", buyQuantity: 1, getQuantity: 100 })).toMatchObject({ buyQuantity: 1, getQuantity: 100 });
    expect(await create({ kind: "buy-x-get-y", buyQuantity: 100, getQuantity: 1 })).toMatchObject({ buyQuantity: 100, getQuantity: 1 });
    expect(await refusedAt({ kind: "buy-x-get-y", buyQuantity: 0, getQuantity: 101 })).toEqual({
      buy_quantity: ["The number to buy must be a whole number from 1 to 100."],
      get_quantity: ["The number free must be a whole number from 1 to 100."],
    });
    const ask = ["Say how many to buy and how many are free (e.g. buy 2, get 1)."];
    expect(await refusedAt({ kind: "buy-x-get-y", buyQuantity: 2 })).toEqual({ get_quantity: ask });
    expect(await refusedAt({ kind: "buy-x-get-y", getQuantity: 1 })).toEqual({ buy_quantity: ask });
    expect(await refusedAt({ kind: "buy-x-get-y" })).toEqual({ buy_quantity: ask });
    // A number out of its range is answered once, with its range (not asked for again).
    expect(await refusedAt({ kind: "buy-x-get-y", buyQuantity: 1.5 })).toEqual({ buy_quantity: ["The number to buy must be a whole number from 1 to 100."] });
    expect(await refusedAt({ kind: "buy-x-get-y", getQuantity: 0 })).toEqual({ get_quantity: ["The number free must be a whole number from 1 to 100."] });
  });

  it("only the kind's own figures are kept: a percentage, an amount or quantities given to another kind are dropped", async () => {
    const delivery = await create({ kind: "free-delivery", percent: 50, amountCents: 100, buyQuantity: 2, getQuantity: 1 });
    expect(delivery).toMatchObject({ kind: "free_delivery", percentBp: null, amountCents: null, buyQuantity: null, getQuantity: null });
    expect(await create({ kind: "amount-off", amountCents: 100, percent: 50 })).toMatchObject({ kind: "amount_off", percentBp: null, amountCents: 100 });
    expect(await create({ kind: "buy-x-get-y", buyQuantity: 2, getQuantity: 1, amountCents: 100 })).toMatchObject({ kind: "buy_x_get_y", amountCents: null, percentBp: null });
    expect(await refusedAt({ kind: "half-off" })).toEqual({ kind: ["The kind must be one of percent-off, amount-off, buy-x-get-y, free-delivery."] });
  });

  it("categories, products and variants: known ids, each once, at most 500", async () => {
    const chosen = await create({ categoryIds: [category.id, category.id], productIds: [product.id], variantIds: [variant.id, variant.id] });
    expect(chosen).toMatchObject({ categoryIds: [category.id], productIds: [product.id], variantIds: [variant.id] });
    expect(await create({ categoryIds: [], productIds: null })).toMatchObject({ categoryIds: [], productIds: [], variantIds: [] });
    expect(await refusedAt({ categoryIds: [category.id, 999_999], productIds: [999_999], variantIds: [999_999] })).toEqual({
      category_ids: ["Some of the chosen categories no longer exist."],
      product_ids: ["Some of the chosen products no longer exist."],
      variant_ids: ["Some of the chosen variants no longer exist."],
    });
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    expect(await refusedAt({ categoryIds: tooMany })).toEqual({ category_ids: ["The categories must be a list of at most 500 ids."] });
    expect(await refusedAt({ productIds: [product.id, -1] })).toEqual({ product_ids: ["The products must be a list of at most 500 ids."] });
    expect(await refusedAt({ variantIds: variant.id })).toEqual({ variant_ids: ["The variants must be a list of at most 500 ids."] });
    // 500 is allowed (answered as unknown ids here, not as too many).
    expect(await refusedAt({ productIds: Array.from({ length: 500 }, (_, i) => 1_000_000 + i) })).toEqual({ product_ids: ["Some of the chosen products no longer exist."] });
  });

  it("a minimum order value from 0 and a minimum quantity from 1 to 1,000,000", async () => {
    expect(await create({ minItemsCents: 0, minQuantity: 1 })).toMatchObject({ minItemsCents: 0, minQuantity: 1 });
    expect(await create({ minItemsCents: MAX_MONEY_CENTS, minQuantity: 1_000_000 })).toMatchObject({ minItemsCents: MAX_MONEY_CENTS, minQuantity: 1_000_000 });
    expect(await refusedAt({ minItemsCents: -1, minQuantity: 0 })).toEqual({
      min_items: ["The minimum order value must be an amount of dollars with at most two decimals."],
      min_quantity: ["The minimum quantity must be a whole number from 1 to 1,000,000."],
    });
    expect(await refusedAt({ minItemsCents: MAX_MONEY_CENTS + 1, minQuantity: 1_000_001 })).toMatchObject({ min_items: [expect.any(String)], min_quantity: [expect.any(String)] });
  });

  it("dates: each a real date, the end after the start", async () => {
    const start = new Date("2031-03-01T09:00:00Z");
    expect(await create({ startsAt: start, endsAt: new Date(start.getTime() + 1) })).toMatchObject({ startsAt: start, endsAt: new Date(start.getTime() + 1) });
    expect(await refusedAt({ startsAt: start, endsAt: start })).toEqual({ ends_at: ["The end must be after the start."] });
    expect(await refusedAt({ startsAt: "2031-03-01", endsAt: new Date("nonsense") })).toEqual({
      starts_at: ["The date must be a date and time."],
      ends_at: ["The date must be a date and time."],
    });
    expect(await create({ startsAt: null, endsAt: start })).toMatchObject({ startsAt: null, endsAt: start });
  });

  it("usage limits: whole numbers from 1 to 1,000,000, in total and per customer", async () => {
    expect(await create({ usageLimit: 1, perCustomerLimit: 1_000_000 })).toMatchObject({ usageLimit: 1, perCustomerLimit: 1_000_000 });
    expect(await refusedAt({ usageLimit: 1_000_001, perCustomerLimit: 0 })).toEqual({
      usage_limit: ["The usage limit must be a whole number from 1 to 1,000,000."],
      per_customer_limit: ["The limit per customer must be a whole number from 1 to 1,000,000."],
    });
  });

  it("the name: required, at most 100 characters; yes/no settings are yes only when true", async () => {
    const created = await create({ name: "  Spring  ", combinable: true, onDiscountedItems: true, automatic: true });
    expect(created).toMatchObject({ name: "Spring", combinable: true, onDiscountedItems: true, automatic: true });
    expect(await create({ combinable: "yes", onDiscountedItems: 1, automatic: "true" })).toMatchObject({ combinable: false, onDiscountedItems: false, automatic: false });
    expect((await refusedAt({ name: "n".repeat(101) }))?.name).toHaveLength(1);
    expect((await create({ name: "n".repeat(100) })).name).toHaveLength(100);
  });

  it("every problem at once; input that is not an object is answered at name and kind; nothing is written", async () => {
    const before = await count();
    expect(Object.keys((await refusedAt({ name: "", percent: 0, usageLimit: 0, startsAt: "x" }))!).sort()).toEqual(["name", "percent", "starts_at", "usage_limit"]);
    const notAnObject = await refusal(promotions().create(owner, "a promotion" as unknown as PromotionInput));
    expect(Object.keys(notAnObject.fields!).sort()).toEqual(["kind", "name"]);
    expect(await count()).toBe(before);
  });
});

describe("the shared code", () => {
  it("3 to 32 letters, digits, dashes or underscores, starting with a letter or digit; trimmed and in capitals", async () => {
    expect((await create({ code: "  spring_10-a " })).code).toBe("SPRING_10-A");
    expect((await create({ code: "ab1" })).code).toBe("AB1");
    expect((await create({ code: "C".repeat(32) })).code).toBe("C".repeat(32));
    const message = { code: ["The code must be 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit."] };
    for (const code of ["AB", "D".repeat(33), "-ABC", "A B C", "ABC!", 12345]) expect(await refusedAt({ code })).toEqual(message);
  });

  it("an automatic promotion has no code; a blank code is none", async () => {
    expect(await refusedAt({ automatic: true, code: "AUTO1" })).toEqual({ code: ["An automatic promotion applies by itself: it has no code."] });
    expect(await create({ automatic: true, code: "  " })).toMatchObject({ code: null, codeCount: 0, status: "active" });
    expect(await create({ code: "" })).toMatchObject({ code: null, codeCount: 0, status: "no-codes" });
  });

  it("a code another promotion holds is answered at `code`, on create and on update, whatever its case", async () => {
    await create({ code: "TAKEN1" });
    const before = await count();
    expect(await refusedAt({ code: "taken1" })).toEqual({ code: ["The code TAKEN1 is already used by another promotion."] });
    expect(await count()).toBe(before);
    const other = await create({ code: "FREE1" });
    const refused = await refusal(promotions().update(owner, other.id, { name: "Other", kind: "percent-off", percent: 10, code: "Taken1" }));
    expect(refused.fields).toEqual({ code: ["The code TAKEN1 is already used by another promotion."] });
    expect(await promotions().byId(owner, other.id)).toMatchObject({ name: "Editor promotion", code: "FREE1" });
  });

  it("on update: left out, the code stays; a new one replaces it (still one code); a promotion without one gets it", async () => {
    const promotion = await create({ code: "KEEPME" });
    expect(await promotions().update(owner, promotion.id, { name: "Kept", kind: "percent-off", percent: 10 })).toMatchObject({ name: "Kept", code: "KEEPME", codeCount: 1 });
    expect(await promotions().update(owner, promotion.id, { name: "Kept", kind: "percent-off", percent: 10, code: "newcode" })).toMatchObject({ code: "NEWCODE", codeCount: 1 });
    const bare = await create({});
    expect(await promotions().update(owner, bare.id, { name: "Given", kind: "percent-off", percent: 10, code: "GIVEN1" })).toMatchObject({ code: "GIVEN1", codeCount: 1, status: "active" });
    expect(await promotions().update(owner, bare.id, { name: "Given", kind: "percent-off", percent: 10, code: null })).toMatchObject({ code: null, codeCount: 0, status: "no-codes" });
    // Removing a code a promotion does not have changes nothing else.
    expect(await promotions().update(owner, bare.id, { name: "Given", kind: "percent-off", percent: 20, code: null })).toMatchObject({ code: null, percentBp: 2_000 });
  });
});

describe("the shared code beside a batch", () => {
  it("replacing or removing the shared code leaves the batch's single-use codes as they are", async () => {
    const promotion = await create({ code: "BESIDE1" });
    expect(await promotions().generateCodes(owner, promotion.id, 3, "BATCH")).toBe(3);
    const batch = async () => (await t.shop.prisma.promotionCode.findMany({ where: { promotionId: promotion.id, singleUse: true }, orderBy: { id: "asc" } })).map((code) => code.code);
    const before = await batch();
    const input = { name: "Beside", kind: "percent-off", percent: 10 } as const;
    expect(await promotions().update(owner, promotion.id, { ...input, code: "BESIDE2" })).toMatchObject({ code: "BESIDE2", codeCount: 4 });
    expect(await batch()).toEqual(before);
    expect(await promotions().update(owner, promotion.id, { ...input, code: null })).toMatchObject({ code: null, codeCount: 3 });
    expect(await batch()).toEqual(before);
    expect(await promotions().update(owner, promotion.id, { ...input, code: "BESIDE3" })).toMatchObject({ code: "BESIDE3", codeCount: 4 });
    expect(await batch()).toEqual(before);
  });
});

describe("a promotion's status", () => {
  const at = new Date("2031-06-01T12:00:00Z");
  const row = { paused: false, startsAt: null, endsAt: null, usageLimit: null, uses: 0, automatic: true };
  it("the first that holds: ended, used up, paused, no codes, scheduled, active", () => {
    expect(statusOf(row, 0, at)).toBe("active");
    expect(statusOf({ ...row, startsAt: at }, 0, at)).toBe("active");
    expect(statusOf({ ...row, startsAt: new Date(at.getTime() + 1) }, 0, at)).toBe("scheduled");
    expect(statusOf({ ...row, automatic: false, startsAt: new Date(at.getTime() + 1) }, 0, at)).toBe("no-codes");
    expect(statusOf({ ...row, automatic: false, startsAt: new Date(at.getTime() + 1) }, 1, at)).toBe("scheduled");
    expect(statusOf({ ...row, automatic: false, paused: true }, 0, at)).toBe("paused");
    expect(statusOf({ ...row, paused: true, usageLimit: 3, uses: 2 }, 0, at)).toBe("paused");
    expect(statusOf({ ...row, paused: true, usageLimit: 3, uses: 3 }, 0, at)).toBe("used-up");
    expect(statusOf({ ...row, usageLimit: 3, uses: 3, endsAt: new Date(at.getTime() + 1) }, 0, at)).toBe("used-up");
    expect(statusOf({ ...row, usageLimit: 3, uses: 3, endsAt: at }, 0, at)).toBe("ended");
    expect(statusOf({ ...row, endsAt: new Date(at.getTime() - 1) }, 0, at)).toBe("ended");
  });

  it("the list: every promotion newest first, each with its status, shared code and number of codes", async () => {
    const first = await create({ name: "Listed first", automatic: true, startsAt: new Date(Date.now() + 86_400_000) });
    const second = await create({ name: "Listed second", code: "LISTED2" });
    const list = await promotions().list(owner);
    expect(list.map((promotion) => promotion.id)).toEqual([...list.map((promotion) => promotion.id)].sort((a, b) => b - a));
    expect(list.slice(0, 2)).toMatchObject([
      { id: second.id, status: "active", code: "LISTED2", codeCount: 1 },
      { id: first.id, status: "scheduled", code: null, codeCount: 0 },
    ]);
    expect(list.find((promotion) => promotion.id === first.id)).toEqual(await promotions().byId(owner, first.id));
  });
});

describe("pause, resume and delete", () => {
  it("a paused promotion is paused until resumed", async () => {
    const promotion = await create({ automatic: true });
    expect(await promotions().setPaused(owner, promotion.id, true)).toMatchObject({ paused: true, status: "paused" });
    expect(await promotions().setPaused(owner, promotion.id, true)).toMatchObject({ paused: true, status: "paused" });
    expect(await promotions().setPaused(owner, promotion.id, false)).toMatchObject({ paused: false, status: "active" });
  });

  it("a deleted promotion is gone, and only it; deleting it again, or an id of none, is not found", async () => {
    // Another promotion made here, so the test holds when it runs alone (as mutation testing runs it).
    const stays = await create({ code: "STAYS1" });
    const promotion = await create({ code: "GOING1" });
    const before = await count();
    await promotions().delete(owner, promotion.id);
    expect(await t.shop.prisma.promotion.findUnique({ where: { id: promotion.id } })).toBeNull();
    expect(await count()).toBe(before - 1);
    expect(await promotions().byId(owner, stays.id)).toMatchObject({ code: "STAYS1" });
    expect(await t.shop.prisma.promotionCode.count({ where: { code: "GOING1" } })).toBe(0);
    expect((await refusal(promotions().delete(owner, promotion.id))).message).toBe("Promotion not found.");
  });

  it("an id of no promotion, or one that cannot be an id, is not found everywhere", async () => {
    for (const id of [999_999, "nope", 0, null]) {
      // Each call started only when the previous one is judged (a refusal not yet awaited would be unhandled).
      for (const work of [
        () => promotions().byId(owner, id),
        () => promotions().update(owner, id, { name: "Ghost", kind: "percent-off", percent: 10 }),
        () => promotions().setPaused(owner, id, true),
        () => promotions().delete(owner, id),
        () => promotions().generateCodes(owner, id, 1, null),
        () => promotions().codesCsv(owner, id),
      ]) {
        const refused = await refusal(work());
        expect([refused.code, refused.message]).toEqual(["NOT_FOUND", "Promotion not found."]);
      }
    }
  });

  it("only admins: a shopper is forbidden, no one signed in must sign in, and nothing changes", async () => {
    const promotion = await create({ automatic: true });
    const before = await count();
    for (const [viewer, code] of [
      [shopper, "FORBIDDEN"],
      [null, "UNAUTHENTICATED"],
    ] as const) {
      for (const work of [
        () => promotions().list(viewer),
        () => promotions().byId(viewer, promotion.id),
        () => promotions().create(viewer, { name: "Mine", kind: "percent-off", percent: 10 }),
        () => promotions().update(viewer, promotion.id, { name: "Mine", kind: "percent-off", percent: 10 }),
        () => promotions().setPaused(viewer, promotion.id, true),
        () => promotions().delete(viewer, promotion.id),
        () => promotions().generateCodes(viewer, promotion.id, 1, null),
        () => promotions().codesCsv(viewer, promotion.id),
        () => promotions().previewRule(viewer, { name: "Mine", kind: "percent-off", percent: 10 }),
      ]) {
        expect((await refusal(work())).code).toBe(code);
      }
    }
    expect(await count()).toBe(before);
    expect(await promotions().byId(owner, promotion.id)).toMatchObject({ name: "Editor promotion", paused: false });
  });
});

describe("the usage limit on update", () => {
  it("never below the uses so far; at the uses it is used up", async () => {
    const promotion = await create({ automatic: true });
    await t.shop.prisma.promotion.update({ where: { id: promotion.id }, data: { uses: 3 } });
    const refused = await refusal(promotions().update(owner, promotion.id, { name: "Limited", kind: "percent-off", percent: 10, usageLimit: 2, automatic: true }));
    expect(refused.fields).toEqual({ usage_limit: ["The limit cannot be below the uses so far (3)."] });
    expect(await promotions().update(owner, promotion.id, { name: "Limited", kind: "percent-off", percent: 10, usageLimit: 3, automatic: true })).toMatchObject({ usageLimit: 3, status: "used-up" });
    expect(await promotions().update(owner, promotion.id, { name: "Limited", kind: "percent-off", percent: 10, usageLimit: 4, automatic: true })).toMatchObject({ usageLimit: 4, status: "active" });
    expect(await promotions().update(owner, promotion.id, { name: "Limited", kind: "percent-off", percent: 10, automatic: true })).toMatchObject({ usageLimit: null, status: "active" });
  });
});

describe("a batch of single-use codes", () => {
  const ALPHABET = "[ABCDEFGHJKMNPQRSTUVWXYZ23456789]";

  it("adds as many codes as asked: the prefix, a dash and 8 characters without look-alikes; each once; the CSV lists them all", async () => {
    const promotion = await create({});
    expect(await promotions().generateCodes(owner, promotion.id, 40, " spring ")).toBe(40);
    expect(await promotions().generateCodes(owner, promotion.id, 2, null)).toBe(2);
    expect(await promotions().generateCodes(owner, promotion.id, 1, "")).toBe(1);
    const codes = await t.shop.prisma.promotionCode.findMany({ where: { promotionId: promotion.id }, orderBy: { id: "asc" } });
    expect(codes).toHaveLength(43);
    expect(new Set(codes.map((code) => code.code)).size).toBe(43);
    for (const code of codes.slice(0, 40)) expect(code.code).toMatch(new RegExp(`^SPRING-${ALPHABET}{8}$`));
    for (const code of codes.slice(40)) expect(code.code).toMatch(new RegExp(`^${ALPHABET}{8}$`));
    expect(codes.every((code) => code.singleUse && code.uses === 0)).toBe(true);
    expect(await promotions().byId(owner, promotion.id)).toMatchObject({ status: "active", code: null, codeCount: 43 });
    const csv = await promotions().codesCsv(owner, promotion.id);
    expect(csv).toBe(["code,single_use,uses", ...codes.map((code) => `${code.code},true,0`)].join("\r\n") + "\r\n");
  });

  it("a batch of 1 to 10,000 codes, a prefix of 1 to 12 letters or digits; each problem at its field, nothing added", async () => {
    const promotion = await create({});
    const countMessage = "The number of codes must be a whole number from 1 to 10,000.";
    for (const wanted of [0, -1, MAX_CODE_BATCH + 1, 1.5, "5", null]) {
      expect((await refusal(promotions().generateCodes(owner, promotion.id, wanted, null))).fields).toEqual({ count: [countMessage] });
    }
    const prefixMessage = "The prefix must be 1 to 12 letters or digits.";
    for (const prefix of ["P".repeat(13), "A-B", "A B", "É", 7]) {
      expect((await refusal(promotions().generateCodes(owner, promotion.id, 1, prefix))).fields).toEqual({ prefix: [prefixMessage] });
    }
    expect((await refusal(promotions().generateCodes(owner, promotion.id, 0, "A-B"))).fields).toEqual({ count: [countMessage], prefix: [prefixMessage] });
    expect(await t.shop.prisma.promotionCode.count({ where: { promotionId: promotion.id } })).toBe(0);
    expect(await promotions().generateCodes(owner, promotion.id, 1, "p".repeat(12))).toBe(1);
  });

  it("the largest batch is written at once", async () => {
    const promotion = await create({});
    expect(await promotions().generateCodes(owner, promotion.id, MAX_CODE_BATCH, "BIG")).toBe(MAX_CODE_BATCH);
    expect(await t.shop.prisma.promotionCode.count({ where: { promotionId: promotion.id } })).toBe(MAX_CODE_BATCH);
  });

  it("an automatic promotion needs no codes; the CSV of a promotion without codes is its header", async () => {
    const automatic = await create({ automatic: true });
    expect((await refusal(promotions().generateCodes(owner, automatic.id, 5, null))).fields).toEqual({ count: ["An automatic promotion needs no codes."] });
    expect(await t.shop.prisma.promotionCode.count({ where: { promotionId: automatic.id } })).toBe(0);
    expect(await promotions().codesCsv(owner, automatic.id)).toBe("code,single_use,uses\r\n");
  });
});

describe("the live preview", () => {
  it("is the editor's input as pricing applies it, checked as on save, and saves nothing", async () => {
    const before = await count();
    const rule = await promotions().previewRule(owner, { name: "Preview", kind: "buy-x-get-y", buyQuantity: 2, getQuantity: 1, productIds: [product.id], minQuantity: 3, combinable: true, code: "PREVIEW1" });
    expect(rule).toEqual({
      id: 0,
      name: "Preview",
      kind: "buy-x-get-y",
      percentBp: null,
      amountCents: null,
      buyQuantity: 2,
      getQuantity: 1,
      categoryIds: [],
      productIds: [product.id],
      variantIds: [],
      minItemsCents: null,
      minQuantity: 3,
      combinable: true,
      onDiscountedItems: false,
      code: null,
    });
    expect((await refusal(promotions().previewRule(owner, { name: "Preview", kind: "percent-off", percent: 0 }))).fields).toEqual({
      percent: ["The percentage must be from 0.01 to 100, with at most two decimals."],
    });
    expect(await count()).toBe(before);
  });
});
