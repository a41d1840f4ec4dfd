// The dashboard's kept answers (domain/analytics/kept.ts) and the month rollups behind the report's best sellers
// (report.ts, rangePieces): an answer asked twice is counted once; an order placed, a status changed, a refund and
// a new customer each make the next summary and report show it (the rollups' triggers announce analyticsChanged,
// on PostgreSQL through NOTIFY, on PGlite in process); identical asks together share one computation; a gap in
// event delivery drops everything and keeps nothing until it ends; the best sellers of any range, read from whole
// months and edge days, equal the sum of that range's days.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rangePieces } from "../src/domain/analytics/report.js";
import { KeptDashboardAnswers, MAX_KEPT_WEIGHT } from "../src/domain/analytics/kept.js";
import { newReference } from "../src/domain/orders/index.js";
import { ListenerSet, type DeliveryNews, type EventBus, type Viewer } from "../src/domain/shared/index.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let admin: Viewer;
let plant: { id: number };
let counter = 0;
const NOW = new Date("2025-06-20T12:00:00Z");
const MARCH = { range: "custom", from: "2025-03-01", to: "2025-06-20" };

async function placeOrder(createdAt: string, quantity: number) {
  counter += 1;
  const user = await t.shop.prisma.user.findFirstOrThrow({ where: { role: "user" } });
  return t.shop.prisma.order.create({
    data: {
      orderNumber: `ORD-K-${counter}`,
      reference: newReference(),
      status: "delivered",
      userId: user.id,
      regionName: "Coast",
      subtotalCents: 1_000 * quantity,
      deliveryFeeCents: 0,
      totalCents: 1_000 * quantity,
      userEmail: "k@example.com",
      userPhone: "1",
      userAddress: "a",
      createdAt: new Date(createdAt),
      lines: { create: [{ productId: plant.id, slug: "s", name: "n", description: "", categoryName: "Plants", priceCents: 1_000, unitPriceCents: 1_000, quantity, imageOne: "/x.jpg" }] },
    },
  });
}

/** Resolves when this process hears the next analyticsChanged (asked before the write it waits for). */
function nextChange(): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.shop.events.listen((event) => {
      if (event.type !== "analyticsChanged") return;
      stop();
      resolve();
    });
  });
}

beforeAll(async () => {
  t = await createTestShop();
  admin = (await t.shop.tokens.verify((await t.signUp({ role: "admin" })).token))!;
  await t.signUp();
  const category = await t.shop.prisma.category.create({ data: { name: "Plants" } });
  plant = await t.shop.prisma.product.create({ data: { slug: "kept-fern", name: "Fern", description: "A fern.", categoryId: category.id, priceCents: 1_000, quantity: 50, imageOne: "/uploads/fern.jpg" } });
  const written = nextChange();
  await placeOrder("2025-03-10T10:00:00Z", 2);
  await written;
});

afterAll(async () => {
  await t?.close();
});

describe("kept dashboard answers", () => {
  it("an answer asked again is not counted again; each change (order placed, status changed, refund, new customer) shows in the next answers", async () => {
    const analytics = t.shop.analytics;
    const report = () => analytics.report(admin, MARCH, NOW);
    const summary = () => analytics.summary(admin, NOW);
    const before = { report: await report(), summary: await summary() };
    const computed = analytics.kept.computed;
    expect(await report()).toEqual(before.report);
    expect(await summary()).toEqual(before.summary);
    expect(analytics.kept.computed).toBe(computed);

    // An order placed.
    let written = nextChange();
    const order = await placeOrder("2025-06-20T09:00:00Z", 3);
    await written;
    const placed = await report();
    expect(placed.orders).toBe(before.report.orders + 1);
    expect(placed.topProducts[0].items).toBe(before.report.topProducts[0].items + 3);
    expect((await summary()).totalOrders).toBe(before.summary.totalOrders + 1);

    // Its status changed to cancelled: it counts nowhere.
    written = nextChange();
    await t.shop.prisma.order.update({ where: { id: order.id }, data: { status: "cancelled" } });
    await written;
    expect((await report()).orders).toBe(before.report.orders);
    expect((await summary()).totalOrders).toBe(before.summary.totalOrders);

    // A refund comes off sales.
    const first = await t.shop.prisma.order.findFirstOrThrow({ where: { orderNumber: "ORD-K-1" } });
    written = nextChange();
    await t.shop.prisma.order.update({ where: { id: first.id }, data: { refundedCents: 500 } });
    await written;
    expect((await report()).sales).toBe(before.report.sales - 500);
    expect((await summary()).totalRevenue).toBe(before.summary.totalRevenue - 500);

    // A new customer (made today: the report of the last 7 days as of now).
    const week = await analytics.report(admin, { range: "last-7-days" });
    written = nextChange();
    await t.signUp();
    await written;
    expect((await summary()).totalUsers).toBe(before.summary.totalUsers + 1);
    expect((await analytics.report(admin, { range: "last-7-days" })).newCustomers).toBe(week.newCustomers + 1);
  });

  it("a catalogue change drops the kept best sellers (they show the product's name)", async () => {
    const before = await t.shop.analytics.topProducts(admin, 5, NOW);
    expect(before[0].name).toBe("Fern");
    const heard = new Promise<void>((resolve) => {
      const stop = t.shop.events.listen((event) => {
        if (event.type !== "catalogueChanged") return;
        stop();
        resolve();
      });
    });
    await t.shop.prisma.product.update({ where: { id: plant.id }, data: { name: "Sword fern" } });
    await heard;
    expect((await t.shop.analytics.topProducts(admin, 5, NOW))[0].name).toBe("Sword fern");
  });

  it("identical asks arriving together share one computation", async () => {
    t.shop.analytics.kept.empty();
    const computed = t.shop.analytics.kept.computed;
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.shop.analytics.report(admin, { range: "last-90-days" }, NOW)));
    expect(t.shop.analytics.kept.computed).toBe(computed + 1);
    for (const answer of answers) expect(answer).toBe(answers[0]);
  });
});

describe("kept answers and event delivery", () => {
  function fakeBus() {
    const listeners = new ListenerSet();
    let watcher: (news: DeliveryNews) => void = () => undefined;
    const bus = {
      listen: (listener) => listeners.add(listener),
      watchDelivery: (watch) => ((watcher = watch), () => undefined),
      deliveryState: () => ({ listening: true, reconnects: 0, lastHeardAt: 0 }),
    } as Pick<EventBus, "listen" | "watchDelivery" | "deliveryState"> as EventBus;
    return { bus, send: (type: "analyticsChanged" | "picturesChanged") => listeners.deliver({ type }, () => undefined), tell: (news: DeliveryNews) => watcher(news) };
  }

  it("an announcement drops what was kept; while delivery is interrupted nothing is kept; a failure is never kept", async () => {
    const { bus, send, tell } = fakeBus();
    const kept = new KeptDashboardAnswers(bus);
    let runs = 0;
    const ask = () => kept.answer("k", async () => (runs += 1));
    expect([await ask(), await ask()]).toEqual([1, 1]);
    send("picturesChanged");
    expect(await ask()).toBe(1);
    send("analyticsChanged");
    expect(await ask()).toBe(2);
    tell("interrupted");
    expect([await ask(), await ask()]).toEqual([3, 4]);
    tell("resumed");
    expect([await ask(), await ask()]).toEqual([5, 5]);
    await expect(kept.answer("bad", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await kept.answer("bad", async () => "fine")).toBe("fine");
  });

  it("holds at most MAX_KEPT_WEIGHT: an answer weighs 1 plus its days, the least recently used goes first", async () => {
    const { bus } = fakeBus();
    const kept = new KeptDashboardAnswers(bus);
    let runs = 0;
    const ask = (key: string) => kept.answer(key, async () => (runs += 1), MAX_KEPT_WEIGHT / 2 - 1);
    await ask("a");
    await ask("b");
    expect(await ask("a")).toBe(1);
    await ask("c");
    expect(await ask("a")).toBe(1);
    expect(await ask("b")).toBe(4);
  });

  it("an ask after a change never gets an answer begun before it", async () => {
    const { bus, send } = fakeBus();
    const kept = new KeptDashboardAnswers(bus);
    let release: (value: string) => void = () => undefined;
    const early = kept.answer("k", () => new Promise<string>((resolve) => (release = resolve)));
    send("analyticsChanged");
    const late = kept.answer("k", async () => "after");
    release("before");
    expect([await early, await late]).toEqual(["before", "after"]);
    expect(await kept.answer("k", async () => "again")).toBe("after");
  });
});

describe("the best sellers from month rollups and edge days", () => {
  it("take at each edge the fewer days: the days inside, or the month less the days outside", () => {
    expect(rangePieces(new Date("2025-03-03T00:00:00Z"), new Date("2025-05-02T00:00:00Z"))).toEqual({
      months: ["2025-03-01", "2025-04-01"],
      days: [
        { from: "2025-03-01", to: "2025-03-02", sign: -1 },
        { from: "2025-05-01", to: "2025-05-02", sign: 1 },
      ],
    });
    expect(rangePieces(new Date("2025-02-01T00:00:00Z"), new Date("2025-02-28T00:00:00Z"))).toEqual({ months: ["2025-02-01", "2025-02-01"], days: [] });
    expect(rangePieces(new Date("2025-02-10T00:00:00Z"), new Date("2025-02-12T00:00:00Z"))).toEqual({ months: null, days: [{ from: "2025-02-10", to: "2025-02-12", sign: 1 }] });
  });

  it("equal the sum of the range's days for ranges across months, within one, and whole years", async () => {
    for (const [day, quantity] of [
      ["2024-12-31T23:00:00Z", 1],
      ["2025-01-01T00:30:00Z", 4],
      ["2025-01-31T12:00:00Z", 2],
      ["2025-02-01T12:00:00Z", 5],
      ["2025-02-27T12:00:00Z", 7],
      ["2025-04-15T12:00:00Z", 1],
    ] as const) {
      const written = nextChange();
      await placeOrder(day, quantity);
      await written;
    }
    const ranges = [
      ["2025-01-01", "2025-12-31"],
      ["2024-12-31", "2025-02-01"],
      ["2025-01-02", "2025-02-27"],
      ["2025-02-02", "2025-02-26"],
      ["2025-01-05", "2025-04-30"],
      ["2025-02-28", "2025-04-14"],
      ["2024-06-01", "2025-06-20"],
    ];
    for (const [from, to] of ranges) {
      const [expected] = (await t.shop.prisma.$queryRawUnsafe(
        `SELECT coalesce(sum(quantity), 0)::int AS items, coalesce(sum(sales_cents), 0)::bigint AS sales FROM analytics_product_days WHERE product_id = $1 AND day >= $2::date AND day <= $3::date`,
        plant.id,
        from,
        to,
      )) as { items: number; sales: bigint }[];
      const report = await t.shop.analytics.report(admin, { range: "custom", from, to }, NOW);
      const found = report.topProducts.find((product) => product.id === plant.id);
      expect({ from, to, items: found?.items ?? 0, sales: found?.sales ?? 0 }).toEqual({ from, to, items: Number(expected.items), sales: Number(expected.sales) });
    }
  });
});
