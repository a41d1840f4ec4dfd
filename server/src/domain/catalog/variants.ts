// Variants: what a shopper actually buys. A product has option groups ("Pot size": 12 cm / 17 cm / 24 cm,
// "Colour": ...) and variants, one per combination the owner sells, each with its own SKU, price, optional
// discount price, stock and optional picture. A product without options has exactly one variant, with no
// option values; every product has at least one.
//
// The product row keeps a copy (database triggers, migration 20261127204617_variants): its price, discount
// price and stock are its default variant's (the first enabled one by position), and it carries the count,
// total stock and lowest/highest unit price of its enabled variants. So lists, sorts, filters and the REST
// shim read one row per product, and a write to either side keeps the other equal.
import type { PrismaClient } from "../../generated/prisma/client.js";
import {
  Checks,
  invalid,
  isBlank,
  isUniqueViolation,
  isUnstorableText,
  notFound,
  parseId,
  received,
  requireAdmin,
  MAX_MONEY_CENTS,
  type Cents,
  type Deferred,
  type Viewer,
} from "../shared/index.js";
import { reportWebhookEvents } from "../integrations/index.js";
import { changesBetween, recordActivity } from "../audit/index.js";
import type { Priced } from "./prices.js";

/** One option value of a variant, as orders, invoices, emails and webhooks keep it. */
export interface ChosenValue {
  name: string;
  value: string;
}

export interface ProductOptionView {
  id: number;
  name: string;
  values: { id: number; value: string }[];
}

export interface VariantView extends Priced {
  id: number;
  productId: number;
  sku: string;
  quantity: number;
  image: string | null;
  position: number;
  enabled: boolean;
  /** Its option values, in the order of the product's options. */
  options: ChosenValue[];
}

export interface ProductVariants {
  options: ProductOptionView[];
  /** In position order; disabled ones included (shoppers are shown only the enabled ones). */
  variants: VariantView[];
}

/** How many option groups, values per group and variants a product may have: a shop's product, not a matrix. */
export const VARIANT_LIMITS = { options: 3, valuesPerOption: 20, variants: 100 } as const;

/** What a SKU may be: 1 to 64 letters, digits and - _ . / (no spaces: it is typed into URLs and spreadsheets). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

/** "Monstera (24 cm, White)": a variant named for a shopper; a product without options is just its name. */
export const variantLabel = (productName: string, options: readonly ChosenValue[]): string =>
  options.length === 0 ? productName : `${productName} (${options.map((option) => option.value).join(", ")})`;

/** "Pot size: 24 cm, Colour: White": a variant's option values in words (empty without options). */
export const optionWords = (options: readonly ChosenValue[]): string => options.map((option) => `${option.name}: ${option.value}`).join(", ");

/** Option values as an order line stored them (JSON written at checkout): only well-formed pairs count. */
export function storedOptions(stored: unknown): ChosenValue[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item: unknown) => {
    const pair = item as Partial<ChosenValue> | null;
    return typeof pair === "object" && pair !== null && typeof pair.name === "string" && typeof pair.value === "string" ? [{ name: pair.name, value: pair.value }] : [];
  });
}

/** The options and variants of each product asked for (a product that has none, i.e. does not exist, is left out). */
export async function readVariants(prisma: Pick<PrismaClient, "productOption" | "productVariant">, productIds: readonly number[]): Promise<Map<number, ProductVariants>> {
  const ids = [...new Set(productIds)];
  const result = new Map<number, ProductVariants>();
  if (ids.length === 0) return result;
  const variants = await prisma.productVariant.findMany({
    where: { productId: { in: ids } },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    include: { values: { select: { optionId: true, valueId: true } } },
  });
  // Options are read only for the products whose variants choose option values: a product sold in one variant
  // has none, and a read that finds nothing would be asked again of the primary when it came from a read
  // replica (db/read-routing.ts), so a page of such products would read the primary every time.
  const withOptions = [...new Set(variants.filter((variant) => variant.values.length > 0).map((variant) => variant.productId))];
  const options =
    withOptions.length === 0
      ? []
      : await prisma.productOption.findMany({
          where: { productId: { in: withOptions } },
          orderBy: [{ position: "asc" }, { id: "asc" }],
          include: { values: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
        });
  for (const variant of variants) if (!result.has(variant.productId)) result.set(variant.productId, { options: [], variants: [] });
  for (const option of options) {
    result.get(option.productId)?.options.push({ id: option.id, name: option.name, values: option.values.map(({ id, value }) => ({ id, value })) });
  }
  for (const variant of variants) {
    const product = result.get(variant.productId)!;
    const chosen = new Map(variant.values.map((value) => [value.optionId, value.valueId]));
    product.variants.push({
      id: variant.id,
      productId: variant.productId,
      sku: variant.sku,
      priceCents: variant.priceCents,
      discountPriceCents: variant.discountPriceCents,
      quantity: variant.quantity,
      image: variant.image,
      position: variant.position,
      enabled: variant.enabled,
      options: product.options.flatMap((option) => {
        const value = option.values.find((candidate) => candidate.id === chosen.get(option.id));
        return value ? [{ name: option.name, value: value.value }] : [];
      }),
    });
  }
  return result;
}

/**
 * A product row with its options and variants, as webhooks report a product (their bodies carry the SKUs).
 * Read inside the writer's transaction, so the event shows the product as that transaction leaves it.
 */
export async function withVariants<P extends { id: number }>(
  prisma: Pick<PrismaClient, "productOption" | "productVariant">,
  product: P,
): Promise<P & ProductVariants> {
  const found = (await readVariants(prisma, [product.id])).get(product.id) ?? { options: [], variants: [] };
  return { ...product, ...found };
}

/** The variant a product is bought as when no variant is named: the first enabled one (position order), else the first. */
export const defaultVariant = <V extends { enabled: boolean }>(variants: readonly V[]): V | undefined => variants.find((variant) => variant.enabled) ?? variants[0];

// ---- the owner's variant grid --------------------------------------------------------------------------

/** The owner's options and variants for a product: replaces what it had (variants kept by id or SKU). */
export interface VariantsInput {
  options: { name: string; values: string[] }[];
  variants: {
    /** An existing variant of this product to keep (its id stays, so past orders still point at it). */
    id?: number | null;
    sku: string;
    /** One value per option, by the option's name. */
    options: ChosenValue[];
    priceCents: Cents;
    discountPriceCents?: Cents | null;
    quantity: number;
    enabled?: boolean | null;
    /** A stored picture's ref (an uploaded picture); null: the product's pictures; left out: a kept variant keeps its own. */
    image?: string | null;
  }[];
}

export interface CheckedVariant {
  id: number | null;
  sku: string;
  valueKeys: string[];
  priceCents: Cents;
  discountPriceCents: Cents | null;
  quantity: number;
  enabled: boolean;
  /** undefined: keep what a kept variant has (a new one has none). */
  image: string | null | undefined;
}

const key = (option: string, value: string) => `${option.toLowerCase()}\u0000${value.toLowerCase()}`;

/** A grid that passed checkVariants: what writeVariantGrid writes. */
export interface CheckedGrid {
  options: { name: string; values: string[] }[];
  variants: CheckedVariant[];
}

/** Checks the owner's grid: every problem at once, each under the field (variants.2.sku) a form shows it at. */
export function checkVariants(input: unknown): { options: { name: string; values: string[] }[]; variants: CheckedVariant[]; checks: Checks } {
  const checks = new Checks();
  const given = (typeof input === "object" && input !== null ? input : {}) as Partial<VariantsInput>;
  const options: { name: string; values: string[] }[] = [];
  const rawOptions = Array.isArray(given.options) ? given.options : given.options === undefined || given.options === null ? [] : null;
  if (rawOptions === null) checks.add("options", "The options must be a list.");
  else if (rawOptions.length > VARIANT_LIMITS.options) checks.add("options", `A product may have at most ${VARIANT_LIMITS.options} options.`);
  else {
    const names = new Set<string>();
    rawOptions.forEach((option, index) => {
      const name = typeof option?.name === "string" ? option.name.trim() : "";
      if (!name || name.length > 50 || isUnstorableText(name)) checks.add(`options.${index}.name`, "Each option needs a name of 1 to 50 characters.");
      else if (names.has(name.toLowerCase())) checks.add(`options.${index}.name`, `The option ${name} is given twice.`);
      names.add(name.toLowerCase());
      const values = Array.isArray(option?.values) ? option.values.map((value) => (typeof value === "string" ? value.trim() : "")) : [];
      if (values.length === 0 || values.length > VARIANT_LIMITS.valuesPerOption) {
        checks.add(`options.${index}.values`, `Each option needs 1 to ${VARIANT_LIMITS.valuesPerOption} values.`);
      } else if (values.some((value) => !value || value.length > 50 || isUnstorableText(value))) {
        checks.add(`options.${index}.values`, "Each value must be 1 to 50 characters.");
      } else if (new Set(values.map((value) => value.toLowerCase())).size !== values.length) {
        checks.add(`options.${index}.values`, `The option ${name} has a value given twice.`);
      }
      options.push({ name, values });
    });
  }

  const variants: CheckedVariant[] = [];
  const rawVariants = Array.isArray(given.variants) ? given.variants : null;
  if (rawVariants === null || rawVariants.length === 0) checks.add("variants", "A product needs at least one variant.");
  else if (rawVariants.length > VARIANT_LIMITS.variants) checks.add("variants", `A product may have at most ${VARIANT_LIMITS.variants} variants.`);
  else if (options.length === 0 && rawVariants.length > 1) checks.add("variants", "A product without options has exactly one variant.");
  else {
    const skus = new Set<string>();
    const combinations = new Set<string>();
    rawVariants.forEach((raw, index) => {
      const field = (name: string) => `variants.${index}.${name}`;
      const variant = (typeof raw === "object" && raw !== null ? raw : {}) as Partial<VariantsInput["variants"][number]>;
      const sku = typeof variant.sku === "string" ? variant.sku.trim() : "";
      if (!SKU_PATTERN.test(sku)) checks.add(field("sku"), "The SKU must be 1 to 64 letters, digits, dashes, dots, slashes or underscores.");
      else if (skus.has(sku.toLowerCase())) checks.add(field("sku"), `The SKU ${sku} is given to two variants.`);
      skus.add(sku.toLowerCase());
      const price = variant.priceCents;
      if (typeof price !== "number" || !Number.isSafeInteger(price) || price <= 0 || price > MAX_MONEY_CENTS) checks.add(field("price"), "The price must be a number of dollars greater than 0 with at most two decimals.");
      const discount = isBlank(variant.discountPriceCents) ? null : variant.discountPriceCents;
      if (discount !== null && (typeof discount !== "number" || !Number.isSafeInteger(discount) || discount < 0)) {
        checks.add(field("discount_price"), "The discount price must be a number of dollars with at most two decimals.");
      } else if (discount !== null && typeof price === "number" && discount >= price) {
        checks.add(field("discount_price"), "The discount price must be less than the price.");
      }
      const quantity = variant.quantity;
      if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000) {
        checks.add(field("quantity"), "The quantity must be a whole number between 0 and 1000000.");
      }
      const chosen = Array.isArray(variant.options) ? variant.options : [];
      const valueKeys: string[] = [];
      for (const option of options) {
        const picked = chosen.filter((value) => typeof value?.name === "string" && value.name.trim().toLowerCase() === option.name.toLowerCase());
        const value = picked.length === 1 && typeof picked[0].value === "string" ? picked[0].value.trim() : null;
        if (value === null || !option.values.some((known) => known.toLowerCase() === value.toLowerCase())) {
          checks.add(field("options"), `Choose one ${option.name} from ${option.values.join(", ")}.`);
        } else valueKeys.push(key(option.name, value));
      }
      if (chosen.length > options.length) checks.add(field("options"), "A variant has one value per option, no more.");
      const combination = valueKeys.join("\u0001");
      if (valueKeys.length === options.length && combinations.has(combination)) checks.add(field("options"), "Two variants have the same options.");
      combinations.add(combination);
      const id = variant.id === undefined || variant.id === null ? null : parseId(variant.id);
      if (id === null && variant.id !== undefined && variant.id !== null) checks.add(field("id"), "This variant is not one of the product's.");
      const image = variant.image === undefined ? undefined : typeof variant.image === "string" && variant.image.trim() !== "" ? variant.image.trim() : null;
      variants.push({
        id,
        sku,
        valueKeys,
        priceCents: price as Cents,
        discountPriceCents: discount as Cents | null,
        quantity: quantity as number,
        enabled: variant.enabled !== false,
        image,
      });
    });
    if (variants.length > 0 && !variants.some((variant) => variant.enabled)) checks.add("variants", "At least one variant must be on sale.");
  }
  return { options, variants, checks };
}

/**
 * A grid as the audit trail records it, kept small: the options with their values, and per variant its SKU,
 * prices (cents), stock and option values; its picture and "enabled: false" only when it has them.
 */
function auditedGrid(grid: ProductVariants) {
  return {
    options: grid.options.map((option) => ({ name: option.name, values: option.values.map((value) => value.value) })),
    variants: grid.variants.map((variant) => ({
      sku: variant.sku,
      priceCents: variant.priceCents,
      ...(variant.discountPriceCents === null ? {} : { discountPriceCents: variant.discountPriceCents }),
      quantity: variant.quantity,
      options: variant.options.map((option) => option.value),
      ...(variant.enabled ? {} : { enabled: false }),
      ...(variant.image ? { image: variant.image } : {}),
    })),
  };
}

/** Admin only. Replaces a product's options and variants with the owner's grid, all or nothing. */
export async function saveVariants(prisma: PrismaClient, viewer: Viewer | null, productId: unknown, given: Deferred<VariantsInput>): Promise<ProductVariants> {
  const acting = requireAdmin(viewer, "catalogue:write");
  const id = parseId(productId);
  if (id === null) throw notFound("Product");
  const { options, variants, checks } = checkVariants(await received(given));
  checks.done();
  try {
    await prisma.$transaction(async (tx) => {
      // One grid edit of a product at a time: a second one waits, then replaces this one whole.
      const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM products WHERE id = ${id} FOR UPDATE`;
      if (locked.length === 0) throw notFound("Product");
      // The grid as this save finds it: the variants it may keep, and the audit entry's "before".
      const before = (await readVariants(tx, [id])).get(id) ?? { options: [], variants: [] };
      const current = before.variants;
      const images = variants.flatMap((variant) => (variant.image ? [variant.image] : []));
      if (images.length) {
        const known = new Set((await tx.image.findMany({ where: { ref: { in: images } }, select: { ref: true } })).map((image) => image.ref));
        variants.forEach((variant, index) => {
          if (variant.image && !known.has(variant.image)) checks.add(`variants.${index}.image`, "This picture is not stored in the shop: upload it first.");
        });
      }
      // A variant is kept (same id, so past orders keep pointing at it) when named by id or by its SKU.
      const keptIds = variants.map((variant, index) => {
        const byId = variant.id === null ? undefined : current.find((row) => row.id === variant.id);
        if (variant.id !== null && !byId) checks.add(`variants.${index}.id`, "This variant is not one of the product's.");
        return (byId ?? current.find((row) => row.sku.toLowerCase() === variant.sku.toLowerCase()))?.id ?? null;
      });
      checks.done();

      await writeVariantGrid(tx, id, current, { options, variants }, keptIds);
      // Webhooks: product.updated with the product as this save leaves it (its variants and SKUs); and the
      // audit entry, with the parts of the grid that changed.
      const product = await withVariants(tx, await tx.product.findUniqueOrThrow({ where: { id }, include: { category: true } }));
      await reportWebhookEvents(tx, [{ type: "product.updated", data: { product } }]);
      await recordActivity(tx, acting, {
        kind: "product.variants-saved",
        subject: { type: "product", id, label: product.name },
        changes: changesBetween(auditedGrid(before), auditedGrid(product), ["options", "variants"]),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Which of them another product holds (read now: it may also have been a race with another grid).
    const taken = await prisma.productVariant.findMany({
      where: { productId: { not: id }, OR: variants.map((variant) => ({ sku: { equals: variant.sku, mode: "insensitive" as const } })) },
      select: { sku: true },
    });
    const takenSkus = new Set(taken.map((row) => row.sku.toLowerCase()));
    const fields: Record<string, string[]> = {};
    variants.forEach((variant, index) => {
      if (takenSkus.has(variant.sku.toLowerCase())) fields[`variants.${index}.sku`] = [`The SKU ${variant.sku} is already used by another product's variant.`];
    });
    throw invalid(Object.keys(fields).length ? fields : { variants: ["A SKU of this grid was just given to another product's variant: try again."] });
  }
  return (await readVariants(prisma, [id])).get(id) ?? { options: [], variants: [] };
}

/** What writeVariantGrid needs of a transaction. */
type GridWriter = Pick<PrismaClient, "productOption" | "productVariant">;

/**
 * Replaces product `id`'s options and variants with a checked grid, inside the caller's transaction (which
 * holds the product's row locked). `keptIds[i]`: the existing variant row that variant i becomes (same id, so
 * past orders keep pointing at it), or null for a new one; by default, the current variant with its SKU.
 * The product row's copy (price, stock, option words) follows by the database's triggers.
 */
export async function writeVariantGrid(
  tx: GridWriter,
  id: number,
  current: readonly Pick<VariantView, "id" | "sku">[],
  { options, variants }: CheckedGrid,
  keptIds: readonly (number | null)[] = variants.map((variant) => current.find((row) => row.sku.toLowerCase() === variant.sku.toLowerCase())?.id ?? null),
): Promise<void> {
  await tx.productOption.deleteMany({ where: { productId: id } });
  const valueIds = new Map<string, { optionId: number; valueId: number }>();
  for (const [position, option] of options.entries()) {
    const created = await tx.productOption.create({
      data: { productId: id, name: option.name, position, values: { create: option.values.map((value, index) => ({ value, position: index })) } },
      include: { values: true },
    });
    for (const value of created.values) valueIds.set(key(option.name, value.value), { optionId: created.id, valueId: value.id });
  }
  const keep = new Set(keptIds.filter((kept): kept is number => kept !== null));
  await tx.productVariant.deleteMany({ where: { productId: id, id: { notIn: [...keep] } } });
  // Free the kept variants' SKUs first, so two variants may swap SKUs in one save.
  for (const kept of keep) await tx.productVariant.update({ where: { id: kept }, data: { sku: `~${kept}` } });
  for (const [position, variant] of variants.entries()) {
    const data = {
      sku: variant.sku,
      priceCents: variant.priceCents,
      discountPriceCents: variant.discountPriceCents,
      quantity: variant.quantity,
      enabled: variant.enabled,
      ...(variant.image === undefined ? {} : { image: variant.image }),
      position,
      values: { create: variant.valueKeys.map((valueKey) => valueIds.get(valueKey)!) },
    };
    const keptId = keptIds[position];
    if (keptId === null) await tx.productVariant.create({ data: { productId: id, ...data } });
    else await tx.productVariant.update({ where: { id: keptId }, data });
  }
}
