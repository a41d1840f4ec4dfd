// npm run bench:payments — a benchmark, not a test. Payments on Stripe's page at size, on PostgreSQL
// (BENCH_DATABASE_URL, a private schema), through the real services and the official SDK against the local
// fake of Stripe's API (test/fake-stripe.ts):
//   1. BENCH_PAYMENT_ORDERS (1,000) orders placed awaiting payment, BENCH_CONNECTIONS (20) at a time: orders/s;
//   2. their hold runs out: the payment sweeper's rounds (two "processes" sweeping at once) release them: how
//      many, how long, and whether the stock is back exactly;
//   3. as many again, paid at Stripe with every event lost: the sweeper settles them: how many paid, how long.
import crypto from "node:crypto";
import { openDatabase } from "../src/db/client.js";
import { newReference } from "../src/domain/orders/index.js";
import { createShop } from "../src/domain/shop.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import { stripePayments } from "../src/payments/stripe-payments.js";
import { startFakeStripe } from "../test/fake-stripe.js";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const orders = Number(process.env.BENCH_PAYMENT_ORDERS ?? 1_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HOLD_MINUTES = 30;
const schema = `bench_pay_${crypto.randomBytes(4).toString("hex")}`;

const fake = await startFakeStripe();
const db = await openDatabase({ kind: "postgres", url, schema, poolSize: connections + 5 });
await db.migrate();
const shop = createShop(db.prisma, {
  jwtSecret: crypto.randomBytes(32).toString("hex"),
  tokenTtlSeconds: 3600,
  imageStore: new LocalImageStore("/tmp/bench-payments-uploads"),
  events: db.events,
  readRows: db.readRows,
  payments: {
    provider: stripePayments({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url }),
    settings: { holdMinutes: HOLD_MINUTES, reconcileAfterSeconds: 300, shopUrl: () => "http://shop.bench" },
  },
});

try {
  const category = await db.prisma.category.create({ data: { name: "Bench" } });
  const stock = orders * 4;
  const product = await db.prisma.product.create({ data: { slug: "bench-fern", name: "Bench Fern", description: "Green.", categoryId: category.id, priceCents: 1_500, quantity: stock, imageOne: "/uploads/b.png" } });
  const region = await db.prisma.region.create({ data: { name: "Bench", feeCents: 300 } });
  const user = await shop.accounts.createUser({ name: "Bench", email: "bench@example.com", password: "bench-password", role: "user", phone: "+1 555 0100", address: "1 Bench Lane" });
  const viewer = await shop.tokens.verify((await shop.tokens.issue(user)).token);
  const stockNow = async () => (await db.prisma.productVariant.findFirstOrThrow({ where: { productId: product.id } })).quantity;

  const placeMany = async (): Promise<{ seconds: number; sessions: string[] }> => {
    const sessions: string[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < orders) {
          next += 1;
          const order = await shop.orders.placeOrder(viewer, { lines: [{ productId: product.id, quantity: 2 }], region: region.id, reference: newReference() });
          sessions.push(order.payment!.sessionId);
        }
      }),
    );
    return { seconds: (performance.now() - started) / 1000, sessions };
  };
  const sweepAll = async (at: Date, counted: "released" | "paid"): Promise<{ seconds: number; count: number }> => {
    const started = performance.now();
    let count = 0;
    for (;;) {
      // Two processes sweeping at once, as two replicas do.
      const rounds = await Promise.all([shop.orders.sweepPayments(at), shop.orders.sweepPayments(at)]);
      const settled = rounds.reduce((sum, round) => sum + round[counted], 0);
      count += settled;
      if (rounds.every((round) => Object.values(round).every((value) => value === 0))) break;
    }
    return { seconds: (performance.now() - started) / 1000, count };
  };

  const first = await placeMany();
  console.log(`placed ${orders} orders awaiting payment in ${first.seconds.toFixed(1)} s: ${Math.round(orders / first.seconds)} orders/s at ${connections} at a time (each opens a Checkout Session)`);
  const expired = await sweepAll(new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000), "released");
  console.log(`hold ran out: the sweeper released ${expired.count} of ${orders} in ${expired.seconds.toFixed(1)} s (${Math.round(expired.count / expired.seconds)}/s); stock ${await stockNow()} of ${stock} (back exactly: ${(await stockNow()) === stock})`);

  const second = await placeMany();
  for (const session of second.sessions) await fake.pay(session, { deliver: false });
  const reconciled = await sweepAll(new Date(Date.now() + 6 * 60_000), "paid");
  const paid = await db.prisma.order.count({ where: { status: "pending", paymentState: "paid" } });
  console.log(`paid at Stripe, every event lost: the sweeper settled ${reconciled.count} of ${orders} in ${reconciled.seconds.toFixed(1)} s; ${paid} orders paid`);
} finally {
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.close();
  await fake.close();
}
