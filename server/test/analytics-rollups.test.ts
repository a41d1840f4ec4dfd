// The dashboard's daily rollups (migration analytics_rollups, domain/analytics) on both databases: after a
// seeded random run of orders placed, moved, cancelled (by the shop and by shoppers) and refunded (amounts and
// lines), backdated orders, new customers, a role change and a deleted product, every rollup equals a full
// recount from the orders as they are; the backfill (analytics_rebuild) gives the same rows; the summary and
// the best sellers read from the rollups equal the figures counted from the orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/index.js";
import { mulberry32 } from "../seed/plant-art.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let admin: string;
let regionId: number;
const products: { id: number; categoryId: number }[] = [];
const shoppers: { id: number; token: string }[] = [];
const orders: { id: number; shopper: string }[] = [];

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.signUp({ role: "admin" })).token;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  const categories = await Promise.all(["Ferns", "Cacti", "Tools"].map((name) => t.shop.prisma.category.create({ data: { name } })));
  for (let i = 0; i < 6; i += 1) {
    const category = categories[i % categories.length];
    const product = await t.shop.prisma.product.create({
      data: { slug: `thing-${i}`, name: `Thing ${i}`, description: "A thing.", categoryId: category.id, priceCents: 333 + i * 250, quantity: 100_000, imageOne: `/uploads/t${i}.jpg` },
    });
    products.push({ id: product.id, categoryId: category.id });
  }
  // $1 off every order of cacti: discounts that do not divide evenly by the units.
  await t.shop.prisma.promotion.create({ data: { name: "Cactus dollar", kind: "amount_off", amountCents: 100, automatic: true, combinable: true, categoryIds: [categories[1].id] } });
  for (let i = 0; i < 4; i += 1) shoppers.push(await t.signUp());
});

afterAll(async () => {
  await t?.close();
});

const ORDER = "id total status lines { id quantity }";

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

async function randomStep(rng: Rng, step: number): Promise<void> {
  const roll = rng();
  if (roll < 0.4 || orders.length === 0) {
    const shopper = pick(rng, shoppers);
    const chosen = [...new Set(Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(rng, products).id))];
    const lines = chosen.map((productId) => ({ productId, quantity: 1 + Math.floor(rng() * 3) }));
    const placed = await t.gql<{ placeOrder: { order: { id: number } } }>(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { ${ORDER} } } }`,
      { input: { lines, regionId, reference: newReference() } },
      shopper.token,
    );
    // A product deleted during the run can no longer be bought: that order is refused, as it should be.
    if (placed.data) orders.push({ id: placed.data.placeOrder.order.id, shopper: shopper.token });
  } else if (roll < 0.6) {
    const order = pick(rng, orders);
    await t.gql(`mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { message } }`, { id: order.id, status: pick(rng, ["PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"]) }, admin);
  } else if (roll < 0.67) {
    const order = pick(rng, orders);
    await t.gql(`mutation($id: Int!) { cancelMyOrder(id: $id) { message } }`, { id: order.id }, order.shopper);
  } else if (roll < 0.8) {
    const order = await t.shop.prisma.order.findUniqueOrThrow({ where: { id: pick(rng, orders).id }, include: { lines: true } });
    const input =
      rng() < 0.5
        ? { amount: Math.max(1, Math.floor(rng() * order.totalCents * 0.6)) / 100, reason: "Random amount" }
        : { lines: [{ lineId: pick(rng, order.lines).id, quantity: 1 }], reason: "Random line" };
    await t.gql(`mutation($id: Int!, $input: RefundInput!) { refundOrder(id: $id, input: $input) { message } }`, { id: order.id, input }, admin);
  } else if (roll < 0.9) {
    // An order placed on another day (imports and old shops have them), written straight to the tables.
    const product = pick(rng, products);
    const day = new Date(Date.UTC(2024, Math.floor(rng() * 12), 1 + Math.floor(rng() * 28), Math.floor(rng() * 24), 59, 59));
    const quantity = 1 + Math.floor(rng() * 4);
    const created = await t.shop.prisma.order.create({
      data: {
        orderNumber: `ORD-OLD-${step}`,
        reference: newReference(),
        status: pick(rng, ["pending", "delivered", "cancelled", "awaiting_payment"] as const),
        userId: shoppers[0].id,
        regionName: "Coast",
        subtotalCents: 700 * quantity,
        deliveryFeeCents: 500,
        totalCents: 700 * quantity + 500,
        userEmail: "old@example.com",
        userPhone: "1",
        userAddress: "a",
        createdAt: day,
        lines: { create: [{ productId: product.id, sku: `OLD-${product.id}`, slug: "s", name: "n", description: "", categoryName: "Old category", priceCents: 700, unitPriceCents: 700, quantity, imageOne: "/x.jpg" }] },
      },
    });
    orders.push({ id: created.id, shopper: shoppers[0].token });
  } else if (roll < 0.97) {
    shoppers.push(await t.signUp());
  } else {
    // A shopper made an admin is no longer a customer.
    const user = pick(rng, shoppers);
    await t.shop.prisma.user.update({ where: { id: user.id }, data: { role: rng() < 0.5 ? "admin" : "user" } });
  }
}

type Row = Record<string, string | number>;
const rowsOf = async (sql: string): Promise<Row[]> =>
  ((await t.shop.prisma.$queryRawUnsafe(sql)) as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" || typeof value === "number" ? Number(value) : String(value)])),
  );

// The recount, straight from the orders, their lines and the accounts as they are now (the rollups' rules
// written once more, independently: counted orders, UTC days, sales net of refunds).
const COUNTED = "o.status NOT IN ('cancelled', 'awaiting-payment')";
const LINE_PAID = "l.unit_price_cents::bigint * l.quantity - l.discount_cents + CASE WHEN o.prices_include_tax THEN 0 ELSE l.tax_cents END";
const RECOUNT = {
  days: `
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(orders)::int AS orders, sum(sales)::bigint AS sales, sum(discounts)::bigint AS discounts, sum(tax)::bigint AS tax, sum(items)::int AS items, sum(customers)::int AS customers
    FROM (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS orders, o.total_cents - o.refunded_cents AS sales, o.discount_cents + o.delivery_discount_cents AS discounts,
             o.tax_cents AS tax, (SELECT coalesce(sum(quantity), 0) FROM order_lines WHERE order_id = o.id) AS items, 0 AS customers
      FROM orders o WHERE ${COUNTED}
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 1 FROM users WHERE role = 'user'
    ) x GROUP BY day ORDER BY day`,
  productDays: `
    SELECT to_char((o.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, l.product_id, sum(l.quantity)::int AS quantity, sum(${LINE_PAID})::bigint AS sales
    FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ${COUNTED} AND l.product_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  productTotals: `SELECT l.product_id, sum(l.quantity)::int AS quantity FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ${COUNTED} AND l.product_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
  skus: `SELECT l.product_id, l.sku, sum(l.quantity)::int AS quantity FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ${COUNTED} AND l.product_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  categoryDays: `
    SELECT to_char((o.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, l.category_name AS category, sum(l.quantity)::int AS quantity, sum(${LINE_PAID})::bigint AS sales
    FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE ${COUNTED} GROUP BY 1, 2 ORDER BY 1, 2`,
};
// The month rollups: the same recount by UTC month (the first day of the month).
Object.assign(RECOUNT, {
  months: `SELECT substr(day, 1, 7) AS month, sum(orders)::int AS orders, sum(sales)::bigint AS sales, sum(discounts)::bigint AS discounts, sum(tax)::bigint AS tax,
                  sum(items)::int AS items, sum(customers)::int AS customers FROM (${RECOUNT.days}) d GROUP BY 1 ORDER BY 1`,
  productMonths: `SELECT substr(day, 1, 7) AS month, product_id, sum(quantity)::int AS quantity, sum(sales)::bigint AS sales FROM (${RECOUNT.productDays}) d GROUP BY 1, 2 ORDER BY 1, 2`,
});
// The rollups as kept, rows that came back to nothing left out (a day whose orders were all cancelled).
const ROLLUPS = {
  days: `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(orders)::int AS orders, sum(sales_cents)::bigint AS sales, sum(discounts_cents)::bigint AS discounts, sum(tax_cents)::bigint AS tax,
                sum(items)::int AS items, sum(new_customers)::int AS customers FROM analytics_days GROUP BY day
         HAVING sum(orders) <> 0 OR sum(sales_cents) <> 0 OR sum(discounts_cents) <> 0 OR sum(tax_cents) <> 0 OR sum(items) <> 0 OR sum(new_customers) <> 0 ORDER BY day`,
  productDays: `SELECT to_char(day, 'YYYY-MM-DD') AS day, product_id, quantity, sales_cents AS sales FROM analytics_product_days
                WHERE product_id IN (SELECT id FROM products) AND (quantity <> 0 OR sales_cents <> 0) ORDER BY 1, 2`,
  productTotals: `SELECT product_id, quantity FROM analytics_product_totals WHERE product_id IN (SELECT id FROM products) AND quantity <> 0 ORDER BY 1`,
  skus: `SELECT product_id, sku, quantity FROM analytics_product_skus WHERE product_id IN (SELECT id FROM products) AND quantity <> 0 ORDER BY 1, 2`,
  categoryDays: `SELECT to_char(day, 'YYYY-MM-DD') AS day, category, sum(quantity)::int AS quantity, sum(sales_cents)::bigint AS sales FROM analytics_category_days
                 GROUP BY 1, 2 HAVING sum(quantity) <> 0 OR sum(sales_cents) <> 0 ORDER BY 1, 2`,
  months: `SELECT to_char(month, 'YYYY-MM') AS month, sum(orders)::int AS orders, sum(sales_cents)::bigint AS sales, sum(discounts_cents)::bigint AS discounts, sum(tax_cents)::bigint AS tax,
                  sum(items)::int AS items, sum(new_customers)::int AS customers FROM analytics_months GROUP BY 1
           HAVING sum(orders) <> 0 OR sum(sales_cents) <> 0 OR sum(discounts_cents) <> 0 OR sum(tax_cents) <> 0 OR sum(items) <> 0 OR sum(new_customers) <> 0 ORDER BY 1`,
  productMonths: `SELECT to_char(month, 'YYYY-MM') AS month, product_id, quantity, sales_cents AS sales FROM analytics_product_months
                  WHERE product_id IN (SELECT id FROM products) AND (quantity <> 0 OR sales_cents <> 0) ORDER BY 1, 2`,
};

async function expectRollupsEqualRecount(): Promise<void> {
  for (const key of Object.keys(RECOUNT) as (keyof typeof RECOUNT)[]) {
    expect({ [key]: await rowsOf(ROLLUPS[key]) }).toEqual({ [key]: await rowsOf(RECOUNT[key]) });
  }
}

describe("daily rollups", () => {
  it("equal a full recount after random orders, status changes, cancellations, refunds, backdated orders and new customers", { timeout: 300_000 }, async () => {
    const rng = mulberry32(37);
    const steps = process.env.TEST_DB === "postgres" ? 160 : 90;
    for (let step = 0; step < steps; step += 1) {
      await randomStep(rng, step);
      if (step === Math.floor(steps / 2)) {
        // A product deleted part-way: its lines no longer point at it (they stay in their categories' figures).
        const gone = products.pop()!;
        await t.shop.prisma.productVariant.deleteMany({ where: { productId: gone.id } }).catch(() => undefined);
        await t.shop.prisma.product.delete({ where: { id: gone.id } });
      }
      if (step % 30 === 29) await expectRollupsEqualRecount();
    }
    await expectRollupsEqualRecount();
    // The run did what it claims: cancelled, refunded and backdated orders are among them.
    const kinds = await rowsOf(
      `SELECT count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled, count(*) FILTER (WHERE refunded_cents > 0)::int AS refunded,
              count(*) FILTER (WHERE created_at < '2025-01-01')::int AS backdated, count(*) FILTER (WHERE discount_cents > 0)::int AS discounted FROM orders`,
    );
    expect(kinds[0].cancelled).toBeGreaterThan(0);
    expect(kinds[0].refunded).toBeGreaterThan(0);
    expect(kinds[0].backdated).toBeGreaterThan(0);
    expect(kinds[0].discounted).toBeGreaterThan(0);
  });

  it("the backfill (analytics_rebuild, run by the migration) gives the same rows as the rollups kept change by change", async () => {
    const kept = await Promise.all(Object.values(ROLLUPS).map(rowsOf));
    await t.shop.prisma.$executeRawUnsafe("SELECT analytics_rebuild()");
    expect(await Promise.all(Object.values(ROLLUPS).map(rowsOf))).toEqual(kept);
    await expectRollupsEqualRecount();
  });

  it("the summary cards and the best sellers, read from the rollups, equal the figures counted from the orders", async () => {
    const summary = (
      await t.gql<{ analytics: { totalUsers: number; totalRevenue: number; totalDiscounts: number; totalOrders: number } }>("{ analytics { totalUsers totalRevenue totalDiscounts totalOrders } }", {}, admin)
    ).data!.analytics;
    const [counted] = await rowsOf(
      `SELECT (SELECT count(*)::int FROM users WHERE role = 'user') AS users, count(*)::int AS orders, coalesce(sum(total_cents - refunded_cents), 0)::bigint AS sales,
              coalesce(sum(discount_cents + delivery_discount_cents), 0)::bigint AS discounts FROM orders o WHERE ${COUNTED}`,
    );
    expect(summary).toEqual({ totalUsers: counted.users, totalRevenue: Number(counted.sales) / 100, totalDiscounts: Number(counted.discounts) / 100, totalOrders: counted.orders });

    const top = (await t.gql<{ topProducts: { id: number; purchasedQuantity: number; variants: { sku: string; purchasedQuantity: number }[] }[] }>("{ topProducts(limit: 100) { id purchasedQuantity variants { sku purchasedQuantity } } }", {}, admin)).data!
      .topProducts;
    const expected = await rowsOf(`SELECT l.product_id AS id, sum(l.quantity)::int AS quantity FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN products p ON p.id = l.product_id WHERE ${COUNTED} GROUP BY 1 ORDER BY 2 DESC, 1`);
    expect(top.map((product) => ({ id: product.id, quantity: product.purchasedQuantity }))).toEqual(expected);
    for (const product of top) expect(product.variants.reduce((sum, variant) => sum + variant.purchasedQuantity, 0)).toBe(product.purchasedQuantity);
  });
});
