// Demo promotions (SEED_PROMOTIONS=true) and taxes (SEED_TAXES=true), to show codes, automatic promotions
// and tax lines in the cart, checkout, orders and invoice. Both off by default, so the demo shop shows
// exactly the spec's texts and totals. Idempotent: promotions are added only when there are none, rates
// only when there are none.
import type { PrismaClient } from "../src/generated/prisma/client.js";

const DAY = 86_400_000;

/** The demo's codes, as the journeys and the README use them. */
export const DEMO_CODES = {
  /** 10% off the order, not combined with other promotions. */
  spring: "SPRING10",
  /** $5 off, ended ten days ago: 'This code has expired.' */
  expired: "WINTER5",
  /** 15% off from the 1st of next month: 'This code starts on 1 Dec.' (or that month). */
  upcoming: "NEXTMONTH15",
  /** $20 off orders of $100 or more. */
  bigBasket: "BIG20",
} as const;

export async function seedDemoPromotions(prisma: PrismaClient, now = new Date()): Promise<void> {
  if ((await prisma.promotion.count()) > 0) return;
  const herbs = await prisma.category.findFirst({ where: { name: "Herbs & Edibles" }, select: { id: true } });
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const code = (text: string) => ({ codes: { create: [{ code: text }] } });
  await prisma.promotion.create({
    data: { name: "Spring sale: 10% off", kind: "percent_off", percentBp: 1_000, startsAt: new Date(now.getTime() - 30 * DAY), endsAt: new Date(now.getTime() + 90 * DAY), ...code(DEMO_CODES.spring) },
  });
  await prisma.promotion.create({ data: { name: "Free delivery over $50", kind: "free_delivery", automatic: true, combinable: true, minItemsCents: 5_000 } });
  if (herbs) {
    await prisma.promotion.create({
      data: { name: "3 for 2 on herbs", kind: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, automatic: true, combinable: true, categoryIds: [herbs.id] },
    });
  }
  await prisma.promotion.create({
    data: { name: "Winter: $5 off", kind: "amount_off", amountCents: 500, startsAt: new Date(now.getTime() - 100 * DAY), endsAt: new Date(now.getTime() - 10 * DAY), ...code(DEMO_CODES.expired) },
  });
  await prisma.promotion.create({ data: { name: "Next month: 15% off", kind: "percent_off", percentBp: 1_500, startsAt: nextMonth, ...code(DEMO_CODES.upcoming) } });
  await prisma.promotion.create({ data: { name: "Big basket: $20 off", kind: "amount_off", amountCents: 2_000, minItemsCents: 10_000, ...code(DEMO_CODES.bigBasket) } });
}

/**
 * EU-style taxes: prices as listed hold their VAT. Every region charges "VAT 20%" on goods and on delivery,
 * and "VAT 5%" on seeds, bulbs, herbs and edibles (the class "Reduced", set on those categories).
 */
export async function seedDemoTaxes(prisma: PrismaClient): Promise<void> {
  if ((await prisma.taxRate.count()) > 0) return;
  const standard = await prisma.taxClass.findFirstOrThrow({ where: { isDefault: true } });
  const reduced = await prisma.taxClass.upsert({ where: { name: "Reduced" }, update: {}, create: { name: "Reduced" } });
  const regions = await prisma.region.findMany({ select: { id: true } });
  await prisma.taxRate.createMany({
    data: regions.flatMap((region) => [
      { regionId: region.id, taxClassId: standard.id, ratePpm: 200_000, name: "VAT 20%" },
      { regionId: region.id, taxClassId: reduced.id, ratePpm: 50_000, name: "VAT 5%" },
    ]),
  });
  await prisma.deliveryTaxRate.createMany({ data: regions.map((region) => ({ regionId: region.id, ratePpm: 200_000, name: "VAT 20%" })) });
  const categories = await prisma.category.findMany({ where: { name: { in: ["Seeds & Bulbs", "Herbs & Edibles"] } }, select: { id: true } });
  await prisma.categoryTaxClass.createMany({ data: categories.map((category) => ({ categoryId: category.id, taxClassId: reduced.id })), skipDuplicates: true });
  await prisma.shopSettings.upsert({ where: { id: 1 }, update: { pricesIncludeTax: true }, create: { id: 1, pricesIncludeTax: true } });
}
