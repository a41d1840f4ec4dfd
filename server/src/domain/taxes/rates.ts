// The tax rates a cart is priced with (the rules are domain/pricing/taxes.ts): each region's rate per tax
// class and on delivery, the shop's setting for prices with or without tax, and each product's class (its
// own, else its category's; none: the default class). The regions and the categories' classes are few and
// change rarely: the order room keeps them in memory (domain/orders/pricing-terms.ts) and reads them here
// again when they change; a product's own class is read with the cart (ownTaxClassColumn).
import { Prisma } from "../../generated/prisma/client.js";
import type { RowReader } from "../shared/index.js";
import type { RegionTaxes } from "../pricing/index.js";

/** A delivery region as a cart is priced for it: its fee and its tax rates. */
export interface PricedRegion {
  id: number;
  feeCents: number;
  taxes: RegionTaxes;
}

// Stryker disable all: statements, judged by the database tests (promotions.test.ts, pricing-terms.test.ts, both
// databases); mutation testing runs the pure tests only.
/** Every region with its fee and tax rates, by id (one statement). */
export async function pricedRegions(read: RowReader): Promise<Map<number, PricedRegion>> {
  const rows = await read<{ id: number; feeCents: number; rates: { taxClassId: number; ratePpm: number; name: string }[] | null; defaultClassId: number | null; delivery: { ratePpm: number; name: string } | null; pricesIncludeTax: boolean | null }>(Prisma.sql`
    SELECT region.id, region.fee_cents AS "feeCents",
      (SELECT json_agg(json_build_object('taxClassId', r.tax_class_id, 'ratePpm', r.rate_ppm, 'name', r.name)) FROM tax_rates r WHERE r.region_id = region.id) AS rates,
      (SELECT c.id FROM tax_classes c WHERE c.is_default LIMIT 1) AS "defaultClassId",
      (SELECT json_build_object('ratePpm', d.rate_ppm, 'name', d.name) FROM delivery_tax_rates d WHERE d.region_id = region.id) AS delivery,
      (SELECT s.prices_include_tax FROM shop_settings s WHERE s.id = 1) AS "pricesIncludeTax"
    FROM regions region`);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        feeCents: Number(row.feeCents),
        taxes: {
          pricesIncludeTax: row.pricesIncludeTax ?? false,
          rates: new Map((row.rates ?? []).map((rate) => [rate.taxClassId, { ratePpm: rate.ratePpm, name: rate.name }])),
          defaultClassId: row.defaultClassId === null ? null : Number(row.defaultClassId),
          delivery: row.delivery,
        },
      },
    ]),
  );
}

/** Each category's tax class, by category id (categories without one are absent). */
export async function categoryTaxClasses(read: RowReader): Promise<Map<number, number>> {
  const rows = await read<{ categoryId: number; taxClassId: number }>(Prisma.sql`SELECT category_id AS "categoryId", tax_class_id AS "taxClassId" FROM category_tax_classes`);
  return new Map(rows.map((row) => [Number(row.categoryId), Number(row.taxClassId)]));
}

/** A column for a statement reading products: the product's own tax class, or null (`productId`: the product's id column there). */
export const ownTaxClassColumn = (productId: Prisma.Sql) => Prisma.sql`(SELECT own.tax_class_id FROM product_tax_classes own WHERE own.product_id = ${productId})`;

// Stryker restore all
/** A product's tax class: its own, else its category's; null: the default class. */
export function taxClassOf(product: { ownTaxClassId: number | null; categoryId: number }, categoryClasses: ReadonlyMap<number, number>): number | null {
  return product.ownTaxClassId ?? categoryClasses.get(product.categoryId) ?? null;
}
