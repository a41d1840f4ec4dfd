// Demo variants (SEED_VARIANTS=true): a few demo products sold in several pot sizes, pack sizes and colours,
// to show the option picker, "from $X" cards and variant orders. Off by default, so the demo shop (one
// variant per product) shows exactly the spec's texts, figures and REST answers. Saved through the domain's
// own grid command (catalog/variants.ts), with its rules; idempotent: a product that has options already is
// left as it is.
import type { PrismaClient } from "../src/generated/prisma/client.js";
import { saveVariants, type VariantsInput } from "../src/domain/catalog/index.js";
import type { Viewer } from "../src/domain/shared/index.js";

type Row = [sku: string, values: string[], priceCents: number, discountPriceCents: number | null, quantity: number];

/** The demo's variant grids by product name; each product's first row keeps its demo price and stock. */
export const DEMO_VARIANTS: { product: string; options: VariantsInput["options"]; rows: Row[] }[] = [
  {
    product: "Monstera Deliciosa",
    options: [{ name: "Pot size", values: ["12 cm", "17 cm", "24 cm"] }],
    rows: [
      ["MON-DEL-17", ["17 cm"], 3499, 2999, 18],
      ["MON-DEL-12", ["12 cm"], 2499, null, 9],
      ["MON-DEL-24", ["24 cm"], 5999, null, 0],
    ],
  },
  {
    product: "Glazed Ceramic Planter 'Ocean'",
    options: [
      { name: "Size", values: ["Small", "Large"] },
      { name: "Colour", values: ["Ocean", "Sand", "Charcoal"] },
    ],
    rows: [
      ["PLANTER-OCEAN-S-OCEAN", ["Small", "Ocean"], 3499, 2799, 14],
      ["PLANTER-OCEAN-S-SAND", ["Small", "Sand"], 3499, null, 6],
      ["PLANTER-OCEAN-S-CHARCOAL", ["Small", "Charcoal"], 3499, null, 0],
      ["PLANTER-OCEAN-L-OCEAN", ["Large", "Ocean"], 4999, 4499, 4],
      ["PLANTER-OCEAN-L-SAND", ["Large", "Sand"], 4999, null, 3],
    ],
  },
  {
    product: "Wildflower Meadow Seed Mix",
    options: [{ name: "Pack size", values: ["10 g", "50 g", "250 g"] }],
    rows: [
      ["SEED-MEADOW-10", ["10 g"], 999, 799, 38],
      ["SEED-MEADOW-50", ["50 g"], 2999, null, 20],
      ["SEED-MEADOW-250", ["250 g"], 9999, 8999, 5],
    ],
  },
];

/** Gives the demo products above their variants; answers how many products it changed. */
export async function seedDemoVariants(prisma: PrismaClient, adminId: number): Promise<number> {
  const admin: Viewer = { userId: adminId, role: "admin", tokenId: "seed", tokenExpiresAt: new Date(8.64e15) };
  let changed = 0;
  for (const grid of DEMO_VARIANTS) {
    const product = await prisma.product.findFirst({ where: { name: grid.product }, select: { id: true, _count: { select: { options: true } } } });
    if (!product || product._count.options > 0) continue;
    await saveVariants(prisma, admin, product.id, {
      options: grid.options,
      variants: grid.rows.map(([sku, values, priceCents, discountPriceCents, quantity]) => ({
        sku,
        options: values.map((value, index) => ({ name: grid.options[index].name, value })),
        priceCents,
        discountPriceCents,
        quantity,
      })),
    });
    changed += 1;
  }
  return changed;
}
