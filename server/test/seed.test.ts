// The start-up seed: the initial admin always, the demo shop only when asked and only into a shop with
// no products, and nothing at all the second time.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantArt } from "../seed/plant-art.js";
import { DEMO_CODES } from "../seed/demo-pricing.js";
import { DEMO_VARIANTS } from "../seed/demo-variants.js";
import { DEMO_CUSTOMER_PASSWORD, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD, planDemoShop, seedDatabase, type SeedOptions } from "../seed/demo-shop.js";
import { verifyPassword } from "../src/domain/accounts/passwords.js";
import { slugify } from "../src/domain/catalog/slugs.js";
import { createTestShop, onPostgres, type TestShop } from "./support.js";

const DAY = 24 * 3_600_000;
// Mid-month, so each of the three calendar months has a full share of history to check.
const NOW = new Date("2026-11-18T15:30:00.000Z");
const MONTHS = ["2026-09", "2026-10", "2026-11"];

let t: TestShop;
let options: SeedOptions;
let firstRun: { adminCreated: boolean; demoSeeded: boolean };
let demoRun: { adminCreated: boolean; demoSeeded: boolean };

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** A small XML well-formedness check: balanced tags, quoted attributes, one svg root. */
function expectWellFormedSvg(svg: string, label: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">'), label).toBe(true);
  expect(svg.trimEnd().endsWith("</svg>"), label).toBe(true);
  expect(svg, label).not.toMatch(/NaN|undefined|Infinity|<text|href=/);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*(\/?)>/g;
  let consumed = 0;
  for (const match of svg.matchAll(tag)) {
    expect(svg.slice(consumed, match.index).trim(), `${label}: stray text before ${match[0]}`).toBe("");
    consumed = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop(), label).toBe(name);
    else if (!selfClosing) stack.push(name);
  }
  expect(svg.slice(consumed).trim(), `${label}: unparsed tail`).toBe("");
  expect(stack, label).toEqual([]);
}

async function snapshot() {
  const p = t.db.prisma;
  const [users, categories, regions, products, orders, lines, ratings, favourites] = await Promise.all([
    p.user.findMany({ orderBy: { id: "asc" } }),
    p.category.findMany({ orderBy: { id: "asc" } }),
    p.region.findMany({ orderBy: { id: "asc" } }),
    p.product.findMany({ orderBy: { id: "asc" } }),
    p.order.findMany({ orderBy: { id: "asc" } }),
    p.orderLine.count(),
    p.rating.count(),
    p.favourite.count(),
  ]);
  return { users, categories, regions, products, orders, lines, ratings, favourites };
}

beforeAll(async () => {
  t = await createTestShop();
  options = { adminEmail: "  Owner@Verdant.Shop ", adminPassword: "admin-password-2026", demo: false, imageStore: t.imageStore, now: NOW };
  firstRun = await seedDatabase(t.db.prisma, options);
  const started = performance.now();
  demoRun = await seedDatabase(t.db.prisma, { ...options, demo: true });
  console.log(`demo seed on ${onPostgres ? "PostgreSQL" : "PGlite"}: ${Math.round(performance.now() - started)} ms`);
});

afterAll(async () => {
  await t?.close();
});

describe("the initial admin", () => {
  it("demo: false creates only the admin", () => {
    expect(firstRun).toEqual({ adminCreated: true, demoSeeded: false });
  });

  it("the admin exists with role admin, the email lower-cased, and can sign in", async () => {
    const admins = await t.db.prisma.user.findMany({ where: { role: "admin" } });
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe("owner@verdant.shop");
    expect(admins[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admins[0].passwordHash, "admin-password-2026")).toBe(true);
  });

  it("an existing admin is found again, not created twice (the demo run created no admin)", () => {
    expect(demoRun.adminCreated).toBe(false);
  });

  it("never overwrites an existing user's password", async () => {
    const before = await t.db.prisma.user.findUniqueOrThrow({ where: { email: "owner@verdant.shop" } });
    const result = await seedDatabase(t.db.prisma, { ...options, adminEmail: "OWNER@verdant.shop", adminPassword: "a-different-password" });
    expect(result).toEqual({ adminCreated: false, demoSeeded: false });
    const after = await t.db.prisma.user.findUniqueOrThrow({ where: { email: "owner@verdant.shop" } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});

describe("the demo shop", () => {
  it("is seeded when demo is true and the shop has no products", () => {
    expect(demoRun.demoSeeded).toBe(true);
  });

  it("has at least 8 categories and 4 delivery regions with fees in cents", async () => {
    const { categories, regions } = await snapshot();
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(regions.length).toBeGreaterThanOrEqual(4);
    for (const region of regions) {
      expect(Number.isInteger(region.feeCents)).toBe(true);
      expect(region.feeCents).toBeGreaterThan(0);
    }
    expect(regions.find((region) => region.name === "Local courier")?.feeCents).toBe(499);
  });

  it("has at least 40 products, every category stocked, about a third discounted strictly below the price", async () => {
    const { products, categories } = await snapshot();
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const category of categories) expect(products.some((product) => product.categoryId === category.id), category.name).toBe(true);
    const discounted = products.filter((product) => product.discountPriceCents !== null);
    expect(discounted.length / products.length).toBeGreaterThan(0.25);
    expect(discounted.length / products.length).toBeLessThan(0.45);
    for (const product of products) {
      expect(Number.isInteger(product.priceCents), product.name).toBe(true);
      if (product.discountPriceCents !== null) expect(product.discountPriceCents, product.name).toBeLessThan(product.priceCents);
      expect(product.description.length, product.name).toBeGreaterThan(40);
    }
  });

  it("has a few products out of stock, a couple with low stock, the rest 5-60", async () => {
    const { products } = await snapshot();
    const soldOut = products.filter((product) => product.quantity === 0);
    const low = products.filter((product) => product.quantity >= 1 && product.quantity <= 3);
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeGreaterThanOrEqual(2);
    for (const product of products) {
      if (product.quantity > 3) expect(product.quantity, product.name).toBeGreaterThanOrEqual(5);
      expect(product.quantity, product.name).toBeLessThanOrEqual(60);
    }
  });

  it("slugs are derived from the names like the catalogue does (lower-case a-z, 0-9 and '-') and unique", async () => {
    const { products } = await snapshot();
    for (const product of products) {
      expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(product.slug).toBe(slugify(product.name));
    }
    expect(new Set(products.map((product) => product.slug)).size).toBe(products.length);
  });

  it("products arrived over the last 120 days, so newest first is meaningful", async () => {
    const { products } = await snapshot();
    const times = products.map((product) => product.createdAt.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 120 * DAY);
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(100 * DAY);
    expect(new Set(times).size).toBe(products.length);
  });

  it("every product's pictures exist on disk as well-formed SVG at the stored URLs; about half have a second one", async () => {
    const { products } = await snapshot();
    for (const product of products) {
      expect(product.imageOne).toBe(`/uploads/catalog/${product.slug}-1.svg`);
      const urls = [product.imageOne, ...(product.imageTwo ? [product.imageTwo] : [])];
      if (product.imageTwo) expect(product.imageTwo).toBe(`/uploads/catalog/${product.slug}-2.svg`);
      for (const url of urls) {
        const file = path.join(t.uploadsDir, url.replace(/^\/uploads\//, ""));
        expect(fs.existsSync(file), file).toBe(true);
        expectWellFormedSvg(fs.readFileSync(file, "utf8"), url);
      }
    }
    const withTwo = products.filter((product) => product.imageTwo !== null).length;
    expect(withTwo / products.length).toBeGreaterThan(0.35);
    expect(withTwo / products.length).toBeLessThan(0.65);
  });

  it("the demo shopper exists with phone and address, and can log in with the demo password", async () => {
    const shopper = await t.db.prisma.user.findUniqueOrThrow({ where: { email: DEMO_SHOPPER_EMAIL } });
    expect(DEMO_SHOPPER_EMAIL).toBe("shopper@verdant.shop");
    expect(shopper).toMatchObject({ name: "Sam Gardener", role: "user" });
    expect(shopper.phone).toBeTruthy();
    expect(shopper.address).toBeTruthy();
    expect(await verifyPassword(shopper.passwordHash, DEMO_SHOPPER_PASSWORD)).toBe(true);
    expect(await t.db.prisma.favourite.count({ where: { userId: shopper.id } })).toBeGreaterThanOrEqual(2);
    expect(await t.db.prisma.order.count({ where: { userId: shopper.id } })).toBeGreaterThan(0);
  });

  it("about 15 more customers joined over the last three months, sharing one demo password hash", async () => {
    const customers = await t.db.prisma.user.findMany({ where: { role: "user", email: { not: DEMO_SHOPPER_EMAIL } } });
    expect(customers.length).toBeGreaterThanOrEqual(12);
    for (const month of MONTHS) expect(customers.some((customer) => monthOf(customer.createdAt) === month), month).toBe(true);
    expect(new Set(customers.map((customer) => customer.passwordHash)).size).toBe(1);
    expect(await verifyPassword(customers[0].passwordHash, DEMO_CUSTOMER_PASSWORD)).toBe(true);
  });

  it("has at least 40 past orders in each of the last three months, the recent months busier", async () => {
    const { orders } = await snapshot();
    expect(orders.length).toBeGreaterThanOrEqual(40);
    const perMonth = MONTHS.map((month) => orders.filter((order) => monthOf(order.createdAt) === month).length);
    expect(perMonth.every((count) => count > 0)).toBe(true);
    expect(perMonth[0]).toBeLessThan(perMonth[1]);
    expect(perMonth[1]).toBeLessThan(perMonth[2]);
    expect(orders.every((order) => order.createdAt.getTime() < NOW.getTime())).toBe(true);
    for (const order of orders) {
      expect(order.reference).toMatch(/^[A-Z0-9]{16}$/);
      expect(order.orderNumber).toMatch(/^ORD-\d{6}-[0-9A-Z]{6}$/);
      expect(order.orderNumber.slice(4, 10)).toBe(order.createdAt.toISOString().slice(2, 10).replaceAll("-", ""));
    }
  });

  it("statuses are mixed: older orders delivered, recent ones pending or in transit", async () => {
    const { orders } = await snapshot();
    for (const order of orders) {
      if (NOW.getTime() - order.createdAt.getTime() >= 14 * DAY) expect(order.status).toBe("delivered");
      expect(order.updatedAt.getTime()).toBeGreaterThanOrEqual(order.createdAt.getTime());
    }
    expect(orders.some((order) => order.status === "pending")).toBe(true);
    expect(orders.some((order) => order.status === "in_transit")).toBe(true);
  });

  it("every order's total = subtotal + fee and subtotal = the sum of line totals at the unit price", async () => {
    const orders = await t.db.prisma.order.findMany({ include: { lines: { include: { product: true } }, region: true, user: true } });
    for (const order of orders) {
      expect(order.lines.length, order.orderNumber).toBeGreaterThan(0);
      const sum = order.lines.reduce((total, line) => total + line.unitPriceCents * line.quantity, 0);
      expect(order.subtotalCents, order.orderNumber).toBe(sum);
      expect(order.totalCents, order.orderNumber).toBe(order.subtotalCents + order.deliveryFeeCents);
      expect(order.deliveryFeeCents).toBe(order.region!.feeCents);
      expect(order.regionName).toBe(order.region!.name);
      expect(order.userEmail).toBe(order.user.email);
      expect(order.userPhone).toBe(order.user.phone);
      expect(order.userAddress).toBe(order.user.address);
      for (const line of order.lines) {
        const product = line.product!;
        expect(line.unitPriceCents).toBe(product.discountPriceCents ?? product.priceCents);
        expect(line).toMatchObject({ slug: product.slug, name: product.name, priceCents: product.priceCents, discountPriceCents: product.discountPriceCents, imageOne: product.imageOne });
        // Nothing was sold before it was on the shelf.
        expect(product.createdAt.getTime()).toBeLessThan(order.createdAt.getTime());
      }
    }
  });

  it("seeded history does not take stock: quantities are the catalogue's own", async () => {
    const { products } = await snapshot();
    const soldOut = products.filter((product) => product.quantity === 0).map((product) => product.name);
    expect(soldOut.sort()).toEqual(["Bunny Ear Cactus", "Dahlia Tubers 'Cafe au Lait' (3)", "Macrame Hanging Planter", "Peace Lily"]);
  });

  it("ratings come from customers, and each product's rating sum and people rated equal its rating rows", async () => {
    const [products, groups] = await Promise.all([
      t.db.prisma.product.findMany(),
      t.db.prisma.rating.groupBy({ by: ["productId"], _sum: { value: true }, _count: { _all: true } }),
    ]);
    const byProduct = new Map(groups.map((group) => [group.productId, group]));
    expect(groups.length).toBeGreaterThanOrEqual(10);
    for (const product of products) {
      const group = byProduct.get(product.id);
      expect(product.ratingSum, product.name).toBe(group?._sum.value ?? 0);
      expect(product.peopleRated, product.name).toBe(group?._count._all ?? 0);
    }
    const raters = await t.db.prisma.rating.findMany({ select: { user: { select: { role: true } } } });
    expect(raters.every((rating) => rating.user.role === "user")).toBe(true);
  });

  it("a second call changes nothing", async () => {
    const before = await snapshot();
    const files = fs.readdirSync(path.join(t.uploadsDir, "catalog")).map((file) => [file, fs.statSync(path.join(t.uploadsDir, "catalog", file)).mtimeMs]);
    const result = await seedDatabase(t.db.prisma, { ...options, demo: true });
    expect(result).toEqual({ adminCreated: false, demoSeeded: false });
    expect(await snapshot()).toEqual(before);
    expect(fs.readdirSync(path.join(t.uploadsDir, "catalog")).map((file) => [file, fs.statSync(path.join(t.uploadsDir, "catalog", file)).mtimeMs])).toEqual(files);
  });
});

describe("demo variants (SEED_VARIANTS)", () => {
  it("the demo alone sells every product in one variant, with no options", async () => {
    expect(await t.db.prisma.productOption.count()).toBe(0);
    expect(await t.db.prisma.productVariant.count()).toBe(await t.db.prisma.product.count());
  });

  it("variants: true gives the demo's few products their grids, each keeping its demo price and stock as its default; a second call changes nothing", async () => {
    const before = await t.db.prisma.product.findMany({ where: { name: { in: DEMO_VARIANTS.map((grid) => grid.product) } }, orderBy: { id: "asc" } });
    await seedDatabase(t.db.prisma, { ...options, demo: true, variants: true });
    const after = await t.db.prisma.product.findMany({ where: { id: { in: before.map((product) => product.id) } }, orderBy: { id: "asc" }, include: { variants: { orderBy: { position: "asc" } } } });
    for (const [index, product] of after.entries()) {
      const grid = DEMO_VARIANTS.find((candidate) => candidate.product === product.name)!;
      expect(product.variants.map((variant) => variant.sku), product.name).toEqual(grid.rows.map((row) => row[0]));
      expect([product.priceCents, product.discountPriceCents, product.quantity], product.name).toEqual([before[index].priceCents, before[index].discountPriceCents, before[index].quantity]);
      expect(product.variantCount, product.name).toBe(grid.rows.length);
    }
    const variants = await t.db.prisma.productVariant.findMany({ orderBy: { id: "asc" } });
    await seedDatabase(t.db.prisma, { ...options, demo: true, variants: true });
    expect(await t.db.prisma.productVariant.findMany({ orderBy: { id: "asc" } })).toEqual(variants);
  });
});

describe("demo promotions and taxes (SEED_PROMOTIONS, SEED_TAXES)", () => {
  it("the demo alone has no promotion and no tax rate: every total is the spec's", async () => {
    expect(await t.db.prisma.promotion.count()).toBe(0);
    expect(await t.db.prisma.taxRate.count()).toBe(0);
    expect(await t.db.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ pricesIncludeTax: false });
  });

  it("promotions: true adds the demo's codes and automatic promotions, taxes: true VAT in every region held in prices; a second call changes nothing", async () => {
    await seedDatabase(t.db.prisma, { ...options, demo: true, promotions: true, taxes: true });
    const codes = (await t.db.prisma.promotionCode.findMany({ orderBy: { id: "asc" } })).map((code) => code.code);
    expect(codes).toEqual([DEMO_CODES.spring, DEMO_CODES.expired, DEMO_CODES.upcoming, DEMO_CODES.bigBasket]);
    expect(await t.db.prisma.promotion.count({ where: { automatic: true } })).toBe(2);
    const regions = await t.db.prisma.region.count();
    expect(await t.db.prisma.taxRate.count()).toBe(2 * regions);
    expect(await t.db.prisma.deliveryTaxRate.count()).toBe(regions);
    expect(await t.db.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ pricesIncludeTax: true });
    const promotions = await t.db.prisma.promotion.findMany({ orderBy: { id: "asc" } });
    await seedDatabase(t.db.prisma, { ...options, demo: true, promotions: true, taxes: true });
    expect(await t.db.prisma.promotion.findMany({ orderBy: { id: "asc" } })).toEqual(promotions);
    expect(await t.db.prisma.taxRate.count()).toBe(2 * regions);
    // Back to the spec's demo for the tests that follow.
    await t.db.prisma.promotion.deleteMany();
    await t.db.prisma.taxRate.deleteMany();
    await t.db.prisma.deliveryTaxRate.deleteMany();
    await t.db.prisma.categoryTaxClass.deleteMany();
    await t.db.prisma.shopSettings.update({ where: { id: 1 }, data: { pricesIncludeTax: false } });
  });
});

describe("the pictures", () => {
  it("are deterministic: the same slug, category and variant draw the same picture", () => {
    expect(plantArt("monstera-deliciosa", "Indoor Plants", 1)).toBe(plantArt("monstera-deliciosa", "Indoor Plants", 1));
    expect(plantArt("monstera-deliciosa", "Indoor Plants", 1)).not.toBe(plantArt("monstera-deliciosa", "Indoor Plants", 2));
    expect(plantArt("monstera-deliciosa", "Indoor Plants", 1)).not.toBe(plantArt("rubber-plant", "Indoor Plants", 1));
  });

  it("draw a well-formed picture for any category, including one the seed does not know", () => {
    for (const category of ["Indoor Plants", "Garden Tools", "Watering", "Soil & Fertiliser", "Seeds & Bulbs", "Pots & Planters", "Mystery Goods"]) {
      for (const variant of [1, 2] as const) expectWellFormedSvg(plantArt(`sample-${category.length}`, category, variant), `${category} ${variant}`);
    }
  });
});

describe("the plan", () => {
  it("puts orders in each of the last three months even on the first hours of a month", () => {
    const now = new Date("2027-03-01T02:00:00.000Z");
    const plan = planDemoShop(now);
    const months = new Set(plan.orders.map((order) => monthOf(order.createdAt)));
    expect([...months].sort()).toEqual(["2027-01", "2027-02", "2027-03"]);
    expect(plan.orders.every((order) => order.createdAt.getTime() < now.getTime())).toBe(true);
  });

  it("is the same from run to run but for order numbers and references", () => {
    const shape = (plan: ReturnType<typeof planDemoShop>) =>
      plan.orders.map((order) => [order.createdAt.toISOString(), order.buyer.email, order.status, order.lines.map((line) => [line.product.slug, line.quantity])]);
    expect(shape(planDemoShop(NOW))).toEqual(shape(planDemoShop(NOW)));
  });
});

describe("a shop whose products were all deleted", () => {
  it("is seeded again, once even when two replicas start together, reusing its categories, regions and people", async () => {
    const before = await snapshot();
    await t.db.prisma.product.deleteMany();
    const results = await Promise.all([seedDatabase(t.db.prisma, { ...options, demo: true }), seedDatabase(t.db.prisma, { ...options, demo: true })]);
    expect(results.map((result) => result.demoSeeded).sort()).toEqual([false, true]);
    expect(results.every((result) => !result.adminCreated)).toBe(true);
    const after = await snapshot();
    expect(after.categories).toEqual(before.categories);
    expect(after.regions).toEqual(before.regions);
    expect(after.users).toEqual(before.users);
    expect(after.products.length).toBe(before.products.length);
    expect(after.orders.length).toBe(before.orders.length * 2);
  });
});
