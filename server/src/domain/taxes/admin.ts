// The owner's tax settings: tax classes, a rate per region and class, delivery's rate per region, which
// class a category or a product is in, and whether prices as entered hold their tax. Admins (keys with
// catalogue:write; catalogue:read to read). Rates are given in percent with at most 4 decimals (8.875)
// and kept in parts per million. A change applies to carts and orders from then on; placed orders keep
// the rates they were charged.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { Checks, isBlank, isUniqueViolation, notFound, parseId, requireAdmin, text, wholeUnits, type Viewer } from "../shared/index.js";

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
    requireAdmin(viewer, "catalogue:write");
    await this.prisma.shopSettings.upsert({ where: { id: 1 }, update: { pricesIncludeTax: included }, create: { id: 1, pricesIncludeTax: included } });
    return this.read();
  }

  /** Adds a class, or renames one (id given). */
  async saveClass(viewer: Viewer | null, id: unknown, name: unknown): Promise<TaxSettings> {
    requireAdmin(viewer, "catalogue:write");
    const checks = new Checks();
    const chosen = checks.field("name", text("name", { max: 50 }), name);
    checks.done();
    const classId = isBlank(id) ? null : parseId(id);
    if (!isBlank(id) && classId === null) throw notFound("Tax class");
    try {
      if (classId === null) await this.prisma.taxClass.create({ data: { name: chosen.trim() } });
      else if ((await this.prisma.taxClass.updateMany({ where: { id: classId }, data: { name: chosen.trim() } })).count === 0) throw notFound("Tax class");
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      checks.add("name", `A tax class named ${chosen.trim()} already exists.`);
      checks.done();
    }
    return this.read();
  }

  /** Deletes a class (not the default one): its rates go, its categories and products fall back to the default. */
  async deleteClass(viewer: Viewer | null, id: unknown): Promise<TaxSettings> {
    requireAdmin(viewer, "catalogue:write");
    const classId = parseId(id);
    const found = classId === null ? null : await this.prisma.taxClass.findUnique({ where: { id: classId } });
    if (!found) throw notFound("Tax class");
    if (found.isDefault) {
      const checks = new Checks();
      checks.add("id", "The default tax class cannot be deleted.");
      checks.done();
    }
    await this.prisma.taxClass.delete({ where: { id: found.id } });
    return this.read();
  }

  /** Sets the rate of a class in a region (percent and its name, e.g. 20 and "VAT 20%"); a null percent removes it. */
  async setRate(viewer: Viewer | null, regionId: unknown, taxClassId: unknown, percent: unknown, name: unknown): Promise<TaxSettings> {
    requireAdmin(viewer, "catalogue:write");
    const region = await this.region(regionId);
    const classId = parseId(taxClassId);
    if (classId === null || !(await this.prisma.taxClass.findUnique({ where: { id: classId }, select: { id: true } }))) throw notFound("Tax class");
    if (percent === null || percent === undefined) {
      await this.prisma.taxRate.deleteMany({ where: { regionId: region, taxClassId: classId } });
      return this.read();
    }
    const checks = new Checks();
    const ppm = ratePpm(checks, "rate", percent);
    const label = checks.field("name", text("name", { max: 50 }), name);
    checks.done();
    await this.prisma.taxRate.upsert({
      where: { regionId_taxClassId: { regionId: region, taxClassId: classId } },
      update: { ratePpm: ppm!, name: label.trim() },
      create: { regionId: region, taxClassId: classId, ratePpm: ppm!, name: label.trim() },
    });
    return this.read();
  }

  /** Taxes delivery in a region at a rate; a null percent: delivery is not taxed there. */
  async setDeliveryRate(viewer: Viewer | null, regionId: unknown, percent: unknown, name: unknown): Promise<TaxSettings> {
    requireAdmin(viewer, "catalogue:write");
    const region = await this.region(regionId);
    if (percent === null || percent === undefined) {
      await this.prisma.deliveryTaxRate.deleteMany({ where: { regionId: region } });
      return this.read();
    }
    const checks = new Checks();
    const ppm = ratePpm(checks, "rate", percent);
    const label = checks.field("name", text("name", { max: 50 }), name);
    checks.done();
    await this.prisma.deliveryTaxRate.upsert({ where: { regionId: region }, update: { ratePpm: ppm!, name: label.trim() }, create: { regionId: region, ratePpm: ppm!, name: label.trim() } });
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
    requireAdmin(viewer, "catalogue:write");
    const targetId = parseId(id);
    const exists = targetId !== null && (kind === "category" ? await this.prisma.category.findUnique({ where: { id: targetId }, select: { id: true } }) : await this.prisma.product.findUnique({ where: { id: targetId }, select: { id: true } }));
    if (!exists) throw notFound(kind === "category" ? "Category" : "Product");
    const classId = taxClassId === null || taxClassId === undefined ? null : parseId(taxClassId);
    if (taxClassId !== null && taxClassId !== undefined && (classId === null || !(await this.prisma.taxClass.findUnique({ where: { id: classId }, select: { id: true } })))) throw notFound("Tax class");
    if (kind === "category") {
      if (classId === null) await this.prisma.categoryTaxClass.deleteMany({ where: { categoryId: targetId } });
      else await this.prisma.categoryTaxClass.upsert({ where: { categoryId: targetId }, update: { taxClassId: classId }, create: { categoryId: targetId, taxClassId: classId } });
    } else if (classId === null) await this.prisma.productTaxClass.deleteMany({ where: { productId: targetId } });
    else await this.prisma.productTaxClass.upsert({ where: { productId: targetId }, update: { taxClassId: classId }, create: { productId: targetId, taxClassId: classId } });
    return this.read();
  }

  private async region(id: unknown): Promise<number> {
    const regionId = parseId(id);
    if (regionId === null || !(await this.prisma.region.findUnique({ where: { id: regionId }, select: { id: true } }))) throw notFound("Region");
    return regionId;
  }
}
