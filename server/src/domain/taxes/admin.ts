// The owner's tax settings: tax classes, a rate per region and class, delivery's rate per region, which
// class a category or a product is in, and whether prices as entered hold their tax. Admins (keys with
// catalogue:write; catalogue:read to read). Rates are given in percent with at most 4 decimals (8.875)
// and kept in parts per million. A change applies to carts and orders from then on; placed orders keep
// the rates they were charged.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { Checks, isBlank, isUniqueViolation, notFound, parseId, requireAdmin, text, wholeUnits, type Viewer } from "../shared/index.js";
import { changesBetween, recordActivity } from "../audit/index.js";

export interface TaxSettings {
  pricesIncludeTax: boolean;
  classes: { id: number; name: string; isDefault: boolean }[];
  rates: { regionId: number; taxClassId: number; ratePpm: number; name: string }[];
  deliveryRates: { regionId: number; ratePpm: number; name: string }[];
  categoryClasses: { categoryId: number; taxClassId: number }[];
}

/** Percent (0 to 100, at most 4 decimals) to parts per million, or null after noting the problem. */
function ratePpm(checks: Checks, field: string, percent: unknown): number | null {
  const ppm = wholeUnits(percent, 4);
  if (ppm === null || ppm < 0 || ppm > 1_000_000) {
    checks.add(field, "The rate must be a percentage from 0 to 100 with at most 4 decimals.");
    return null;
  }
  return ppm;
}

/** A rate as the audit trail records it: parts per million as stored, and its name. */
type AuditedRate = { ratePpm: number; name: string };
const RATE_FIELDS = ["ratePpm", "name"] as const;
/** A row read with raw SQL as Prisma would give it. */
const auditedRate = (row: AuditedRate | undefined): AuditedRate | null => (row ? { ratePpm: Number(row.ratePpm), name: row.name } : null);

/** A category's or a product's tax class before and after, by id and by name. */
type ClassChoice = { taxClassId: number | null; taxClass: string | null };

// Every change writes its audit entry in its own transaction; one that changes nothing (a rate removed that
// was not set, a value set to what it was) writes none.
export class TaxAdmin {
  constructor(private readonly prisma: PrismaClient) {}

  async settings(viewer: Viewer | null): Promise<TaxSettings> {
    requireAdmin(viewer, "catalogue:read");
    return this.read();
  }

  /** The settings as a change leaves them (the change checked its own permission). */
  private async read(): Promise<TaxSettings> {
    const [settings, classes, rates, deliveryRates, categoryClasses] = await Promise.all([
      this.prisma.shopSettings.findUnique({ where: { id: 1 } }),
      this.prisma.taxClass.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, isDefault: true } }),
      this.prisma.taxRate.findMany({ orderBy: [{ regionId: "asc" }, { taxClassId: "asc" }], select: { regionId: true, taxClassId: true, ratePpm: true, name: true } }),
      this.prisma.deliveryTaxRate.findMany({ orderBy: { regionId: "asc" } }),
      this.prisma.categoryTaxClass.findMany({ orderBy: { categoryId: "asc" } }),
    ]);
    return { pricesIncludeTax: settings?.pricesIncludeTax ?? false, classes, rates, deliveryRates, categoryClasses };
  }

  async setPricesIncludeTax(viewer: Viewer | null, included: boolean): Promise<TaxSettings> {
    const acting = requireAdmin(viewer, "catalogue:write");
    await this.prisma.$transaction(async (tx) => {
      const [before] = await tx.$queryRaw<{ pricesIncludeTax: boolean }[]>`SELECT prices_include_tax AS "pricesIncludeTax" FROM shop_settings WHERE id = 1 FOR UPDATE`;
      await tx.shopSettings.upsert({ where: { id: 1 }, update: { pricesIncludeTax: included }, create: { id: 1, pricesIncludeTax: included } });
      const was = before?.pricesIncludeTax ?? false;
      if (was !== included) {
        await recordActivity(tx, acting, { kind: "tax.settings-changed", subject: { type: "tax-settings", label: "Tax settings" }, changes: { pricesIncludeTax: { before: was, after: included } } });
      }
    });
    return this.read();
  }

  /** Adds a class, or renames one (id given). */
  async saveClass(viewer: Viewer | null, id: unknown, name: unknown): Promise<TaxSettings> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const checks = new Checks();
    const chosen = checks.field("name", text("name", { max: 50 }), name);
    checks.done();
    const classId = isBlank(id) ? null : parseId(id);
    if (!isBlank(id) && classId === null) throw notFound("Tax class");
    try {
      await this.prisma.$transaction(async (tx) => {
        let before: { name: string } | null = null;
        if (classId !== null) {
          [before = null] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tax_classes WHERE id = ${classId} FOR UPDATE`;
          if (!before) throw notFound("Tax class");
        }
        const saved =
          classId === null ? await tx.taxClass.create({ data: { name: chosen.trim() } }) : await tx.taxClass.update({ where: { id: classId }, data: { name: chosen.trim() } });
        await recordActivity(tx, acting, { kind: "tax.class-saved", subject: { type: "tax-class", id: saved.id, label: saved.name }, changes: changesBetween(before, saved, ["name"]) });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      checks.add("name", `A tax class named ${chosen.trim()} already exists.`);
      checks.done();
    }
    return this.read();
  }

  /** Deletes a class (not the default one): its rates go, its categories and products fall back to the default. */
  async deleteClass(viewer: Viewer | null, id: unknown): Promise<TaxSettings> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const classId = parseId(id);
    const found = classId === null ? null : await this.prisma.taxClass.findUnique({ where: { id: classId } });
    if (!found) throw notFound("Tax class");
    if (found.isDefault) {
      const checks = new Checks();
      checks.add("id", "The default tax class cannot be deleted.");
      checks.done();
    }
    await this.prisma.$transaction(async (tx) => {
      const [gone] = await tx.$queryRaw<{ name: string }[]>`DELETE FROM tax_classes WHERE id = ${found.id} AND NOT is_default RETURNING name`;
      if (!gone) throw notFound("Tax class");
      await recordActivity(tx, acting, { kind: "tax.class-deleted", subject: { type: "tax-class", id: found.id, label: gone.name }, changes: changesBetween(gone, null, ["name"]) });
    });
    return this.read();
  }

  /** Sets the rate of a class in a region (percent and its name, e.g. 20 and "VAT 20%"); a null percent removes it. */
  async setRate(viewer: Viewer | null, regionId: unknown, taxClassId: unknown, percent: unknown, name: unknown): Promise<TaxSettings> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const region = await this.region(regionId);
    const classId = parseId(taxClassId);
    const taxClass = classId === null ? null : await this.prisma.taxClass.findUnique({ where: { id: classId }, select: { id: true, name: true } });
    if (!taxClass) throw notFound("Tax class");
    const rate = this.checkRate(percent, name);
    const subject = { type: "tax-rate", id: `${region.id}:${taxClass.id}`, label: `${taxClass.name} in ${region.name}` };
    await this.prisma.$transaction(async (tx) => {
      const [found] = await tx.$queryRaw<AuditedRate[]>`
        SELECT rate_ppm AS "ratePpm", name FROM tax_rates WHERE region_id = ${region.id} AND tax_class_id = ${taxClass.id} FOR UPDATE`;
      if (rate === null) await tx.taxRate.deleteMany({ where: { regionId: region.id, taxClassId: taxClass.id } });
      else {
        await tx.taxRate.upsert({
          where: { regionId_taxClassId: { regionId: region.id, taxClassId: taxClass.id } },
          update: rate,
          create: { regionId: region.id, taxClassId: taxClass.id, ...rate },
        });
      }
      await this.recordRate(tx, acting, "tax.rate-set", subject, auditedRate(found), rate);
    });
    return this.read();
  }

  /** Taxes delivery in a region at a rate; a null percent: delivery is not taxed there. */
  async setDeliveryRate(viewer: Viewer | null, regionId: unknown, percent: unknown, name: unknown): Promise<TaxSettings> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const region = await this.region(regionId);
    const rate = this.checkRate(percent, name);
    await this.prisma.$transaction(async (tx) => {
      const [found] = await tx.$queryRaw<AuditedRate[]>`SELECT rate_ppm AS "ratePpm", name FROM delivery_tax_rates WHERE region_id = ${region.id} FOR UPDATE`;
      if (rate === null) await tx.deliveryTaxRate.deleteMany({ where: { regionId: region.id } });
      else await tx.deliveryTaxRate.upsert({ where: { regionId: region.id }, update: rate, create: { regionId: region.id, ...rate } });
      await this.recordRate(tx, acting, "tax.delivery-rate-set", { type: "delivery-tax-rate", id: region.id, label: region.name }, auditedRate(found), rate);
    });
    return this.read();
  }

  /** A product's own tax class; null: it is taxed by its category's class. */
  async productClass(viewer: Viewer | null, productId: unknown): Promise<number | null> {
    requireAdmin(viewer, "catalogue:read");
    const id = parseId(productId);
    const product = id === null ? null : await this.prisma.product.findUnique({ where: { id }, select: { id: true, taxClass: { select: { taxClassId: true } } } });
    if (!product) throw notFound("Product");
    return product.taxClass?.taxClassId ?? null;
  }

  /** Puts a category (kind "category") or a product ("product") in a tax class; null: back to the default (a product: its category's). */
  async setClassOf(viewer: Viewer | null, kind: "category" | "product", id: unknown, taxClassId: unknown): Promise<TaxSettings> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const targetId = parseId(id);
    const target =
      targetId === null
        ? null
        : kind === "category"
          ? await this.prisma.category.findUnique({ where: { id: targetId }, select: { id: true, name: true } })
          : await this.prisma.product.findUnique({ where: { id: targetId }, select: { id: true, name: true } });
    if (!target) throw notFound(kind === "category" ? "Category" : "Product");
    const classId = taxClassId === null || taxClassId === undefined ? null : parseId(taxClassId);
    const chosen = classId === null ? null : await this.prisma.taxClass.findUnique({ where: { id: classId }, select: { id: true, name: true } });
    if (taxClassId !== null && taxClassId !== undefined && !chosen) throw notFound("Tax class");
    await this.prisma.$transaction(async (tx) => {
      const [found] =
        kind === "category"
          ? await tx.$queryRaw<{ taxClassId: number; taxClass: string }[]>`
              SELECT c.tax_class_id AS "taxClassId", t.name AS "taxClass" FROM category_tax_classes c JOIN tax_classes t ON t.id = c.tax_class_id WHERE c.category_id = ${target.id} FOR UPDATE OF c`
          : await tx.$queryRaw<{ taxClassId: number; taxClass: string }[]>`
              SELECT p.tax_class_id AS "taxClassId", t.name AS "taxClass" FROM product_tax_classes p JOIN tax_classes t ON t.id = p.tax_class_id WHERE p.product_id = ${target.id} FOR UPDATE OF p`;
      if (kind === "category") {
        if (chosen === null) await tx.categoryTaxClass.deleteMany({ where: { categoryId: target.id } });
        else await tx.categoryTaxClass.upsert({ where: { categoryId: target.id }, update: { taxClassId: chosen.id }, create: { categoryId: target.id, taxClassId: chosen.id } });
      } else if (chosen === null) await tx.productTaxClass.deleteMany({ where: { productId: target.id } });
      else await tx.productTaxClass.upsert({ where: { productId: target.id }, update: { taxClassId: chosen.id }, create: { productId: target.id, taxClassId: chosen.id } });
      const before: ClassChoice = { taxClassId: found ? Number(found.taxClassId) : null, taxClass: found?.taxClass ?? null };
      const after: ClassChoice = { taxClassId: chosen?.id ?? null, taxClass: chosen?.name ?? null };
      const changes = changesBetween(before, after, ["taxClassId", "taxClass"]);
      if (Object.keys(changes).length > 0) {
        await recordActivity(tx, acting, { kind: kind === "category" ? "tax.category-class-set" : "tax.product-class-set", subject: { type: kind, id: target.id, label: target.name }, changes });
      }
    });
    return this.read();
  }

  private async region(id: unknown): Promise<{ id: number; name: string }> {
    const regionId = parseId(id);
    const region = regionId === null ? null : await this.prisma.region.findUnique({ where: { id: regionId }, select: { id: true, name: true } });
    if (!region) throw notFound("Region");
    return region;
  }

  /** A rate given in percent with its name, checked; null (no percent): the rate is removed. */
  private checkRate(percent: unknown, name: unknown): AuditedRate | null {
    if (percent === null || percent === undefined) return null;
    const checks = new Checks();
    const ppm = ratePpm(checks, "rate", percent);
    const label = checks.field("name", text("name", { max: 50 }), name);
    checks.done();
    return { ratePpm: ppm!, name: label.trim() };
  }

  /** The entry of a rate set or removed, when it changed: a rate removed that was not set leaves none. */
  private async recordRate(
    tx: Prisma.TransactionClient,
    acting: Viewer,
    kind: "tax.rate-set" | "tax.delivery-rate-set",
    subject: { type: string; id: string | number; label: string },
    before: AuditedRate | null,
    after: AuditedRate | null,
  ): Promise<void> {
    const changes = changesBetween(before, after, RATE_FIELDS);
    if (Object.keys(changes).length > 0) await recordActivity(tx, acting, { kind, subject, changes });
  }
}
