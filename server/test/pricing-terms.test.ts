// What every cart is priced with besides its lines (automatic promotions, regions' fees and tax rates, the
// categories' tax classes, the tax setting) is kept in memory per process and checked against
// pricing_terms_version on every cart's read: any change is priced by the very next quote, in the process
// that made it and in any other; an unchanged version reads nothing again; checkout's counting of uses
// raises the version only when a limit is crossed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteCart } from "../src/domain/orders/cart.js";
import { KeptPricingTerms } from "../src/domain/orders/pricing-terms.js";
import { Prisma } from "../src/generated/prisma/client.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let herbs: number;
let regionId: number;
let basil: number;

beforeAll(async () => {
  t = await createTestShop();
  herbs = (await t.shop.prisma.category.create({ data: { name: "Herbs" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  basil = (await t.shop.prisma.product.create({ data: { slug: "basil", name: "Basil", description: "A herb.", categoryId: herbs, priceCents: 1_000, quantity: 100, imageOne: "/uploads/basil.jpg" } })).id;
});

afterAll(async () => {
  await t?.close();
});

const version = async () => (await t.db.readRows<{ version: string }>(Prisma.sql`SELECT version::text AS version FROM pricing_terms_version`))[0].version;

/** Two processes: this shop's own copy, and another process's copy on the same database. */
const here = () => t.shop.orders.pricingTerms;
const elsewhere = new KeptPricingTerms();
const quoteIn = (kept: KeptPricingTerms) => quoteCart(t.db.readRows, kept, [{ productId: basil, quantity: 2 }], regionId);

async function bothSee(expected: { totalCents: number; taxCents?: number }) {
  for (const kept of [here(), elsewhere]) {
    const quote = await quoteIn(kept);
    expect(quote.totalCents).toBe(expected.totalCents);
    if (expected.taxCents !== undefined) expect(quote.taxCents).toBe(expected.taxCents);
  }
}

describe("kept pricing terms", () => {
  it("a cart at an unchanged version reads the terms once; a change to any of them is priced by the next quote, here and elsewhere", async () => {
    await bothSee({ totalCents: 2_500 });
    const reads = elsewhere.reads;
    await bothSee({ totalCents: 2_500 });
    expect(elsewhere.reads).toBe(reads);

    await t.shop.prisma.region.update({ where: { id: regionId }, data: { feeCents: 700 } });
    await bothSee({ totalCents: 2_700 });
    expect(elsewhere.reads).toBe(reads + 1);

    const promotion = await t.shop.prisma.promotion.create({ data: { name: "Tenth off", kind: "percent_off", percentBp: 1_000, automatic: true } });
    await bothSee({ totalCents: 2_500 });
    await t.shop.prisma.promotion.update({ where: { id: promotion.id }, data: { paused: true } });
    await bothSee({ totalCents: 2_700 });

    const reduced = await t.shop.prisma.taxClass.create({ data: { name: "Reduced" } });
    const standard = await t.shop.prisma.taxClass.findFirstOrThrow({ where: { isDefault: true } });
    await t.shop.prisma.taxRate.create({ data: { regionId, taxClassId: standard.id, ratePpm: 200_000, name: "VAT 20%" } });
    await bothSee({ totalCents: 3_100, taxCents: 400 });
    await t.shop.prisma.taxRate.create({ data: { regionId, taxClassId: reduced.id, ratePpm: 50_000, name: "VAT 5%" } });
    await t.shop.prisma.categoryTaxClass.create({ data: { categoryId: herbs, taxClassId: reduced.id } });
    await bothSee({ totalCents: 2_800, taxCents: 100 });
    // A product's own class is read with the cart itself.
    await t.shop.prisma.productTaxClass.create({ data: { productId: basil, taxClassId: standard.id } });
    await bothSee({ totalCents: 3_100, taxCents: 400 });
    await t.shop.prisma.deliveryTaxRate.create({ data: { regionId, ratePpm: 100_000, name: "VAT 10%" } });
    await bothSee({ totalCents: 3_170, taxCents: 470 });
    await t.shop.prisma.shopSettings.update({ where: { id: 1 }, data: { pricesIncludeTax: true } });
    await bothSee({ totalCents: 2_700 });
    await t.shop.prisma.region.delete({ where: { id: regionId } });
    for (const kept of [here(), elsewhere]) await expect(quoteIn(kept)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    regionId = (await t.shop.prisma.region.create({ data: { name: "Coast again", feeCents: 500 } })).id;
    await bothSee({ totalCents: 2_500 });
    await t.shop.prisma.shopSettings.update({ where: { id: 1 }, data: { pricesIncludeTax: false } });
  });

  it("counting a use raises the version only when it reaches the usage limit, and giving one back below it raises it again", async () => {
    const limited = await t.shop.prisma.promotion.create({ data: { name: "Two only", kind: "amount_off", amountCents: 300, automatic: true, usageLimit: 2 } });
    await bothSee({ totalCents: 2_200 });
    const before = await version();
    const use = (step: number) => t.db.readRows(Prisma.sql`UPDATE promotions SET uses = uses + ${step}::int WHERE id = ${limited.id} RETURNING id`);
    await use(1);
    expect(await version()).toBe(before);
    await bothSee({ totalCents: 2_200 });
    await use(1);
    expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    await bothSee({ totalCents: 2_500 });
    await use(-1);
    await bothSee({ totalCents: 2_200 });
    // A code promotion's uses never raise it: code promotions are read with their codes.
    const coded = await t.shop.prisma.promotion.create({ data: { name: "Coded", kind: "amount_off", amountCents: 100, usageLimit: 1 } });
    const atCoded = await version();
    await t.shop.prisma.promotion.update({ where: { id: coded.id }, data: { name: "Coded again" } });
    await t.db.readRows(Prisma.sql`UPDATE promotions SET uses = 1 WHERE id = ${coded.id} RETURNING id`);
    expect(await version()).toBe(atCoded);
  });
});
