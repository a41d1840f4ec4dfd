// The dashboard's sales report (domain/analytics/report.ts) over GraphQL: a range of UTC days with its totals,
// average order value, every day for the chart, sales by category and best sellers, the same as CSV with
// formulas neutralised; the ranges' days; refusals of a bad range; analytics:read (a support or catalogue
// manager is refused, an owner and the spec's admin are not).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { averageOrderValue } from "../src/domain/analytics/index.js";
import { resolveRange } from "../src/domain/analytics/report.js";
import { newReference } from "../src/domain/orders/index.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let owner: string;
let fern: { id: number };
let spade: { id: number };
let counter = 0;

async function order(createdAt: string, lines: { product: { id: number }; category: string; unit: number; quantity: number }[], extra: { status?: "pending" | "cancelled" | "delivered"; refunded?: number; fee?: number } = {}) {
  counter += 1;
  const subtotal = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  const fee = extra.fee ?? 500;
  const user = await t.shop.prisma.user.findFirstOrThrow({ where: { role: "user" } });
  await t.shop.prisma.order.create({
    data: {
      orderNumber: `ORD-R-${counter}`,
      reference: newReference(),
      status: extra.status ?? "delivered",
      userId: user.id,
      regionName: "Coast",
      subtotalCents: subtotal,
      deliveryFeeCents: fee,
      totalCents: subtotal + fee,
      refundedCents: extra.refunded ?? 0,
      userEmail: "r@example.com",
      userPhone: "1",
      userAddress: "a",
      createdAt: new Date(createdAt),
      lines: {
        create: lines.map((line) => ({ productId: line.product.id, slug: "s", name: "n", description: "", categoryName: line.category, priceCents: line.unit, unitPriceCents: line.unit, quantity: line.quantity, imageOne: "/x.jpg" })),
      },
    },
  });
}

beforeAll(async () => {
  t = await createTestShop();
  owner = (await t.signUp({ role: "admin" })).token;
  await t.signUp();
  const plants = await t.shop.prisma.category.create({ data: { name: "Plants" } });
  const tools = await t.shop.prisma.category.create({ data: { name: "=Tools" } });
  fern = await t.shop.prisma.product.create({ data: { slug: "fern", name: "Fern", description: "A fern.", categoryId: plants.id, priceCents: 1_000, quantity: 50, imageOne: "/uploads/fern.jpg" } });
  spade = await t.shop.prisma.product.create({ data: { slug: "spade", name: "Spade", description: "A spade.", categoryId: tools.id, priceCents: 2_500, quantity: 50, imageOne: "/uploads/spade.jpg" } });
  // March 2025, UTC days: the 1st just after midnight, the 2nd just before the next midnight.
  await order("2025-03-01T00:00:01Z", [{ product: fern, category: "Plants", unit: 1_000, quantity: 2 }]); // 2,500
  await order("2025-03-02T23:59:59Z", [{ product: spade, category: "=Tools", unit: 2_500, quantity: 1 }, { product: fern, category: "Plants", unit: 1_000, quantity: 1 }], { refunded: 1_000 }); // 4,000 - 1,000
  await order("2025-03-02T10:00:00Z", [{ product: spade, category: "=Tools", unit: 2_500, quantity: 4 }], { status: "cancelled" }); // counts nowhere
  await order("2025-02-28T23:59:59Z", [{ product: fern, category: "Plants", unit: 1_000, quantity: 9 }]); // before the range
});

afterAll(async () => {
  await t?.close();
});

const REPORT = `query($range: ReportRange, $from: String, $to: String) { salesReport(range: $range, from: $from, to: $to) {
  range from to sales orders items newCustomers discounts tax averageOrderValue
  days { day sales orders items newCustomers } categories { category items sales } topProducts { id slug name category items sales } } }`;

describe("sales report", () => {
  it("a custom range: totals, average order value, every day, categories and best sellers; cancelled orders count nowhere, refunds come off", async () => {
    const answer = await t.gql<{ salesReport: Record<string, unknown> }>(REPORT, { range: "CUSTOM", from: "2025-03-01", to: "2025-03-03" }, owner);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.salesReport).toEqual({
      range: "CUSTOM",
      from: "2025-03-01",
      to: "2025-03-03",
      sales: 55,
      orders: 2,
      items: 4,
      newCustomers: 0,
      discounts: 0,
      tax: 0,
      averageOrderValue: 27.5,
      days: [
        { day: "2025-03-01", sales: 25, orders: 1, items: 2, newCustomers: 0 },
        { day: "2025-03-02", sales: 30, orders: 1, items: 2, newCustomers: 0 },
        { day: "2025-03-03", sales: 0, orders: 0, items: 0, newCustomers: 0 },
      ],
      categories: [
        { category: "Plants", items: 3, sales: 30 },
        { category: "=Tools", items: 1, sales: 25 },
      ],
      topProducts: [
        { id: fern.id, slug: "fern", name: "Fern", category: "Plants", items: 3, sales: 30 },
        { id: spade.id, slug: "spade", name: "Spade", category: "=Tools", items: 1, sales: 25 },
      ],
    });
  });

  it("the CSV: a row a day, a Total row, then the categories, formulas neutralised", async () => {
    const answer = await t.gql<{ salesReportCsv: { fileName: string; csv: string } }>(
      `query { salesReportCsv(range: CUSTOM, from: "2025-03-01", to: "2025-03-02") { fileName csv } }`,
      {},
      owner,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.salesReportCsv.fileName).toBe("sales-report-2025-03-01-to-2025-03-02.csv");
    expect(answer.data!.salesReportCsv.csv).toBe(
      [
        "Date,Orders,Sales,Average order value,Items,New customers",
        "2025-03-01,1,25.00,25.00,2,0",
        "2025-03-02,1,30.00,30.00,2,0",
        "Total,2,55.00,27.50,4,0",
        "",
        "Category,Items,Sales",
        "Plants,3,30.00",
        "'=Tools,1,25.00",
        "",
      ].join("\r\n"),
    );
  });

  it("the default range is the last 30 days, today included; new customers are counted on their day", async () => {
    const answer = await t.gql<{ salesReport: { range: string; from: string; to: string; days: { day: string }[]; newCustomers: number } }>(REPORT, {}, owner);
    expect(answer.errors).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.data!.salesReport).toMatchObject({ range: "LAST_30_DAYS", to: today, newCustomers: 1 });
    expect(answer.data!.salesReport.days).toHaveLength(30);
    expect(answer.data!.salesReport.days.at(-1)!.day).toBe(today);
  });

  it("the ranges' days (UTC), and the average order value rounded half up", () => {
    const now = new Date("2026-03-10T23:30:00-05:00"); // already March 11 in UTC
    const day = (range: string) => {
      const { from, to } = resolveRange({ range }, now);
      return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
    };
    expect(day("last-7-days")).toEqual(["2026-03-05", "2026-03-11"]);
    expect(day("last-30-days")).toEqual(["2026-02-10", "2026-03-11"]);
    expect(day("last-90-days")).toEqual(["2025-12-12", "2026-03-11"]);
    expect(day("this-year")).toEqual(["2026-01-01", "2026-03-11"]);
    expect([averageOrderValue(0, 0), averageOrderValue(100, 3), averageOrderValue(101, 2), averageOrderValue(5, 2)]).toEqual([0, 33, 51, 3]);
  });

  it("a bad range is refused with the field and a message a person can act on", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ range: "CUSTOM" }, "from", "The from date is required for a custom range."],
      [{ range: "CUSTOM", from: "2025-02-30", to: "2025-03-01" }, "from", "The from date must be a day written YYYY-MM-DD, e.g. 2026-09-01."],
      [{ range: "CUSTOM", from: "2025-03-02", to: "2025-03-01" }, "to", "The to date must be the same as the from date or after it."],
      [{ range: "CUSTOM", from: "2000-01-01", to: "2025-03-01" }, "to", "A range can hold at most 3660 days."],
    ];
    for (const [variables, field, message] of cases) {
      expect(failure(await t.gql(REPORT, variables, owner))).toMatchObject({ code: "BAD_USER_INPUT", fields: { [field]: [message] } });
    }
  });

  it("a deleted product's sales leave the best sellers (its lines no longer point at it) and stay in its category", async () => {
    const gone = await t.shop.prisma.product.create({ data: { slug: "gone", name: "Gone", description: "Gone.", categoryId: (await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Plants" } })).id, priceCents: 100, quantity: 50, imageOne: "/uploads/gone.jpg" } });
    await order("2025-04-01T12:00:00Z", [{ product: gone, category: "Plants", unit: 100, quantity: 50 }]);
    const range = { range: "CUSTOM", from: "2025-04-01", to: "2025-04-01" };
    const before = await t.gql<{ salesReport: { topProducts: { slug: string }[]; categories: { category: string; items: number }[] } }>(REPORT, range, owner);
    expect(before.data!.salesReport.topProducts.map((product) => product.slug)).toEqual(["gone"]);
    await t.shop.prisma.productVariant.deleteMany({ where: { productId: gone.id } }).catch(() => undefined);
    await t.shop.prisma.product.delete({ where: { id: gone.id } });
    const after = await t.gql<{ salesReport: { topProducts: { slug: string }[]; categories: { category: string; items: number }[] } }>(REPORT, range, owner);
    expect(after.data!.salesReport.topProducts).toEqual([]);
    expect(after.data!.salesReport.categories).toMatchObject([{ category: "Plants", items: 50 }]);
  });

  it("needs analytics:read: a support or catalogue manager, a shopper and a guest are refused; the spec's admin is not", async () => {
    const support = (await t.signUp({ role: "admin", staffRole: "support" })).token;
    const catalogue = (await t.signUp({ role: "admin", staffRole: "catalogue-manager" })).token;
    const shopper = (await t.signUp()).token;
    for (const token of [support, catalogue]) {
      for (const query of [REPORT, `{ salesReportCsv { csv } }`, `{ analytics { totalOrders } }`, `{ topProducts { id } }`]) {
        expect(failure(await t.gql(query, {}, token))).toMatchObject({ code: "FORBIDDEN" });
      }
    }
    expect(failure(await t.gql(REPORT, {}, shopper))).toMatchObject({ code: "FORBIDDEN" });
    expect(failure(await t.gql(REPORT, {}))).toMatchObject({ code: "UNAUTHENTICATED" });
    const specAdmin = (await t.signUp({ role: "admin", staffRole: null })).token;
    expect((await t.gql(REPORT, {}, specAdmin)).errors).toBeUndefined();
  });
});
