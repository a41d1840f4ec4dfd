// The admin dashboard: summary cards with 'This month' growth, the last three months, and top selling
// products . Figures are checked against hand-made users and orders at fixed dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../src/generated/prisma/client.js";
import { AnalyticsService, growthPercentage } from "../src/domain/analytics/analytics.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { createTestShop, failure, refusal, type TestShop } from "./support.js";

let t: TestShop;
let admin: { token: string; viewer: Viewer };
let shopper: { token: string; viewer: Viewer };
let products: Record<"fern" | "palm" | "cactus" | "gone" | "ivy", { id: number; slug: string; name: string; imageOne: string }>;

// "Now" for the figures: mid-September 2024, in UTC. Accounts made by signUp() are dated today, far later.
const NOW = new Date("2024-09-15T12:00:00Z");

let counter = 0;
async function makeUser(createdAt: string, role: "user" | "admin" = "user") {
  counter += 1;
  return t.shop.prisma.user.create({
    data: { name: `Customer ${counter}`, email: `customer${counter}@example.com`, passwordHash: "not-a-real-hash", role, createdAt: new Date(createdAt) },
  });
}

async function makeOrder(userId: number, createdAt: string, totalCents: number, lines: [{ id: number; name: string }, number][]) {
  counter += 1;
  return t.shop.prisma.order.create({
    data: {
      orderNumber: `ORD-TEST-${counter}`,
      reference: newReference(),
      userId,
      regionName: "Capital",
      subtotalCents: totalCents,
      deliveryFeeCents: 0,
      totalCents,
      userEmail: "customer@example.com",
      userPhone: "+1 555 0100",
      userAddress: "1 Garden Lane",
      createdAt: new Date(createdAt),
      lines: {
        create: lines.map(([product, quantity]) => ({
          productId: product.id,
          slug: `slug-${product.id}`,
          name: product.name,
          description: "",
          categoryName: "Plants",
          priceCents: 100,
          unitPriceCents: 100,
          quantity,
          imageOne: "/uploads/x.jpg",
        })),
      },
    },
  });
}

beforeAll(async () => {
  t = await createTestShop();
  const signedInAdmin = await t.signUp({ role: "admin" });
  const signedInShopper = await t.signUp();
  admin = { token: signedInAdmin.token, viewer: (await t.shop.tokens.verify(signedInAdmin.token))! };
  shopper = { token: signedInShopper.token, viewer: (await t.shop.tokens.verify(signedInShopper.token))! };

  const category = await t.shop.prisma.category.create({ data: { name: "Houseplants" } });
  const product = (name: string) =>
    t.shop.prisma.product.create({
      data: { slug: name.toLowerCase().replaceAll(" ", "-"), name, description: name, categoryId: category.id, priceCents: 1000, quantity: 10, imageOne: `/uploads/${name}.jpg` },
    });
  products = {
    fern: await product("Boston Fern"),
    palm: await product("Parlour Palm"),
    cactus: await product("Barrel Cactus"),
    gone: await product("Discontinued Orchid"),
    ivy: await product("English Ivy"),
  };
  const { fern, palm, cactus, gone, ivy } = products;

  // Customers: June 1, July 1, August 2 (both edges of the month), September 3, October 1.
  await makeUser("2024-06-10T09:00:00Z");
  await makeUser("2024-07-05T09:00:00Z");
  await makeUser("2024-08-01T00:00:00Z");
  await makeUser("2024-08-31T23:59:59.999Z");
  const buyer = await makeUser("2024-09-01T00:00:00Z");
  await makeUser("2024-09-10T09:00:00Z");
  await makeUser("2024-09-30T23:59:59.999Z");
  await makeUser("2024-10-01T00:00:00Z");
  // Admins are not customers, whenever they joined.
  await makeUser("2024-09-05T09:00:00Z", "admin");

  await makeOrder(buyer.id, "2024-06-20T10:00:00Z", 1000, [[fern, 3]]);
  await makeOrder(buyer.id, "2024-07-15T10:00:00Z", 2000, [[fern, 1]]);
  await makeOrder(buyer.id, "2024-08-01T00:00:00Z", 1500, [[palm, 4], [fern, 1]]);
  // 00:30 on 1 September in UTC+2 is still 31 August in UTC: months are UTC months.
  await makeOrder(buyer.id, "2024-09-01T00:30:00+02:00", 2500, [[cactus, 2]]);
  const promoted = await makeOrder(buyer.id, "2024-09-02T10:00:00Z", 3000, [[palm, 6]]);
  // An order that got promotions (items and delivery) and was charged tax.
  await t.shop.prisma.order.update({ where: { id: promoted.id }, data: { discountCents: 300, deliveryDiscountCents: 200, taxCents: 450 } });
  await makeOrder(buyer.id, "2024-09-14T10:00:00Z", 3000, [[gone, 50]]);
  await makeOrder(buyer.id, "2024-09-30T23:59:59.999Z", 1000, [[fern, 2]]);
  await makeOrder(buyer.id, "2024-10-01T00:00:00Z", 500, [[ivy, 2]]);
  // A deleted product's lines stay in the orders but no longer point at a product.
  await t.shop.prisma.product.delete({ where: { id: gone.id } });
});

afterAll(async () => {
  await t?.close();
});

const ANALYTICS = `{ analytics { totalUsers userGrowthPercentage totalRevenue revenueChangePercentage totalOrders orderGrowthPercentage
  lastThreeMonths { month yearMonth newUsers revenue newOrders } } }`;
const TOP_PRODUCTS = `query($limit: Int) { topProducts(limit: $limit) { id slug name category imageOne purchasedQuantity } }`;

describe("dashboard summary (GET /get-analytics)", () => {
  it("totals count customers (role user), all orders and all revenue; growth is this month against last month", async () => {
    const summary = await t.shop.analytics.summary(admin.viewer, NOW);
    expect(summary).toEqual({
      // Eight hand-made customers and the shopper signed up for these tests; admins are not counted.
      totalUsers: 9,
      userGrowthPercentage: 50, // 3 in September against 2 in August
      totalRevenue: 14_500,
      totalDiscounts: 500,
      totalTax: 450,
      revenueChangePercentage: 75, // $70 against $40
      totalOrders: 8,
      orderGrowthPercentage: 50, // 3 against 2
      lastThreeMonths: [
        { month: "July", yearMonth: "2024-07", newUsers: 1, revenue: 2000, discounts: 0, tax: 0, newOrders: 1 },
        { month: "August", yearMonth: "2024-08", newUsers: 2, revenue: 4000, discounts: 0, tax: 0, newOrders: 2 },
        { month: "September", yearMonth: "2024-09", newUsers: 3, revenue: 7000, discounts: 500, tax: 450, newOrders: 3 },
      ],
    });
  });

  it("growth is rounded to whole percent and may be negative", async () => {
    const summary = await t.shop.analytics.summary(admin.viewer, new Date("2024-10-15T00:00:00Z"));
    expect(summary).toMatchObject({ userGrowthPercentage: -67, revenueChangePercentage: -93, orderGrowthPercentage: -67 });
    expect(summary.lastThreeMonths.map((month) => month.yearMonth)).toEqual(["2024-08", "2024-09", "2024-10"]);
  });

  it("when last month had nothing, growth is 100 if this month has something, else 0", async () => {
    expect(await t.shop.analytics.summary(admin.viewer, new Date("2024-06-30T23:00:00Z"))).toMatchObject({
      userGrowthPercentage: 100,
      revenueChangePercentage: 100,
      orderGrowthPercentage: 100,
    });
    const quiet = await t.shop.analytics.summary(admin.viewer, new Date("2030-01-15T00:00:00Z"));
    expect(quiet).toMatchObject({ userGrowthPercentage: 0, revenueChangePercentage: 0, orderGrowthPercentage: 0, totalOrders: 8 });
    expect(growthPercentage(0, 4)).toBe(-100);
    expect(growthPercentage(5, 0)).toBe(100);
    expect(growthPercentage(0, 0)).toBe(0);
  });

  it("the last three months run across a new year, oldest first", async () => {
    const summary = await t.shop.analytics.summary(admin.viewer, new Date("2030-01-15T00:00:00Z"));
    expect(summary.lastThreeMonths.map(({ month, yearMonth }) => `${month} ${yearMonth}`)).toEqual([
      "November 2029-11",
      "December 2029-12",
      "January 2030-01",
    ]);
  });

  it("over GraphQL, money is in dollars and the months end with the current one", async () => {
    const result = await t.gql<{ analytics: { totalRevenue: number; totalOrders: number; lastThreeMonths: { yearMonth: string }[] } }>(
      ANALYTICS,
      {},
      admin.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.analytics).toMatchObject({ totalRevenue: 145, totalOrders: 8, totalUsers: 9 });
    expect(result.data!.analytics.lastThreeMonths.at(-1)!.yearMonth).toBe(new Date().toISOString().slice(0, 7));
  });

  it("only admins see the dashboard: a guest must sign in, a user is FORBIDDEN", async () => {
    expect(failure(await t.gql(ANALYTICS)).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(ANALYTICS, {}, shopper.token)).code).toBe("FORBIDDEN");
    expect((await refusal(t.shop.analytics.summary(null))).code).toBe("UNAUTHENTICATED");
  });
});

describe("top selling products (GET /get-top-products)", () => {
  it("products by total purchased quantity across all orders, most first; deleted products are left out", async () => {
    const top = await t.shop.analytics.topProducts(admin.viewer);
    const { palm, fern, cactus, ivy } = products;
    expect(top).toEqual([
      { id: palm.id, slug: palm.slug, name: "Parlour Palm", category: "Houseplants", imageOne: palm.imageOne, purchasedQuantity: 10, variants: [expect.objectContaining({ purchasedQuantity: 10 })] },
      { id: fern.id, slug: fern.slug, name: "Boston Fern", category: "Houseplants", imageOne: fern.imageOne, purchasedQuantity: 7, variants: [expect.objectContaining({ purchasedQuantity: 7 })] },
      // A tie is broken by the older product (smaller id).
      { id: cactus.id, slug: cactus.slug, name: "Barrel Cactus", category: "Houseplants", imageOne: cactus.imageOne, purchasedQuantity: 2, variants: [expect.objectContaining({ purchasedQuantity: 2 })] },
      { id: ivy.id, slug: ivy.slug, name: "English Ivy", category: "Houseplants", imageOne: ivy.imageOne, purchasedQuantity: 2, variants: [expect.objectContaining({ purchasedQuantity: 2 })] },
    ]);
  });

  it("the limit keeps the first N (10 unless given)", async () => {
    const result = await t.gql<{ topProducts: { name: string; purchasedQuantity: number }[] }>(TOP_PRODUCTS, { limit: 2 }, admin.token);
    expect(result.data!.topProducts).toEqual([
      expect.objectContaining({ name: "Parlour Palm", purchasedQuantity: 10 }),
      expect.objectContaining({ name: "Boston Fern", purchasedQuantity: 7 }),
    ]);
    const byDefault = await t.gql<{ topProducts: unknown[] }>(`{ topProducts { id } }`, {}, admin.token);
    expect(byDefault.data!.topProducts).toHaveLength(4);
    expect(await t.shop.analytics.topProducts(admin.viewer, "1")).toHaveLength(1);
  });

  it("bad input: a limit that is not a whole number from 1 to 100", async () => {
    for (const limit of [0, -1, 101, 1.5, "abc", true, null]) {
      const error = await refusal(t.shop.analytics.topProducts(admin.viewer, limit));
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(Object.keys(error.fields!)).toEqual(["limit"]);
    }
    expect(failure(await t.gql(TOP_PRODUCTS, { limit: 0 }, admin.token)).fields).toEqual({ limit: ["The limit must be between 1 and 100."] });
  });

  it("only admins see top products: a guest must sign in, a user is FORBIDDEN", async () => {
    expect(failure(await t.gql(TOP_PRODUCTS)).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(TOP_PRODUCTS, {}, shopper.token)).code).toBe("FORBIDDEN");
  });

  it("top products cost the same number of queries whatever the limit", async () => {
    const counted = async (limit: number) => {
      let operations = 0;
      const prisma = t.shop.prisma.$extends({
        query: {
          $allOperations({ args, query }) {
            operations += 1;
            return query(args);
          },
        },
      }) as unknown as PrismaClient;
      await new AnalyticsService(prisma).topProducts(admin.viewer, limit);
      return operations;
    };
    expect(await counted(1)).toBe(3);
    expect(await counted(100)).toBe(3);
  });
});
