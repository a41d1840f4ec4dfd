// Writing a planned batch (import-plan.ts) in the caller's transaction. Most rows of a large file are simple
// products (no options, one variant): those are written a batch at a time, a few statements for the whole
// batch, the way the database's triggers expect single writes (a product inserted gets its default variant,
// which then takes the file's SKU; a variant written updates its product's copy). A product with options, or
// whose grid changes shape, is written through the catalogue's own grid writer, one product at a time.
import { readVariants, writeVariantGrid, type CheckedGrid } from "../catalog/index.js";
import { reportWebhookEventsBuilt } from "../integrations/index.js";
import type { Db, Outcome, ProductFields } from "./import-plan.js";

type Created = Extract<Outcome, { kind: "created" }>;
type Updated = Extract<Outcome, { kind: "updated" }>;

/** A grid of one variant and no options: the shape the default variant already has. */
const isSingle = (grid: CheckedGrid) => grid.options.length === 0 && grid.variants.length === 1;

/** The first variant on sale: the one whose price, discount price and stock the product row carries. */
const defaultOf = (grid: CheckedGrid) => grid.variants.find((variant) => variant.enabled) ?? grid.variants[0];

/** Inserts the batch's new products in one statement; each gets its default variant (trigger). Returns their ids in the batch's order. */
async function insertProducts(tx: Db, created: readonly Created[]): Promise<number[]> {
  if (created.length === 0) return [];
  const column = <T>(read: (outcome: Created) => T) => created.map(read);
  const rows = await tx.$queryRaw<{ id: number; slug: string }[]>`
    INSERT INTO products (slug, name, description, category_id, image_one, image_two, price_cents, discount_price_cents, quantity, updated_at)
    SELECT slug, name, description, category_id, image_one, image_two, price_cents, discount_price_cents, quantity, now()
      FROM unnest(${column((o) => o.slug)}::text[], ${column((o) => o.fields.name)}::text[], ${column((o) => o.fields.description)}::text[],
                  ${column((o) => o.fields.categoryId)}::int[], ${column((o) => o.fields.imageOne)}::text[], ${column((o) => o.fields.imageTwo)}::text[],
                  ${column((o) => defaultOf(o.grid).priceCents)}::int[], ${column((o) => defaultOf(o.grid).discountPriceCents)}::int[],
                  ${column((o) => defaultOf(o.grid).quantity)}::int[])
           AS given(slug, name, description, category_id, image_one, image_two, price_cents, discount_price_cents, quantity)
    RETURNING id, slug`;
  const ids = new Map(rows.map((row) => [row.slug, Number(row.id)]));
  return created.map((outcome) => ids.get(outcome.slug)!);
}

/**
 * Gives single variants (new products' default variants, or kept ones) the file's SKU, prices, stock, state and
 * picture, by product. SKUs are first set aside (~id), so two products of the batch may trade SKUs.
 */
async function writeSingles(tx: Db, rows: readonly { productId: number; grid: CheckedGrid }[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.productId);
  const variant = (row: { grid: CheckedGrid }) => row.grid.variants[0];
  await tx.$executeRaw`UPDATE product_variants SET sku = '~' || id WHERE product_id = ANY(${ids}::int[])`;
  await tx.$executeRaw`
    UPDATE product_variants v
       SET sku = given.sku, price_cents = given.price_cents, discount_price_cents = given.discount_price_cents, quantity = given.quantity,
           enabled = given.enabled, image = CASE WHEN given.keep_image THEN v.image ELSE given.image END, position = 0, updated_at = now()
      FROM unnest(${ids}::int[], ${rows.map((row) => variant(row).sku)}::text[], ${rows.map((row) => variant(row).priceCents)}::int[],
                  ${rows.map((row) => variant(row).discountPriceCents)}::int[], ${rows.map((row) => variant(row).quantity)}::int[],
                  ${rows.map((row) => variant(row).enabled)}::boolean[], ${rows.map((row) => variant(row).image ?? null)}::text[],
                  ${rows.map((row) => variant(row).image === undefined)}::boolean[])
           AS given(product_id, sku, price_cents, discount_price_cents, quantity, enabled, image, keep_image)
     WHERE v.product_id = given.product_id`;
}

/** The changed products' own fields, in one statement. */
async function updateFields(tx: Db, rows: readonly { id: number; fields: ProductFields }[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(read: (fields: ProductFields) => T) => rows.map((row) => read(row.fields));
  await tx.$executeRaw`
    UPDATE products p
       SET name = given.name, description = given.description, category_id = given.category_id, image_one = given.image_one, image_two = given.image_two, updated_at = now()
      FROM unnest(${rows.map((row) => row.id)}::int[], ${column((f) => f.name)}::text[], ${column((f) => f.description)}::text[], ${column((f) => f.categoryId)}::int[],
                  ${column((f) => f.imageOne)}::text[], ${column((f) => f.imageTwo)}::text[])
           AS given(id, name, description, category_id, image_one, image_two)
     WHERE p.id = given.id`;
}

async function writeTaxClass(tx: Db, productId: number, taxClassId: number | null | undefined): Promise<void> {
  if (taxClassId === undefined) return;
  if (taxClassId === null) await tx.productTaxClass.deleteMany({ where: { productId } });
  else await tx.productTaxClass.upsert({ where: { productId }, create: { productId, taxClassId }, update: { taxClassId } });
}

/** Writes a planned batch in the caller's transaction; reports product.created/updated webhooks. */
export async function writeBatch(tx: Db, outcomes: readonly Outcome[]): Promise<{ created: string[]; updated: string[] }> {
  const created = outcomes.filter((outcome): outcome is Created => outcome.kind === "created");
  const updated = outcomes.filter((outcome): outcome is Updated => outcome.kind === "updated");
  const createdIds = await insertProducts(tx, created);
  const singles: { productId: number; grid: CheckedGrid }[] = [];
  for (const [index, outcome] of created.entries()) {
    if (isSingle(outcome.grid)) singles.push({ productId: createdIds[index], grid: outcome.grid });
    // The database gave it a default variant; the file's grid replaces it.
    else await writeVariantGrid(tx, createdIds[index], [], outcome.grid);
    if (outcome.taxClassId) await tx.productTaxClass.create({ data: { productId: createdIds[index], taxClassId: outcome.taxClassId } });
  }
  await updateFields(tx, updated.flatMap((outcome) => (outcome.fields ? [{ id: outcome.current.id, fields: outcome.fields }] : [])));
  for (const outcome of updated) {
    const id = outcome.current.id;
    if (outcome.grid) {
      const current = outcome.variants;
      const keepsShape = isSingle(outcome.grid) && current.options.length === 0 && current.variants.length === 1 && current.variants[0].sku.toLowerCase() === outcome.grid.variants[0].sku.toLowerCase();
      if (keepsShape) singles.push({ productId: id, grid: outcome.grid });
      else await writeVariantGrid(tx, id, current.variants, outcome.grid);
    }
    await writeTaxClass(tx, id, outcome.taxClassId);
  }
  await writeSingles(tx, singles);

  const written = [...createdIds.map((id) => ({ id, type: "product.created" as const })), ...updated.map((outcome) => ({ id: outcome.current.id, type: "product.updated" as const }))];
  // A product's stock is that of all its variants on sale; an update that takes it to an endpoint's threshold
  // or below is product.stock_low too, as the product form and checkout report it.
  const stockBefore = new Map(updated.map((outcome) => [outcome.current.id, outcome.variants.variants.reduce((sum, variant) => sum + (variant.enabled ? variant.quantity : 0), 0)]));
  const types = [...new Set(written.map((row) => row.type)), ...(updated.length > 0 ? (["product.stock_low"] as const) : [])];
  await reportWebhookEventsBuilt(tx, types, async () => {
    const products = await tx.product.findMany({ where: { id: { in: written.map((row) => row.id) } }, include: { category: true } });
    const grids = await readVariants(tx, written.map((row) => row.id));
    const byId = new Map(products.map((product) => [product.id, product]));
    const reported = (id: number) => ({ product: { ...byId.get(id)!, ...(grids.get(id) ?? { options: [], variants: [] }) } });
    return [
      ...written.map((row) => ({ type: row.type, data: reported(row.id) })),
      ...updated.map((outcome) => ({
        type: "product.stock_low" as const,
        data: reported(outcome.current.id),
        stock: { before: stockBefore.get(outcome.current.id)!, after: byId.get(outcome.current.id)!.stockTotal },
      })),
    ];
  });
  return { created: created.map((outcome) => outcome.slug), updated: updated.map((outcome) => outcome.current.slug) };
}
