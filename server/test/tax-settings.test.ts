// The owner's tax settings, rule by rule (domain/taxes/admin.ts): classes added, renamed and deleted (never
// the default one, never two of one name), a rate per region and class and delivery's rate per region given
// in percent (0 to 100, at most 4 decimals) and kept in parts per million, a category or a product put in a
// class and back, and prices entered with or without their tax. Unknown ids are "not found"; a refused
// change changes nothing. (What each change writes in the audit trail: audit-catalogue.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../src/domain/shared/index.js";
import type { TaxSettings } from "../src/domain/taxes/index.js";
import { createTestShop, refusal, viewerOf, type TestShop } from "./support.js";

let t: TestShop;
let owner: Viewer;
let region: { id: number };
let otherRegion: { id: number };
let category: { id: number };
let product: { id: number };

beforeAll(async () => {
  t = await createTestShop();
  owner = await viewerOf(t, (await t.signUp({ role: "admin" })).token);
  region = await t.shop.prisma.region.create({ data: { name: "Taxed Coast", feeCents: 500 } });
  otherRegion = await t.shop.prisma.region.create({ data: { name: "Taxed Hills", feeCents: 700 } });
  category = await t.shop.prisma.category.create({ data: { name: "Taxed Seeds" } });
  product = await t.shop.prisma.product.create({
    data: { slug: "taxed-seed", name: "Taxed seed", description: "Small.", categoryId: category.id, priceCents: 300, quantity: 5, imageOne: "/uploads/taxed-seed.jpg" },
  });
});

afterAll(async () => {
  await t?.close();
});

const taxes = () => t.shop.taxes;
const classNamed = async (name: string) => (await taxes().settings(owner)).classes.find((taxClass) => taxClass.name === name);
/** The default class ("Standard", the migration's), which every category and product is in until moved. */
const defaultClass = async () => (await taxes().settings(owner)).classes.find((taxClass) => taxClass.isDefault)!;

describe("tax classes", () => {
  it("a new class is added with its name trimmed, not the default; a class keeps its id when renamed", async () => {
    const settings = await taxes().saveClass(owner, null, "  Reduced seeds  ");
    const added = settings.classes.find((taxClass) => taxClass.name === "Reduced seeds");
    expect(added).toMatchObject({ isDefault: false });
    expect(settings.classes.filter((taxClass) => taxClass.isDefault).map((taxClass) => taxClass.name)).toEqual(["Standard"]);

    const renamed = await taxes().saveClass(owner, added!.id, " Seeds ");
    expect(renamed.classes.find((taxClass) => taxClass.id === added!.id)?.name).toBe("Seeds");
    expect(renamed.classes.some((taxClass) => taxClass.name === "Reduced seeds")).toBe(false);
    expect(renamed.classes).toHaveLength(settings.classes.length);
  });

  it("a blank id adds a class; an id of no class is not found, and nothing is added", async () => {
    expect((await taxes().saveClass(owner, "", "Blank id class")).classes.some((taxClass) => taxClass.name === "Blank id class")).toBe(true);
    const before = (await taxes().settings(owner)).classes;
    for (const id of [999_999, "not a number"]) {
      const refused = await refusal(taxes().saveClass(owner, id, "Ghost class"));
      expect([refused.code, refused.message]).toEqual(["NOT_FOUND", "Tax class not found."]);
    }
    expect((await taxes().settings(owner)).classes).toEqual(before);
  });

  it("two classes cannot share a name, added or renamed; a name is required and at most 50 characters", async () => {
    await taxes().saveClass(owner, null, "Tools");
    const taken = await refusal(taxes().saveClass(owner, null, " Tools "));
    expect(taken.fields).toEqual({ name: ["A tax class named Tools already exists."] });
    const seeds = await classNamed("Seeds");
    const renamedOnto = await refusal(taxes().saveClass(owner, seeds!.id, "Tools"));
    expect(renamedOnto.fields).toEqual({ name: ["A tax class named Tools already exists."] });
    expect((await classNamed("Seeds"))?.id).toBe(seeds!.id);

    expect((await refusal(taxes().saveClass(owner, null, "  "))).fields?.name).toHaveLength(1);
    expect((await refusal(taxes().saveClass(owner, null, "x".repeat(51)))).fields).toEqual({ name: ["The name may not be greater than 50 characters."] });
    expect((await taxes().saveClass(owner, null, "y".repeat(50))).classes.some((taxClass) => taxClass.name === "y".repeat(50))).toBe(true);
  });

  it("the default class cannot be deleted; an unknown one is not found", async () => {
    const standard = await defaultClass();
    const refused = await refusal(taxes().deleteClass(owner, standard.id));
    expect([refused.code, refused.fields]).toEqual(["BAD_USER_INPUT", { id: ["The default tax class cannot be deleted."] }]);
    expect((await taxes().settings(owner)).classes.some((taxClass) => taxClass.id === standard.id)).toBe(true);
    for (const id of [999_999, "nope", null]) expect((await refusal(taxes().deleteClass(owner, id))).message).toBe("Tax class not found.");
  });

  it("deleting a class takes its rates with it, and its categories and products fall back to the default", async () => {
    const { classes } = await taxes().saveClass(owner, null, "Doomed");
    const doomed = classes.find((taxClass) => taxClass.name === "Doomed")!;
    await taxes().setRate(owner, region.id, doomed.id, 5, "Doomed 5%");
    await taxes().setClassOf(owner, "category", category.id, doomed.id);
    await taxes().setClassOf(owner, "product", product.id, doomed.id);
    expect(await taxes().productClass(owner, product.id)).toBe(doomed.id);

    const after = await taxes().deleteClass(owner, doomed.id);
    expect(after.classes.some((taxClass) => taxClass.id === doomed.id)).toBe(false);
    expect(after.rates.some((rate) => rate.taxClassId === doomed.id)).toBe(false);
    expect(after.categoryClasses.some((chosen) => chosen.categoryId === category.id)).toBe(false);
    expect(await taxes().productClass(owner, product.id)).toBeNull();
  });
});

describe("rates", () => {
  it("a rate is kept in parts per million with its name trimmed; setting it again replaces it; no percent removes it", async () => {
    const standard = await defaultClass();
    const rateIn = (settings: TaxSettings, regionId: number) =>
      settings.rates.filter((rate) => rate.regionId === regionId && rate.taxClassId === standard.id);

    expect(rateIn(await taxes().setRate(owner, region.id, standard.id, 8.875, " Sales tax "), region.id)).toEqual([
      { regionId: region.id, taxClassId: standard.id, ratePpm: 88_750, name: "Sales tax" },
    ]);
    const replaced = await taxes().setRate(owner, region.id, standard.id, 20, "VAT");
    expect(rateIn(replaced, region.id)).toEqual([{ regionId: region.id, taxClassId: standard.id, ratePpm: 200_000, name: "VAT" }]);
    // Another region's rate of the same class is its own.
    const both = await taxes().setRate(owner, otherRegion.id, standard.id, 0, "Zero");
    expect(rateIn(both, otherRegion.id)).toEqual([{ regionId: otherRegion.id, taxClassId: standard.id, ratePpm: 0, name: "Zero" }]);
    expect(rateIn(both, region.id)[0].ratePpm).toBe(200_000);

    for (const none of [null, undefined]) {
      await taxes().setRate(owner, otherRegion.id, standard.id, 100, "All of it");
      const removed = await taxes().setRate(owner, otherRegion.id, standard.id, none, undefined);
      expect(rateIn(removed, otherRegion.id)).toEqual([]);
      expect(rateIn(removed, region.id)).toHaveLength(1);
    }
  });

  it("a rate must be a percentage from 0 to 100 with at most 4 decimals, with a name; a refused rate leaves the rate as it was", async () => {
    const standard = await defaultClass();
    await taxes().setRate(owner, region.id, standard.id, 20, "VAT");
    const message = "The rate must be a percentage from 0 to 100 with at most 4 decimals.";
    for (const percent of [-0.0001, 100.0001, 8.87501, "twenty", Number.NaN]) {
      expect((await refusal(taxes().setRate(owner, region.id, standard.id, percent, "VAT"))).fields).toEqual({ rate: [message] });
      expect((await refusal(taxes().setDeliveryRate(owner, region.id, percent, "VAT"))).fields).toEqual({ rate: [message] });
    }
    expect((await refusal(taxes().setRate(owner, region.id, standard.id, 5, "  "))).fields?.name).toHaveLength(1);
    expect((await refusal(taxes().setDeliveryRate(owner, region.id, 5, "v".repeat(51)))).fields).toEqual({ name: ["The name may not be greater than 50 characters."] });
    expect((await refusal(taxes().setRate(owner, region.id, standard.id, -1, ""))).fields).toMatchObject({ rate: [message], name: [expect.any(String)] });
    const unchanged = (await taxes().settings(owner)).rates.find((rate) => rate.regionId === region.id && rate.taxClassId === standard.id);
    expect(unchanged).toMatchObject({ ratePpm: 200_000, name: "VAT" });
  });

  it("a rate names a region and a class that exist", async () => {
    const standard = await defaultClass();
    for (const regionId of [999_999, "coast", null]) {
      expect((await refusal(taxes().setRate(owner, regionId, standard.id, 5, "VAT"))).message).toBe("Region not found.");
      expect((await refusal(taxes().setDeliveryRate(owner, regionId, 5, "VAT"))).message).toBe("Region not found.");
    }
    for (const classId of [999_999, "standard", null]) expect((await refusal(taxes().setRate(owner, region.id, classId, 5, "VAT"))).message).toBe("Tax class not found.");
  });

  it("delivery's rate is one per region: set, replaced, removed", async () => {
    const deliveryIn = (settings: TaxSettings) => settings.deliveryRates.filter((rate) => rate.regionId === region.id).map(({ ratePpm, name }) => ({ ratePpm, name }));
    expect(deliveryIn(await taxes().setDeliveryRate(owner, region.id, 5, " Delivery VAT "))).toEqual([{ ratePpm: 50_000, name: "Delivery VAT" }]);
    expect(deliveryIn(await taxes().setDeliveryRate(owner, region.id, 12.5, "Delivery VAT"))).toEqual([{ ratePpm: 125_000, name: "Delivery VAT" }]);
    await taxes().setDeliveryRate(owner, otherRegion.id, 7, "Hills delivery VAT");
    const removed = await taxes().setDeliveryRate(owner, region.id, null, null);
    expect(deliveryIn(removed)).toEqual([]);
    // Only that region's: the other region's delivery is taxed as before.
    expect(removed.deliveryRates.filter((rate) => rate.regionId === otherRegion.id).map((rate) => rate.ratePpm)).toEqual([70_000]);
  });

  it("the settings list classes by id, rates by region then class, delivery's by region, categories' classes by category", async () => {
    const last = await t.shop.prisma.region.create({ data: { name: "Taxed Valley", feeCents: 100 } });
    const lastCategory = await t.shop.prisma.category.create({ data: { name: "Taxed Pots" } });
    const { classes } = await taxes().saveClass(owner, null, "Ordered class");
    const ordered = classes.find((taxClass) => taxClass.name === "Ordered class")!;
    const standard = classes.find((taxClass) => taxClass.isDefault)!;
    // Written in the reverse of the order they are listed in.
    await taxes().setRate(owner, last.id, ordered.id, 3, "Valley ordered");
    await taxes().setRate(owner, last.id, standard.id, 2, "Valley standard");
    await taxes().setRate(owner, region.id, ordered.id, 1, "Coast ordered");
    await taxes().setDeliveryRate(owner, last.id, 4, "Valley delivery");
    await taxes().setDeliveryRate(owner, region.id, 5, "Coast delivery");
    await taxes().setClassOf(owner, "category", lastCategory.id, ordered.id);
    const settings = await taxes().setClassOf(owner, "category", category.id, ordered.id);

    const ids = settings.classes.map((taxClass) => taxClass.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const rateKeys = settings.rates.map((rate) => [rate.regionId, rate.taxClassId]);
    expect(rateKeys).toEqual([...rateKeys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(rateKeys.filter(([regionId]) => regionId === last.id)).toEqual([[last.id, standard.id], [last.id, ordered.id]]);
    const deliveryRegions = settings.deliveryRates.map((rate) => rate.regionId);
    expect(deliveryRegions).toEqual([...deliveryRegions].sort((a, b) => a - b));
    expect(deliveryRegions.indexOf(region.id)).toBeLessThan(deliveryRegions.indexOf(last.id));
    expect(settings.categoryClasses.map((chosen) => chosen.categoryId)).toEqual([category.id, lastCategory.id]);
    await taxes().setClassOf(owner, "category", category.id, null);
  });
});

describe("which class a category or a product is in", () => {
  it("a category is put in a class and back to the default (null)", async () => {
    const { classes } = await taxes().saveClass(owner, null, "Herb class");
    const herb = classes.find((taxClass) => taxClass.name === "Herb class")!;
    const set = await taxes().setClassOf(owner, "category", category.id, herb.id);
    expect(set.categoryClasses).toContainEqual({ categoryId: category.id, taxClassId: herb.id });
    const moved = await taxes().setClassOf(owner, "category", category.id, (await classNamed("Tools"))!.id);
    expect(moved.categoryClasses.filter((chosen) => chosen.categoryId === category.id)).toHaveLength(1);
    for (const none of [null, undefined]) {
      await taxes().setClassOf(owner, "category", category.id, herb.id);
      expect((await taxes().setClassOf(owner, "category", category.id, none)).categoryClasses.some((chosen) => chosen.categoryId === category.id)).toBe(false);
    }
  });

  it("a product overrides its category's class and goes back to it (null)", async () => {
    const tools = (await classNamed("Tools"))!;
    await taxes().setClassOf(owner, "product", product.id, tools.id);
    expect(await taxes().productClass(owner, product.id)).toBe(tools.id);
    const seeds = (await classNamed("Seeds"))!;
    await taxes().setClassOf(owner, "product", product.id, seeds.id);
    expect(await taxes().productClass(owner, product.id)).toBe(seeds.id);
    await taxes().setClassOf(owner, "product", product.id, undefined);
    expect(await taxes().productClass(owner, product.id)).toBeNull();
  });

  it("an unknown category, product or class is not found, and nothing changes", async () => {
    const tools = (await classNamed("Tools"))!;
    for (const id of [999_999, "seeds", null]) {
      expect((await refusal(taxes().setClassOf(owner, "category", id, tools.id))).message).toBe("Category not found.");
      expect((await refusal(taxes().setClassOf(owner, "product", id, tools.id))).message).toBe("Product not found.");
      expect((await refusal(taxes().productClass(owner, id))).message).toBe("Product not found.");
    }
    await taxes().setClassOf(owner, "product", product.id, tools.id);
    for (const classId of [999_999, "tools"]) {
      expect((await refusal(taxes().setClassOf(owner, "product", product.id, classId))).message).toBe("Tax class not found.");
      expect((await refusal(taxes().setClassOf(owner, "category", category.id, classId))).message).toBe("Tax class not found.");
    }
    expect(await taxes().productClass(owner, product.id)).toBe(tools.id);
  });
});

describe("prices with or without their tax", () => {
  it("a shop without its settings row reads as prices without tax, and the first change writes the row", async () => {
    await t.shop.prisma.shopSettings.deleteMany({});
    expect((await taxes().settings(owner)).pricesIncludeTax).toBe(false);
    expect((await taxes().setPricesIncludeTax(owner, true)).pricesIncludeTax).toBe(true);
    expect(await t.shop.prisma.shopSettings.findUnique({ where: { id: 1 } })).toMatchObject({ pricesIncludeTax: true });
    const [entry] = await t.shop.prisma.activityEntry.findMany({ where: { kind: "tax.settings-changed" }, orderBy: { id: "desc" }, take: 1 });
    expect(entry.changes).toEqual({ pricesIncludeTax: { before: false, after: true } });
    await taxes().setPricesIncludeTax(owner, false);
  });

  it("off by default; turned on and off again", async () => {
    expect((await taxes().settings(owner)).pricesIncludeTax).toBe(false);
    expect((await taxes().setPricesIncludeTax(owner, true)).pricesIncludeTax).toBe(true);
    expect((await taxes().setPricesIncludeTax(owner, true)).pricesIncludeTax).toBe(true);
    expect((await taxes().settings(owner)).pricesIncludeTax).toBe(true);
    expect((await taxes().setPricesIncludeTax(owner, false)).pricesIncludeTax).toBe(false);
  });
});

describe("who may", () => {
  it("reading needs catalogue:read and every change catalogue:write: a shopper gets neither", async () => {
    const shopper = await viewerOf(t, (await t.signUp()).token);
    const standard = await defaultClass();
    const attempts: Promise<unknown>[] = [
      taxes().settings(shopper),
      taxes().productClass(shopper, product.id),
      taxes().setPricesIncludeTax(shopper, true),
      taxes().saveClass(shopper, null, "Shopper class"),
      taxes().deleteClass(shopper, standard.id),
      taxes().setRate(shopper, region.id, standard.id, 1, "Shopper rate"),
      taxes().setDeliveryRate(shopper, region.id, 1, "Shopper rate"),
      taxes().setClassOf(shopper, "category", category.id, null),
    ];
    for (const attempt of attempts) expect((await refusal(attempt)).code).toBe("FORBIDDEN");
    for (const attempt of [taxes().settings(null), taxes().saveClass(null, null, "Guest class")]) expect((await refusal(attempt)).code).toBe("UNAUTHENTICATED");
    expect(await classNamed("Shopper class")).toBeUndefined();
    expect((await taxes().settings(owner)).pricesIncludeTax).toBe(false);
  });
});
