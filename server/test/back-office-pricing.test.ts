// The back office's pricing gaps, closed: a code promotion without any code says "no codes" (never
// "active"), clearing the code field removes a shared code (orders that used it keep their history),
// each applied promotion says what it took off the items and what off delivery (in the quote and on the
// placed order), the quote's total before promotions, the promotion editor's products named by id
// wherever they are in the catalogue, a product's own tax class read back, and the tax settings' one id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference, priceOfPlacedOrder } from "../src/domain/orders/index.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let admin: string;
let regionId: number;
let basil: { id: number };
let trowel: { id: number };
let herbs: number;

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.signUp({ role: "admin" })).token;
  herbs = (await t.shop.prisma.category.create({ data: { name: "Herbs" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  const make = (slug: string, priceCents: number) =>
    t.shop.prisma.product.create({ data: { slug, name: slug, description: "A thing.", categoryId: herbs, priceCents, quantity: 10_000, imageOne: `/uploads/${slug}.jpg` } });
  basil = await make("basil", 400);
  trowel = await make("trowel", 1_500);
});

afterAll(async () => {
  await t?.close();
});

const FIELDS = `id status code codeCount`;
const CREATE = `mutation($input: PromotionInput!) { createPromotion(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: PromotionInput!) { updatePromotion(id: $id, input: $input) { ${FIELDS} } }`;
type Listed = { id: number; status: string; code: string | null; codeCount: number };

async function create(input: Record<string, unknown>): Promise<Listed> {
  const created = await t.gql<{ createPromotion: Listed }>(CREATE, { input: { name: "A promotion", ...input } }, admin);
  expect(created.errors).toBeUndefined();
  return created.data!.createPromotion;
}

async function update(id: number, input: Record<string, unknown>): Promise<Listed> {
  const updated = await t.gql<{ updatePromotion: Listed }>(UPDATE, { id, input: { name: "A promotion", ...input } }, admin);
  expect(updated.errors).toBeUndefined();
  return updated.data!.updatePromotion;
}

const QUOTE = `query($lines: [CartLineInput!]!, $regionId: Int, $codes: [String!]) {
  cartQuote(lines: $lines, regionId: $regionId, codes: $codes) {
    itemsTotal discountTotal deliveryFee deliveryDiscount total totalBeforePromotions
    promotions { name code amount itemsAmount deliveryAmount } codes { code applied message }
  }
}`;
type Quote = {
  itemsTotal: number;
  discountTotal: number;
  deliveryFee: number;
  deliveryDiscount: number;
  total: number;
  totalBeforePromotions: number;
  promotions: { name: string; code: string | null; amount: number; itemsAmount: number; deliveryAmount: number }[];
  codes: { code: string; applied: boolean; message: string | null }[];
};
const quote = async (lines: { productId: number; quantity: number }[], codes: string[] = []) => {
  const answer = await t.gql<{ cartQuote: Quote }>(QUOTE, { lines, regionId, codes });
  expect(answer.errors).toBeUndefined();
  return answer.data!.cartQuote;
};

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { order { orderNumber discountTotal deliveryDiscount total promotions { name code amount itemsAmount deliveryAmount } } }
}`;
type Placed = { orderNumber: string; discountTotal: number; deliveryDiscount: number; total: number; promotions: Quote["promotions"] };
async function place(token: string, lines: { productId: number; quantity: number }[], codes: string[] = []): Promise<Placed> {
  const placed = await t.gql<{ placeOrder: { order: Placed } }>(PLACE, { input: { lines, regionId, reference: newReference(), codes } }, token);
  expect(placed.errors).toBeUndefined();
  return placed.data!.placeOrder.order;
}

describe("a code promotion's codes", () => {
  it("without a shared code or a batch it is 'no codes' (not active) until codes exist; paused and automatic ones are not", async () => {
    const bare = await create({ kind: "PERCENT_OFF", percent: 5 });
    expect(bare).toMatchObject({ status: "NO_CODES", code: null, codeCount: 0 });
    const list = await t.gql<{ promotions: Listed[] }>(`{ promotions { ${FIELDS} } }`, {}, admin);
    expect(list.data!.promotions.find((row) => row.id === bare.id)!.status).toBe("NO_CODES");
    expect((await t.gql(`mutation { generatePromotionCodes(id: ${bare.id}, count: 2) }`, {}, admin)).errors).toBeUndefined();
    expect((await t.gql<{ promotion: Listed }>(`{ promotion(id: ${bare.id}) { ${FIELDS} } }`, {}, admin)).data!.promotion).toMatchObject({ status: "ACTIVE", codeCount: 2 });
    const paused = await create({ kind: "PERCENT_OFF", percent: 5 });
    expect((await t.gql<{ setPromotionPaused: { status: string } }>(`mutation { setPromotionPaused(id: ${paused.id}, paused: true) { status } }`, {}, admin)).data!.setPromotionPaused.status).toBe("PAUSED");
    expect((await create({ kind: "PERCENT_OFF", percent: 5, automatic: true, startsAt: new Date(Date.now() + 86_400_000) })).status).toBe("SCHEDULED");
    expect((await create({ kind: "PERCENT_OFF", percent: 5, code: "SHARED5", startsAt: new Date(Date.now() + 86_400_000) })).status).toBe("SCHEDULED");
    // Tidy: none of these may reach the figures below.
    for (const id of [bare.id, paused.id]) await t.gql(`mutation { deletePromotion(id: ${id}) { message } }`, {}, admin);
    await t.shop.prisma.promotion.deleteMany({ where: { name: "A promotion" } });
  });

  it("clearing the code removes the shared code: no cart can enter it, the batch stays, and orders that used it keep its text", async () => {
    const promotion = await create({ kind: "AMOUNT_OFF", amount: 1, code: "GONESOON" });
    expect((await t.gql(`mutation { generatePromotionCodes(id: ${promotion.id}, count: 3, prefix: "B") }`, {}, admin)).errors).toBeUndefined();
    const shopper = await t.signUp();
    const placed = await place(shopper.token, [{ productId: basil.id, quantity: 1 }], ["GONESOON"]);
    expect(placed.promotions).toMatchObject([{ code: "GONESOON", amount: 1 }]);

    // Left out of the input: kept.
    const kept = await t.gql<{ updatePromotion: Listed }>(UPDATE, { id: promotion.id, input: { name: "A promotion", kind: "AMOUNT_OFF", amount: 1 } }, admin);
    expect(kept.data!.updatePromotion).toMatchObject({ code: "GONESOON", codeCount: 4 });
    // Null (the editor's empty field): removed, the batch's 3 stay.
    expect(await update(promotion.id, { kind: "AMOUNT_OFF", amount: 1, code: null })).toMatchObject({ code: null, codeCount: 3, status: "ACTIVE" });
    expect((await quote([{ productId: basil.id, quantity: 1 }], ["GONESOON"])).codes[0]).toMatchObject({ applied: false });

    const order = await t.gql<{ order: { promotions: { code: string | null; amount: number }[] } }>(`query($n: String!) { order(orderNumber: $n) { promotions { code amount } } }`, { n: placed.orderNumber }, shopper.token);
    expect(order.data!.order.promotions).toEqual([{ code: "GONESOON", amount: 1 }]);
    const stored = await t.shop.prisma.orderPromotion.findFirstOrThrow({ where: { promotionId: promotion.id } });
    expect(stored).toMatchObject({ code: "GONESOON", codeId: null });
    // The same text is free for another promotion again; an empty string removes as null does.
    const again = await create({ kind: "AMOUNT_OFF", amount: 1, code: "GONESOON" });
    expect(await update(again.id, { kind: "AMOUNT_OFF", amount: 1, code: "" })).toMatchObject({ code: null, codeCount: 0, status: "NO_CODES" });
    await t.shop.prisma.promotion.deleteMany({ where: { id: { in: [promotion.id, again.id] } } });
  });
});

describe("what each promotion took off, and the total before promotions", () => {
  it("each promotion is split into its items part and its delivery part, in the quote and on the placed order", async () => {
    const tenOff = await create({ name: "Ten off", kind: "PERCENT_OFF", percent: 10, code: "TENSPLIT", combinable: true });
    const free = await create({ name: "Free delivery", kind: "FREE_DELIVERY", automatic: true, combinable: true });
    const lines = [
      { productId: basil.id, quantity: 3 },
      { productId: trowel.id, quantity: 1 },
    ];
    const quoted = await quote(lines, ["TENSPLIT"]);
    // 27.00 of items, 10% = 2.70; delivery 5.00 free.
    expect(quoted).toMatchObject({ itemsTotal: 27, discountTotal: 2.7, deliveryDiscount: 5, total: 24.3, totalBeforePromotions: 32 });
    expect(quoted.promotions).toEqual([
      { name: "Ten off", code: "TENSPLIT", amount: 2.7, itemsAmount: 2.7, deliveryAmount: 0 },
      { name: "Free delivery", code: null, amount: 5, itemsAmount: 0, deliveryAmount: 5 },
    ]);
    const shopper = await t.signUp();
    const placed = await place(shopper.token, lines, ["TENSPLIT"]);
    expect(placed).toMatchObject({ discountTotal: 2.7, deliveryDiscount: 5, total: 24.3 });
    expect(placed.promotions).toEqual(quoted.promotions);

    // Without promotions the total before promotions is the total.
    await t.shop.prisma.promotion.deleteMany({ where: { id: { in: [tenOff.id, free.id] } } });
    expect(await quote(lines)).toMatchObject({ total: 32, totalBeforePromotions: 32, promotions: [] });
    // The placed order keeps its split after its promotions are deleted.
    const order = await t.gql<{ order: { promotions: Quote["promotions"] } }>(
      `query($n: String!) { order(orderNumber: $n) { promotions { name code amount itemsAmount deliveryAmount } } }`,
      { n: placed.orderNumber },
      shopper.token,
    );
    expect(order.data!.order.promotions).toEqual(quoted.promotions);
    // The parts are stored as checkout charged them; an order from before they were stored works them out alike.
    const stored = await t.shop.prisma.orderPromotion.findMany({ where: { order: { orderNumber: placed.orderNumber } }, orderBy: { id: "asc" } });
    expect(stored.map((row) => [row.itemsCents, row.deliveryCents])).toEqual([
      [270, 0],
      [0, 500],
    ]);
    await t.shop.prisma.orderPromotion.updateMany({ where: { order: { orderNumber: placed.orderNumber } }, data: { itemsCents: null, deliveryCents: null } });
    const older = await t.gql<{ order: { promotions: Quote["promotions"] } }>(`query($n: String!) { order(orderNumber: $n) { promotions { name code amount itemsAmount deliveryAmount } } }`, { n: placed.orderNumber }, shopper.token);
    expect(older.data!.order.promotions).toEqual(quoted.promotions);
  });
});

describe("products by id, for the promotion editor", () => {
  it("names the products of these ids and of these variants, each once; admins only; at most 500 ids of each", async () => {
    const [basilVariant] = await t.shop.prisma.productVariant.findMany({ where: { productId: basil.id } });
    const BY_IDS = `query($ids: [Int!]!, $variantIds: [Int!]) { productsByIds(ids: $ids, variantIds: $variantIds) { id name variants(everyVariant: true) { id sku } } }`;
    const answer = await t.gql<{ productsByIds: { id: number; name: string; variants: { id: number }[] }[] }>(BY_IDS, { ids: [trowel.id, 999_999], variantIds: [basilVariant.id] }, admin);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.productsByIds.map((product) => product.name)).toEqual(["basil", "trowel"]);
    expect(answer.data!.productsByIds[0].variants.map((variant) => variant.id)).toContain(basilVariant.id);
    expect((await t.gql<{ productsByIds: unknown[] }>(BY_IDS, { ids: [basil.id, basil.id] }, admin)).data!.productsByIds).toHaveLength(1);
    expect(failure(await t.gql(BY_IDS, { ids: [basil.id] }, (await t.signUp()).token))).toMatchObject({ code: "FORBIDDEN" });
    expect(failure(await t.gql(BY_IDS, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, admin))).toMatchObject({ code: "BAD_USER_INPUT" });
  });
});

describe("a product's own tax class and the tax settings' id", () => {
  it("productTaxClass reads back what setProductTaxClass set (null: the category's class); the settings are always 'tax-settings'", async () => {
    const CLASS = `query($id: Int!) { productTaxClass(productId: $id) }`;
    expect((await t.gql<{ productTaxClass: number | null }>(CLASS, { id: basil.id }, admin)).data!.productTaxClass).toBeNull();
    const added = await t.gql<{ saveTaxClass: { id: string; classes: { id: number; name: string }[] } }>(`mutation { saveTaxClass(name: "Reduced") { id classes { id name } } }`, {}, admin);
    expect(added.data!.saveTaxClass.id).toBe("tax-settings");
    const reduced = added.data!.saveTaxClass.classes.find((taxClass) => taxClass.name === "Reduced")!;
    const set = await t.gql<{ setProductTaxClass: { id: string } }>(`mutation { setProductTaxClass(productId: ${basil.id}, taxClassId: ${reduced.id}) { id } }`, {}, admin);
    expect(set.data!.setProductTaxClass.id).toBe("tax-settings");
    expect((await t.gql<{ productTaxClass: number | null }>(CLASS, { id: basil.id }, admin)).data!.productTaxClass).toBe(reduced.id);
    await t.gql(`mutation { setProductTaxClass(productId: ${basil.id}, taxClassId: null) { id } }`, {}, admin);
    expect((await t.gql<{ productTaxClass: number | null }>(CLASS, { id: basil.id }, admin)).data!.productTaxClass).toBeNull();
    expect((await t.gql<{ taxSettings: { id: string } }>(`{ taxSettings { id } }`, {}, admin)).data!.taxSettings.id).toBe("tax-settings");
    expect(failure(await t.gql(CLASS, { id: 999_999 }, admin))).toMatchObject({ code: "NOT_FOUND" });
    expect(failure(await t.gql(CLASS, { id: basil.id }, (await t.signUp()).token))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("a placed order's promotions, split from what it stored", () => {
  const stored = (promotions: { amountCents: number }[], discountCents: number, deliveryDiscountCents: number) =>
    priceOfPlacedOrder({
      lines: [{ priceCents: 1_000, discountPriceCents: null, unitPriceCents: 1_000, quantity: 2, discountCents, taxCents: 0, taxRatePpm: 0, taxName: "" }],
      deliveryFeeCents: 500,
      discountCents,
      deliveryDiscountCents,
      deliveryTaxCents: 0,
      deliveryTaxRatePpm: 0,
      deliveryTaxName: "",
      taxCents: 0,
      pricesIncludeTax: false,
      totalCents: 2_000 - discountCents + 500 - deliveryDiscountCents,
      promotions: promotions.map((promotion, index) => ({ promotionId: index + 1, name: `P${index + 1}`, code: null, ...promotion })),
    }).promotions.map((promotion) => [promotion.itemsCents, promotion.deliveryCents]);

  it("free delivery is stored after the other kinds: the last promotion that took something off took the delivery discount", () => {
    expect(stored([{ amountCents: 200 }, { amountCents: 100 }, { amountCents: 500 }], 300, 500)).toEqual([[200, 0], [100, 0], [0, 500]]);
    // A second free delivery finds nothing left of the fee: 0, after the one that took it.
    expect(stored([{ amountCents: 500 }, { amountCents: 0 }], 0, 500)).toEqual([[0, 500], [0, 0]]);
    expect(stored([{ amountCents: 300 }], 300, 0)).toEqual([[300, 0]]);
  });

  it("figures that do not fit the rule show every promotion as taking its amount off the items", () => {
    expect(stored([{ amountCents: 200 }, { amountCents: 400 }], 200, 500)).toEqual([[200, 0], [400, 0]]);
  });

  it("a placed order's total before promotions is its items and delivery fee (and their tax when added)", () => {
    const order = priceOfPlacedOrder({
      lines: [{ priceCents: 1_000, discountPriceCents: null, unitPriceCents: 1_000, quantity: 1, discountCents: 100, taxCents: 180, taxRatePpm: 200_000, taxName: "VAT 20%" }],
      deliveryFeeCents: 500,
      discountCents: 100,
      deliveryDiscountCents: 0,
      deliveryTaxCents: 100,
      deliveryTaxRatePpm: 200_000,
      deliveryTaxName: "VAT 20%",
      taxCents: 280,
      pricesIncludeTax: false,
      totalCents: 1_680,
      promotions: [{ promotionId: 1, name: "P1", code: null, amountCents: 100 }],
    });
    expect(order.totalBeforePromotionsCents).toBe(1_000 + 500 + 200 + 100);
  });
});
