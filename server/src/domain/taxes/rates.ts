// The tax rates a cart is priced with (the rules are domain/pricing/taxes.ts): the chosen region's rate per
// tax class and on delivery, the shop's setting for prices with or without tax, and each product's class
// (its own, else its category's; none: the default class).
import { Prisma } from "../../generated/prisma/client.js";
import type { RowReader } from "../shared/index.js";
import type { RegionTaxes } from "../pricing/index.js";

// Hand-written statements: a cart is priced on every change of it, and each query through Prisma costs more
// CPU than the pricing itself (npm run bench:pricing).

/** A delivery region as a cart is priced for it: its fee and its tax rates. */
export interface PricedRegion {
  id: number;
  feeCents: number;
  taxes: RegionTaxes;
}

/** A region with its fee and tax rates (one statement); null when there is no such region. */
export async function pricedRegion(read: RowReader, regionId: number): Promise<PricedRegion | null> {
  const [row] = await read<{ id: number; feeCents: number; rates: { taxClassId: number; ratePpm: number; name: string }[] | null; defaultClassId: number | null; delivery: { ratePpm: number; name: string } | null; pricesIncludeTax: boolean | null }>(Prisma.sql`
    SELECT region.id, region.fee_cents AS "feeCents",
      (SELECT json_agg(json_build_object('taxClassId', r.tax_class_id, 'ratePpm', r.rate_ppm, 'name', r.name)) FROM tax_rates r WHERE r.region_id = region.id) AS rates,
      (SELECT c.id FROM tax_classes c WHERE c.is_default LIMIT 1) AS "defaultClassId",
      (SELECT json_build_object('ratePpm', d.rate_ppm, 'name', d.name) FROM delivery_tax_rates d WHERE d.region_id = region.id) AS delivery,
      (SELECT s.prices_include_tax FROM shop_settings s WHERE s.id = 1) AS "pricesIncludeTax"
    FROM regions region WHERE region.id = ${regionId}`);
  if (!row) return null;
  return {
    id: Number(row.id),
    feeCents: Number(row.feeCents),
    taxes: {
      pricesIncludeTax: row.pricesIncludeTax ?? false,
      rates: new Map((row.rates ?? []).map((rate) => [rate.taxClassId, { ratePpm: rate.ratePpm, name: rate.name }])),
      defaultClassId: row.defaultClassId,
      delivery: row.delivery,
    },
  };
}

/** The rates of a region; null without a region (nothing is taxed) or for a region that no longer exists. */
export async function regionTaxes(read: RowReader, regionId: number | null): Promise<RegionTaxes | null> {
  return regionId === null ? null : ((await pricedRegion(read, regionId))?.taxes ?? null);
}

/** Each product's tax class: its own, else its category's; absent: the default class. */
export async function taxClassesOf(read: RowReader, products: readonly { id: number; categoryId: number }[]): Promise<Map<number, number>> {
  if (products.length === 0) return new Map();
  const rows = await read<{ id: number; taxClassId: number }>(Prisma.sql`
    SELECT given.id, COALESCE(own.tax_class_id, category.tax_class_id) AS "taxClassId"
    FROM unnest(${products.map((product) => product.id)}::int4[], ${products.map((product) => product.categoryId)}::int4[]) AS given(id, category_id)
    LEFT JOIN product_tax_classes own ON own.product_id = given.id
    LEFT JOIN category_tax_classes category ON category.category_id = given.category_id
    WHERE own.tax_class_id IS NOT NULL OR category.tax_class_id IS NOT NULL`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.taxClassId)]));
}
