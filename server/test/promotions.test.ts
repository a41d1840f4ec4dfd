// Promotions and taxes through the shop: codes judged with the shopper's messages, the quote equal to what
// checkout charges, each line's share and tax stored with the order, usage limits under 200 parallel
// checkouts, single-use and per-customer limits, a cancelled order's use given back, the throttle on codes
// that do not exist, the owner's editor and codes, tax with prices with and without it, and the REST shim's
// coupon_code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/index.js";
import { releasePromotions } from "../src/domain/promotions/index.js";
import { openRestApi } from "./rest-support.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let admin: string;
let herbs: number;
let tools: number;
let regionId: number;
let basil: { id: number };
let trowel: { id: number };
let fern: { id: number };

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.signUp({ role: "admin" })).token;
  herbs = (await t.shop.prisma.category.create({ data: { name: "Herbs" } })).id;
  tools = (await t.shop.prisma.category.create({ data: { name: "Tools" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  const make = (slug: string, categoryId: number, priceCents: number, discountPriceCents: number | null = null, quantity = 10_000) =>
    t.shop.prisma.product.create({ data: { slug, name: slug, description: "A thing.", categoryId, priceCents, discountPriceCents, quantity, imageOne: `/uploads/${slug}.jpg` } });
  basil = await make("basil", herbs, 400);
  trowel = await make("trowel", tools, 1_500);
  fern = await make("fern", herbs, 2_000, 1_500);
});

afterAll(async () => {
  await t?.close();
});

const CREATE = `mutation($input: PromotionInput!) { createPromotion(input: $input) { id name status code uses } }`;
async function promotion(input: Record<string, unknown>): Promise<{ id: number; code: string | null }> {
  const created = await t.gql<{ createPromotion: { id: number; code: string | null } }>(CREATE, { input: { name: "A promotion", ...input } }, admin);
  expect(created.errors).toBeUndefined();
  return created.data!.createPromotion;
}

const QUOTE = `query($lines: [CartLineInput!]!, $regionId: Int, $codes: [String!]) {
  cartQuote(lines: $lines, regionId: $regionId, codes: $codes) {
    lines { productId lineTotal discount tax taxRate } itemsTotal discountTotal deliveryFee deliveryDiscount taxTotal pricesIncludeTax
    taxLines { name rate net tax } promotions { name code amount } codes { code applied message } total
  }
}`;
type Quote = {
  lines: { productId: number; lineTotal: number; discount: number; tax: number; taxRate: number }[];
  itemsTotal: number;
  discountTotal: number;
  deliveryFee: number;
  deliveryDiscount: number;
  taxTotal: number;
  pricesIncludeTax: boolean;
  taxLines: { name: string; rate: number; net: number; tax: number }[];
  promotions: { name: string; code: string | null; amount: number }[];
  codes: { code: string; applied: boolean; message: string | null }[];
  total: number;
};
const quote = async (lines: { productId: number; quantity: number }[], codes: string[] = [], region: number | null = regionId) => {
  const answer = await t.gql<{ cartQuote: Quote }>(QUOTE, { lines, regionId: region, codes });
  expect(answer.errors).toBeUndefined();
  return answer.data!.cartQuote;
};

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { order { id subtotal discountTotal deliveryDiscount taxTotal total promotions { name code amount } lines { productId discount tax taxRate lineTotal } taxLines { name rate net tax } } }
}`;
const place = (token: string, lines: { productId: number; quantity: number }[], codes: string[] = []) =>
  t.gql<{ placeOrder: { order: { id: number; total: number; discountTotal: number; taxTotal: number; promotions: unknown[]; lines: Quote["lines"]; taxLines: Quote["taxLines"] } } }>(
    PLACE,
    { input: { lines, regionId, reference: newReference(), codes } },
    token,
  );

describe("a code in the cart and at checkout", () => {
  it("10% off: the lines' shares add up to the discount, the quote is what checkout charges, the order keeps its shares and the promotion", async () => {
    const { id } = await promotion({ name: "Ten off", kind: "PERCENT_OFF", percent: 10, code: "tenoff" });
    const lines = [
      { productId: basil.id, quantity: 3 },
      { productId: trowel.id, quantity: 1 },
    ];
    const quoted = await quote(lines, ["TenOff"]);
    // 12.00 + 15.00 = 27.00; 10% = 2.70, shared 1.20 / 1.50.
    expect(quoted).toMatchObject({ itemsTotal: 27, discountTotal: 2.7, deliveryFee: 5, total: 29.3, promotions: [{ name: "Ten off", code: "TENOFF", amount: 2.7 }], codes: [{ code: "TENOFF", applied: true, message: null }] });
    expect(quoted.lines.map((line) => line.discount)).toEqual([1.2, 1.5]);
    const shopper = await t.signUp();
    const placed = await place(shopper.token, lines, ["tenoff"]);
    expect(placed.errors).toBeUndefined();
    const order = placed.data!.placeOrder.order;
    expect(order).toMatchObject({ subtotal: 27, discountTotal: 2.7, total: 29.3, promotions: [{ name: "Ten off", code: "TENOFF", amount: 2.7 }] });
    expect(order.lines.map((line) => line.discount)).toEqual([1.2, 1.5]);
    expect(await t.shop.prisma.promotion.findUniqueOrThrow({ where: { id } })).toMatchObject({ uses: 1 });
  });

  it("each code that cannot be used is answered in the shopper's words, in the quote and at checkout (nothing placed)", async () => {
    const now = Date.now();
    await promotion({ kind: "AMOUNT_OFF", amount: 5, code: "OLD5", startsAt: new Date(now - 10 * DAY), endsAt: new Date(now - DAY) });
    await promotion({ kind: "AMOUNT_OFF", amount: 5, code: "SOON5", startsAt: new Date(Date.UTC(2099, 11, 1)) });
    await promotion({ kind: "AMOUNT_OFF", amount: 5, code: "BIG5", minItems: 100 });
    await promotion({ kind: "AMOUNT_OFF", amount: 5, code: "TOOLS5", categoryIds: [tools] });
    const paused = await promotion({ kind: "AMOUNT_OFF", amount: 5, code: "PAUSED5" });
    await t.gql(`mutation { setPromotionPaused(id: ${paused.id}, paused: true) { status } }`, {}, admin);
    const lines = [{ productId: basil.id, quantity: 22 }];
    const quoted = await quote(lines, ["NOPE", "OLD5", "SOON5", "BIG5", "TOOLS5"]);
    expect(quoted.codes).toEqual([
      { code: "NOPE", applied: false, message: "This code is not valid." },
      { code: "OLD5", applied: false, message: "This code has expired." },
      { code: "SOON5", applied: false, message: "This code starts on 1 Dec." },
      { code: "BIG5", applied: false, message: "Add $12.00 more to use this code." },
      { code: "TOOLS5", applied: false, message: "This code does not apply to the items in your cart." },
    ]);
    expect(quoted).toMatchObject({ discountTotal: 0, total: 93 });
    expect((await quote(lines, ["paused5"])).codes[0].message).toBe("This code cannot be used right now.");
    const shopper = await t.signUp();
    const before = await t.shop.prisma.order.count();
    expect(failure(await place(shopper.token, lines, ["OLD5"]))).toMatchObject({ code: "BAD_USER_INPUT", fields: { code: ["This code has expired."] } });
    expect(await t.shop.prisma.order.count()).toBe(before);
  });

  it("applyCode adds a code with the codes already applied, or answers its reason at `code`", async () => {
    await promotion({ kind: "FREE_DELIVERY", code: "SHIPFREE", combinable: true });
    await promotion({ kind: "AMOUNT_OFF", amount: 1, code: "ONEOFF", combinable: true });
    const APPLY = `mutation($code: String!, $lines: [CartLineInput!]!, $regionId: Int, $codes: [String!]) {
      applyCode(code: $code, lines: $lines, regionId: $regionId, codes: $codes) { deliveryDiscount discountTotal total codes { code applied } }
    }`;
    const lines = [{ productId: trowel.id, quantity: 1 }];
    const applied = await t.gql<{ applyCode: Record<string, unknown> }>(APPLY, { code: "oneoff", lines, regionId, codes: ["SHIPFREE"] });
    expect(applied.data!.applyCode).toMatchObject({ deliveryDiscount: 5, discountTotal: 1, total: 14, codes: [{ code: "SHIPFREE", applied: true }, { code: "ONEOFF", applied: true }] });
    expect(failure(await t.gql(APPLY, { code: "NOPE", lines, regionId }))).toMatchObject({ code: "BAD_USER_INPUT", fields: { code: ["This code is not valid."] } });
  });
});

describe("stacking and the product's own discount", () => {
  it("a promotion that does not combine competes with the combinable ones together: the best for the shopper wins", async () => {
    await promotion({ kind: "PERCENT_OFF", percent: 50, code: "HALF" });
    await promotion({ kind: "AMOUNT_OFF", amount: 2, code: "TWO", combinable: true });
    await promotion({ kind: "AMOUNT_OFF", amount: 3, code: "THREE", combinable: true });
    // 4 x basil = 16.00: half off is 8.00, beating 2 + 3.
    const big = await quote([{ productId: basil.id, quantity: 4 }], ["HALF", "TWO", "THREE"]);
    expect(big).toMatchObject({ discountTotal: 8, codes: [{ code: "HALF", applied: true }, { code: "TWO", applied: false, message: "A better promotion already applies to your cart." }, { code: "THREE", applied: false }] });
    // 1 x basil = 4.00: half is 2.00, the two together 4.00 (never more than the items).
    const small = await quote([{ productId: basil.id, quantity: 1 }], ["HALF", "TWO", "THREE"]);
    expect(small).toMatchObject({ discountTotal: 4, total: 5 });
    expect(small.codes.map((code) => code.applied)).toEqual([false, true, true]);
  });

  it("a line with the product's own discount price counts as discounted: left out unless the promotion applies on top", async () => {
    await promotion({ kind: "PERCENT_OFF", percent: 10, code: "NOTONSALE" });
    await promotion({ kind: "PERCENT_OFF", percent: 10, code: "ONTOP", onDiscountedItems: true });
    expect((await quote([{ productId: fern.id, quantity: 1 }], ["NOTONSALE"])).codes[0].message).toBe("This code does not apply to the items in your cart.");
    expect(await quote([{ productId: fern.id, quantity: 1 }], ["ONTOP"])).toMatchObject({ discountTotal: 1.5 });
  });

  it("buy 2 get 1: the cheapest unit of every three is free", async () => {
    await promotion({ kind: "BUY_X_GET_Y", buyQuantity: 2, getQuantity: 1, code: "HERBS3FOR2", categoryIds: [herbs], onDiscountedItems: true });
    const quoted = await quote([{ productId: basil.id, quantity: 2 }, { productId: fern.id, quantity: 1 }], ["HERBS3FOR2"]);
    expect(quoted).toMatchObject({ discountTotal: 4 });
    expect(quoted.lines.map((line) => line.discount)).toEqual([4, 0]);
  });
});

describe("limits hold under parallel checkouts", () => {
  it("200 parallel orders with a code limited to 10 uses: 10 placed with the discount, the others told 'This code has been used up.'", async () => {
    const { id } = await promotion({ kind: "AMOUNT_OFF", amount: 1, code: "TENUSES", usageLimit: 10 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => t.signUp()));
    const ordersBefore = await t.shop.prisma.order.count();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => place(shoppers[index % 20].token, [{ productId: basil.id, quantity: 1 }], ["TENUSES"])));
    const placed = answers.filter((answer) => !answer.errors);
    expect(placed).toHaveLength(10);
    for (const answer of placed) expect(answer.data!.placeOrder.order).toMatchObject({ discountTotal: 1, total: 8 });
    for (const answer of answers.filter((one) => one.errors)) expect(failure(answer)).toMatchObject({ code: "BAD_USER_INPUT", fields: { code: ["This code has been used up."] } });
    expect(await t.shop.prisma.order.count()).toBe(ordersBefore + 10);
    expect(await t.shop.prisma.promotion.findUniqueOrThrow({ where: { id } })).toMatchObject({ uses: 10 });
    expect(await t.shop.prisma.orderPromotion.count({ where: { promotionId: id } })).toBe(10);
  }, 120_000);

  it("a single-use code is used once, even by two checkouts at the same moment; a cancelled order gives its use back", async () => {
    const { id } = await promotion({ kind: "AMOUNT_OFF", amount: 1 });
    expect((await t.gql(`mutation { generatePromotionCodes(id: ${id}, count: 3, prefix: "gift") }`, {}, admin)).data).toEqual({ generatePromotionCodes: 3 });
    const [first] = await t.shop.prisma.promotionCode.findMany({ where: { promotionId: id }, orderBy: { id: "asc" } });
    expect(first.code).toMatch(/^GIFT-[A-HJ-NP-Z2-9]{8}$/);
    const [one, two] = await Promise.all([t.signUp(), t.signUp()]);
    const answers = await Promise.all([place(one.token, [{ productId: basil.id, quantity: 1 }], [first.code]), place(two.token, [{ productId: basil.id, quantity: 1 }], [first.code])]);
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    expect(failure(answers.find((answer) => answer.errors)!)).toMatchObject({ fields: { code: ["This code has been used up."] } });
    const orderId = answers.find((answer) => !answer.errors)!.data!.placeOrder.order.id;
    // Cancelling arrives with the payments work; the rule that gives the use back is the promotions room's.
    expect(await t.shop.prisma.$transaction((tx) => releasePromotions(tx, orderId))).toBe(1);
    expect(await t.shop.prisma.$transaction((tx) => releasePromotions(tx, orderId))).toBe(0);
    expect(await t.shop.prisma.promotionCode.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ uses: 0 });
    expect(await t.shop.prisma.promotion.findUniqueOrThrow({ where: { id } })).toMatchObject({ uses: 0 });
    expect((await place(two.token, [{ productId: basil.id, quantity: 1 }], [first.code])).errors).toBeUndefined();
  });

  it("a limit per customer: a second order of the same shopper is told 'You have already used this code.'", async () => {
    await promotion({ kind: "AMOUNT_OFF", amount: 1, code: "ONCEEACH", perCustomerLimit: 1 });
    const shopper = await t.signUp();
    const [a, b] = await Promise.all([place(shopper.token, [{ productId: basil.id, quantity: 1 }], ["ONCEEACH"]), place(shopper.token, [{ productId: basil.id, quantity: 2 }], ["ONCEEACH"])]);
    expect([a, b].filter((answer) => !answer.errors)).toHaveLength(1);
    expect(failure([a, b].find((answer) => answer.errors)!)).toMatchObject({ fields: { code: ["You have already used this code."] } });
    expect((await place((await t.signUp()).token, [{ productId: basil.id, quantity: 1 }], ["ONCEEACH"])).errors).toBeUndefined();
  });
});

describe("codes that do not exist are throttled", () => {
  it("each distinct wrong code counts once a window: after 10 from one address the cart is priced without codes and applyCode waits, but for codes it was told exist; codes that exist never count", async () => {
    const lines = [{ productId: basil.id, quantity: 1 }];
    const asker = { clientAddress: "203.0.113.77" };
    for (let i = 0; i < 12; i += 1) await t.shop.orders.quoteCart(lines, regionId, ["TENOFF"], asker);
    // One mistyped code from a shared link, quoted again and again, is one wrong try.
    for (let i = 0; i < 15; i += 1) expect((await t.shop.orders.quoteCart(lines, regionId, ["SPRNG10"], asker)).codes[0].message).toBe("This code is not valid.");
    for (let i = 0; i < 9; i += 1) await t.shop.orders.quoteCart(lines, regionId, [`GUESS${i}`], asker);
    const WAIT = /^Too many codes that do not exist\. Please wait \d+ minutes? before trying another\.$/;
    const throttled = await t.shop.orders.quoteCart(lines, regionId, ["GUESS9", "TENOFF"], asker);
    expect(throttled).toMatchObject({ itemsCents: 400, discountCents: 0, totalCents: 900 });
    expect(throttled.codes).toEqual([
      { code: "GUESS9", applied: false, message: expect.stringMatching(WAIT) },
      { code: "TENOFF", applied: false, message: expect.stringMatching(WAIT) },
    ]);
    await expect(t.shop.orders.quoteCart(lines, regionId, ["GUESS10"], { ...asker, failWhenThrottled: true })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(WAIT) });
    // A code this address was already told exists is still priced (the answer tells nothing new: a cart is
    // quoted on every change); one it was never told of waits, whether it exists or not.
    expect((await t.shop.orders.quoteCart(lines, regionId, ["tenoff"], asker)).codes).toEqual([{ code: "TENOFF", applied: true, message: null }]);
    await promotion({ kind: "AMOUNT_OFF", amount: 1, code: "NEVERTOLD" });
    expect((await t.shop.orders.quoteCart(lines, regionId, ["NEVERTOLD"], asker)).codes).toEqual([{ code: "NEVERTOLD", applied: false, message: expect.stringMatching(WAIT) }]);
    expect((await t.shop.orders.quoteCart(lines, regionId, ["NEVERTOLD", "TENOFF"], asker)).codes.map((code) => code.message)).toEqual([expect.stringMatching(WAIT), expect.stringMatching(WAIT)]);
    // Another address is not held up, nor a quote without codes.
    expect((await t.shop.orders.quoteCart(lines, regionId, ["GUESS11"], { clientAddress: "203.0.113.78" })).codes[0].message).toBe("This code is not valid.");
    expect((await t.shop.orders.quoteCart(lines, regionId, [], asker)).totalCents).toBe(900);
  });
});

describe("the owner's editor", () => {
  it("answers every problem at its field, and only admins edit", async () => {
    const bad = await t.gql(CREATE, { input: { name: "", kind: "PERCENT_OFF", percent: 120, startsAt: new Date(2030, 1, 1), endsAt: new Date(2029, 1, 1), code: "a b", usageLimit: 0 } }, admin);
    expect(failure(bad)).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: {
        name: ["The name field is required."],
        percent: ["The percentage must be from 0.01 to 100, with at most two decimals."],
        ends_at: ["The end must be after the start."],
        usage_limit: ["The usage limit must be a whole number from 1 to 1,000,000."],
        code: ["The code must be 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit."],
      },
    });
    expect(failure(await t.gql(CREATE, { input: { name: "Again", kind: "AMOUNT_OFF", amount: 1, code: "tenoff" } }, admin))).toMatchObject({ fields: { code: ["The code TENOFF is already used by another promotion."] } });
    const shopper = await t.signUp();
    expect(failure(await t.gql(CREATE, { input: { name: "Mine", kind: "AMOUNT_OFF", amount: 1 } }, shopper.token))).toMatchObject({ code: "FORBIDDEN" });
    expect(failure(await t.gql(`{ promotions { id } }`, {}))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("the list shows each promotion's status; a usage limit never goes below the uses; the codes download as CSV", async () => {
    const used = await promotion({ kind: "AMOUNT_OFF", amount: 1, code: "USEDTWICE" });
    const shopper = await t.signUp();
    for (let i = 0; i < 2; i += 1) expect((await place(shopper.token, [{ productId: basil.id, quantity: 1 }], ["USEDTWICE"])).errors).toBeUndefined();
    const UPDATE = `mutation($id: Int!, $input: PromotionInput!) { updatePromotion(id: $id, input: $input) { status uses usageLimit } }`;
    expect(failure(await t.gql(UPDATE, { id: used.id, input: { name: "Used", kind: "AMOUNT_OFF", amount: 1, usageLimit: 1 } }, admin))).toMatchObject({ fields: { usage_limit: ["The limit cannot be below the uses so far (2)."] } });
    expect((await t.gql(UPDATE, { id: used.id, input: { name: "Used", kind: "AMOUNT_OFF", amount: 1, usageLimit: 2 } }, admin)).data).toEqual({ updatePromotion: { status: "USED_UP", uses: 2, usageLimit: 2 } });
    const list = await t.gql<{ promotions: { name: string; status: string }[] }>(`{ promotions { name status } }`, {}, admin);
    expect(list.data!.promotions.find((row) => row.name === "Used")!.status).toBe("USED_UP");
    const csv = await t.gql<{ promotionCodesCsv: string }>(`{ promotionCodesCsv(id: ${used.id}) }`, {}, admin);
    expect(csv.data!.promotionCodesCsv).toBe("code,single_use,uses\r\nUSEDTWICE,false,2\r\n");
  });
});

describe("taxes", () => {
  const SET_RATE = `mutation($regionId: Int!, $taxClassId: Int!, $rate: Float, $name: String) { setTaxRate(regionId: $regionId, taxClassId: $taxClassId, rate: $rate, name: $name) { rates { rate name } } }`;
  let taxed: TestShop;
  let taxAdmin: string;
  let region: number;
  let seeds: { id: number };
  let spade: { id: number };

  beforeAll(async () => {
    // A shop of its own: rates here must not reach the promotions' figures above.
    taxed = await createTestShop();
    taxAdmin = (await taxed.signUp({ role: "admin" })).token;
    const seedsCategory = (await taxed.shop.prisma.category.create({ data: { name: "Seeds" } })).id;
    const toolsCategory = (await taxed.shop.prisma.category.create({ data: { name: "Tools" } })).id;
    region = (await taxed.shop.prisma.region.create({ data: { name: "EU", feeCents: 500 } })).id;
    seeds = await taxed.shop.prisma.product.create({ data: { slug: "seeds", name: "Seeds", description: "x", categoryId: seedsCategory, priceCents: 1_000, quantity: 100, imageOne: "/uploads/s.jpg" } });
    spade = await taxed.shop.prisma.product.create({ data: { slug: "spade", name: "Spade", description: "x", categoryId: toolsCategory, priceCents: 2_999, quantity: 100, imageOne: "/uploads/p.jpg" } });
    const settings = await taxed.gql<{ saveTaxClass: { classes: { id: number; name: string; isDefault: boolean }[] } }>(`mutation { saveTaxClass(name: "Reduced") { classes { id name isDefault } } }`, {}, taxAdmin);
    const [standard, reduced] = settings.data!.saveTaxClass.classes;
    expect(standard).toMatchObject({ name: "Standard", isDefault: true });
    expect((await taxed.gql(SET_RATE, { regionId: region, taxClassId: standard.id, rate: 20, name: "VAT 20%" }, taxAdmin)).errors).toBeUndefined();
    expect((await taxed.gql(SET_RATE, { regionId: region, taxClassId: reduced.id, rate: 5, name: "VAT 5%" }, taxAdmin)).errors).toBeUndefined();
    expect((await taxed.gql(`mutation { setCategoryTaxClass(categoryId: ${seedsCategory}, taxClassId: ${reduced.id}) { categoryClasses { categoryId } } }`, {}, taxAdmin)).errors).toBeUndefined();
    expect((await taxed.gql(`mutation { setDeliveryTaxRate(regionId: ${region}, rate: 20, name: "VAT 20%") { deliveryRates { rate } } }`, {}, taxAdmin)).errors).toBeUndefined();
  });

  afterAll(async () => {
    await taxed?.close();
  });

  const taxedQuote = async (codes: string[] = []) =>
    (await taxed.gql<{ cartQuote: Quote }>(QUOTE, { lines: [{ productId: seeds.id, quantity: 1 }, { productId: spade.id, quantity: 1 }], regionId: region, codes })).data!.cartQuote;

  it("prices without tax (US style): each line's tax at its class's rate is added, delivery's too; none without a region", async () => {
    const quoted = await taxedQuote();
    // seeds 10.00 at 5% = 0.50; spade 29.99 at 20% = 6.00 (5.998); delivery 5.00 at 20% = 1.00.
    expect(quoted.lines.map((line) => [line.tax, line.taxRate])).toEqual([[0.5, 5], [6, 20]]);
    expect(quoted).toMatchObject({ taxTotal: 7.5, pricesIncludeTax: false, total: 52.49 });
    expect(quoted.taxLines).toEqual([{ name: "VAT 20%", rate: 20, net: 34.99, tax: 7 }, { name: "VAT 5%", rate: 5, net: 10, tax: 0.5 }]);
    const noRegion = (await taxed.gql<{ cartQuote: Quote }>(QUOTE, { lines: [{ productId: seeds.id, quantity: 1 }] })).data!.cartQuote;
    expect(noRegion).toMatchObject({ taxTotal: 0, total: 10 });
  });

  it("prices with tax (EU style): the tax is inside the price and the total does not change; a placed order keeps its rates when they change", async () => {
    await taxed.gql(`mutation { setPricesIncludeTax(included: true) { pricesIncludeTax } }`, {}, taxAdmin);
    const quoted = await taxedQuote();
    // seeds 10.00 holds 0.48 (10 x 5/105 = 0.476); spade 29.99 holds 5.00 (4.998); delivery 5.00 holds 0.83.
    expect(quoted.lines.map((line) => line.tax)).toEqual([0.48, 5]);
    expect(quoted).toMatchObject({ taxTotal: 6.31, pricesIncludeTax: true, total: 44.99 });
    const shopper = await taxed.signUp();
    const placed = await taxed.gql<{ placeOrder: { order: { id: number; total: number; taxTotal: number; lines: { tax: number; taxRate: number }[] } } }>(
      PLACE,
      { input: { lines: [{ productId: seeds.id, quantity: 1 }, { productId: spade.id, quantity: 1 }], regionId: region, reference: newReference() } },
      shopper.token,
    );
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.order).toMatchObject({ total: 44.99, taxTotal: 6.31 });
    const classes = await taxed.shop.prisma.taxClass.findMany({ orderBy: { id: "asc" } });
    await taxed.gql(SET_RATE, { regionId: region, taxClassId: classes[0].id, rate: 25, name: "VAT 25%" }, taxAdmin);
    const again = await taxed.gql<{ order: { taxTotal: number; lines: { taxRate: number }[] } }>(
      `query($n: String!) { order(orderNumber: $n) { taxTotal lines { taxRate } } }`,
      { n: (await taxed.shop.prisma.order.findUniqueOrThrow({ where: { id: placed.data!.placeOrder.order.id } })).orderNumber },
      shopper.token,
    );
    expect(again.data!.order).toEqual({ taxTotal: 6.31, lines: [{ taxRate: 5 }, { taxRate: 20 }] });
    await taxed.gql(`mutation { setPricesIncludeTax(included: false) { pricesIncludeTax } }`, {}, taxAdmin);
    await taxed.gql(SET_RATE, { regionId: region, taxClassId: classes[0].id, rate: 20, name: "VAT 20%" }, taxAdmin);
  });

  it("a rate is a percentage from 0 to 100 with at most 4 decimals", async () => {
    const [standard] = await taxed.shop.prisma.taxClass.findMany({ orderBy: { id: "asc" } });
    expect(failure(await taxed.gql(SET_RATE, { regionId: region, taxClassId: standard.id, rate: 101, name: "Too much" }, taxAdmin))).toMatchObject({
      fields: { rate: ["The rate must be a percentage from 0 to 100 with at most 4 decimals."] },
    });
    expect(failure(await taxed.gql(SET_RATE, { regionId: region, taxClassId: standard.id, rate: 8.87501, name: "Too fine" }, taxAdmin))).toMatchObject({ code: "BAD_USER_INPUT" });
    expect((await taxed.gql(SET_RATE, { regionId: region, taxClassId: standard.id, rate: 8.875, name: "NYC" }, taxAdmin)).errors).toBeUndefined();
    await taxed.gql(SET_RATE, { regionId: region, taxClassId: standard.id, rate: 20, name: "VAT 20%" }, taxAdmin);
  });
});

describe("the REST shim's order-store takes a coupon_code", () => {
  it("an order with a code is placed at the discounted total in the same shape; a bad code is 422 at coupon_code", async () => {
    await promotion({ kind: "AMOUNT_OFF", amount: 2, code: "RESTTWO" });
    const rest = await openRestApi(t);
    const shopper = await t.signUp();
    const body = (extra: Record<string, unknown>) => ({ cart: [{ id: basil.id, cartQuantity: 2 }], region: regionId, reference: newReference(), ...extra });
    const placed = await rest.call("POST", "/order-store", { token: shopper.token, json: body({ coupon_code: "resttwo" }) });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ subtotal_price: 8, delivery_fee: 5, total_price: 11 });
    const refused = await rest.call("POST", "/order-store", { token: shopper.token, json: body({ coupon_code: "NOPE" }) });
    expect(refused).toMatchObject({ status: 422, body: { coupon_code: ["This code is not valid."] } });
    const plain = await rest.call("POST", "/order-store", { token: shopper.token, json: body({}) });
    expect(plain.body.order).toMatchObject({ subtotal_price: 8, total_price: 13 });
    await rest.close();
  });
});
