// The tax rates a cart is priced with (the rules are domain/pricing/taxes.ts): the chosen region's rate per
// tax class and on delivery, the shop's setting for prices with or without tax, and each product's class
// (its own, else its category's; none: the default class).
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { RegionTaxes } from "../pricing/index.js";

type Reader = Pick<PrismaClient | Prisma.TransactionClient, "taxRate" | "taxClass" | "deliveryTaxRate" | "shopSettings" | "productTaxClass" | "categoryTaxClass">;

/** The rates of a region; null without a region (nothing is taxed). */
export async function regionTaxes(db: Reader, regionId: number | null): Promise<RegionTaxes | null> {
  if (regionId === null) return null;
  const [rates, defaultClass, delivery, settings] = await Promise.all([
    db.taxRate.findMany({ where: { regionId }, select: { taxClassId: true, ratePpm: true, name: true } }),
    db.taxClass.findFirst({ where: { isDefault: true }, select: { id: true } }),
    db.deliveryTaxRate.findUnique({ where: { regionId }, select: { ratePpm: true, name: true } }),
    db.shopSettings.findUnique({ where: { id: 1 }, select: { pricesIncludeTax: true } }),
  ]);
  return {
    pricesIncludeTax: settings?.pricesIncludeTax ?? false,
    rates: new Map(rates.map((rate) => [rate.taxClassId, { ratePpm: rate.ratePpm, name: rate.name }])),
    defaultClassId: defaultClass?.id ?? null,
    delivery,
  };
}

/** Each product's tax class: its own, else its category's; absent: the default class. */
export async function taxClassesOf(db: Reader, products: readonly { id: number; categoryId: number }[]): Promise<Map<number, number>> {
  if (products.length === 0) return new Map();
  const [own, ofCategories] = await Promise.all([
    db.productTaxClass.findMany({ where: { productId: { in: products.map((product) => product.id) } } }),
    db.categoryTaxClass.findMany({ where: { categoryId: { in: [...new Set(products.map((product) => product.categoryId))] } } }),
  ]);
  const byProduct = new Map(own.map((row) => [row.productId, row.taxClassId]));
  const byCategory = new Map(ofCategories.map((row) => [row.categoryId, row.taxClassId]));
  const classes = new Map<number, number>();
  for (const product of products) {
    const taxClass = byProduct.get(product.id) ?? byCategory.get(product.categoryId);
    if (taxClass !== undefined) classes.set(product.id, taxClass);
  }
  return classes;
}
