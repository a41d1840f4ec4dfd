// Orders placed at the same moment: stock is taken atomically and never goes below 0, on embedded PGlite
// (one connection, transactions queued) as on PostgreSQL (a pool of connections, row locks).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecutionResult } from "graphql";
import { ShopError } from "../src/domain/shared/errors.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let categoryId: number;
let regionId: number;

beforeAll(async () => {
  t = await createTestShop();
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Rare Plants" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Capital", feeCents: 500 } })).id;
});

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
async function makeProduct(name: string, quantity: number) {
  counter += 1;
  return t.shop.prisma.product.create({
    data: { slug: `rare-${counter}`, name, description: "Rare.", categoryId, priceCents: 10_000, quantity, imageOne: `/uploads/rare-${counter}.jpg` },
  });
}

const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id totalItems } } }`;

function failureOf(result: ExecutionResult) {
  const original = result.errors?.[0]?.originalError;
  return original instanceof ShopError ? { code: original.code, message: original.message } : { code: "OTHER", message: String(result.errors?.[0]?.message) };
}

/** `shoppers` users each order one unit of the product at the same moment; returns what each was told. */
async function rush(productId: number, shoppers: number) {
  const tokens = await Promise.all(Array.from({ length: shoppers }, async () => (await t.signUp()).token));
  return Promise.all(
    tokens.map((token) =>
      t.gql(PLACE_ORDER, { input: { lines: [{ productId, quantity: 1 }], regionId, reference: newReference() } }, token),
    ),
  );
}

describe("stock is taken atomically: never below 0 under concurrent orders", () => {
  it("20 simultaneous orders by 20 users for the last 5 units give exactly 5 orders and stock 0", async () => {
    const rare = await makeProduct("Variegated Monstera", 5);
    const results = await rush(rare.id, 20);
    const placed = results.filter((result) => !result.errors);
    const refused = results.filter((result) => result.errors).map(failureOf);
    expect(placed).toHaveLength(5);
    // The losers are told the product sold out, in the cart's words; none gets a server error or a timeout.
    for (const failure of refused) {
      expect(failure.code).toBe("BAD_USER_INPUT");
      expect(failure.message).toBe("Variegated Monstera is out of stock.");
    }
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: rare.id } })).quantity).toBe(0);
    expect(await t.shop.prisma.orderLine.aggregate({ where: { productId: rare.id }, _sum: { quantity: true } })).toEqual({ _sum: { quantity: 5 } });
  });

  it("10 concurrent orders for the last 3 units give exactly 3 orders", async () => {
    const rare = await makeProduct("Pink Princess Philodendron", 3);
    const results = await rush(rare.id, 10);
    expect(results.filter((result) => !result.errors)).toHaveLength(3);
    expect(await t.shop.prisma.order.count({ where: { lines: { some: { productId: rare.id } } } })).toBe(3);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: rare.id } })).quantity).toBe(0);
  });

  it("carts holding the same products in opposite orders all go through: no deadlock between them", async () => {
    const first = await makeProduct("Alocasia Zebrina", 100);
    const second = await makeProduct("Hoya Carnosa", 100);
    const token = (await t.signUp()).token;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const lines = [
          { productId: first.id, quantity: 1 },
          { productId: second.id, quantity: 1 },
        ];
        if (i % 2 === 1) lines.reverse();
        return t.gql(PLACE_ORDER, { input: { lines, regionId, reference: newReference() } }, token);
      }),
    );
    expect(results.map((result) => result.errors?.[0]?.message ?? "ok")).toEqual(Array(12).fill("ok"));
    const stock = await t.shop.prisma.product.findMany({ where: { id: { in: [first.id, second.id] } }, select: { quantity: true } });
    expect(stock).toEqual([{ quantity: 88 }, { quantity: 88 }]);
  });

  it("an interactive transaction is isolated: rolling it back never undoes another request's writes", async () => {
    // On PGlite every request shares one connection: this pins that the adapter keeps other work out of an
    // open transaction (it queues behind it) instead of running it inside, where the rollback would undo it.
    const doomed = t.shop.prisma
      .$transaction(async (tx) => {
        await tx.category.create({ data: { name: "Rolled Back" } });
        await sleep(200);
        throw new Error("changed my mind");
      })
      .catch((error: Error) => error.message);
    await sleep(40);
    const inTransaction = t.shop.prisma.$transaction(async (tx) => tx.category.create({ data: { name: "Kept, in a transaction" } }));
    const plain = t.shop.prisma.category.create({ data: { name: "Kept, plain" } });
    expect(await doomed).toBe("changed my mind");
    await Promise.all([inTransaction, plain]);
    const names = (await t.shop.prisma.category.findMany({ select: { name: true } })).map((category) => category.name);
    expect(names).toEqual(expect.arrayContaining(["Kept, in a transaction", "Kept, plain"]));
    expect(names).not.toContain("Rolled Back");
  });
});

describe("one checkout sent twice: the reference decides before the stock", () => {
  it("two copies at once with stock for one order: both answered with the one order, stock taken once", async () => {
    const rare = await makeProduct("Monstera Thai Constellation", 2);
    const token = (await t.signUp()).token;
    const input = { input: { lines: [{ productId: rare.id, quantity: 2 }], regionId, reference: newReference() } };
    for (let round = 0; round < 3; round += 1) {
      // A fresh reference and fresh stock each round: the copies race differently each time.
      await t.shop.prisma.product.update({ where: { id: rare.id }, data: { quantity: 2 } });
      input.input.reference = newReference();
      const results = await Promise.all(Array.from({ length: 4 }, () => t.gql<{ placeOrder: { order: { id: number } } }>(PLACE_ORDER, input, token)));
      expect(results.map((result) => result.errors?.[0]?.message ?? "ok")).toEqual(["ok", "ok", "ok", "ok"]);
      expect(new Set(results.map((result) => result.data!.placeOrder.order.id)).size).toBe(1);
      expect(await t.shop.prisma.order.count({ where: { reference: input.input.reference } })).toBe(1);
      expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: rare.id } })).quantity).toBe(0);
    }
  });

  it("the same reference with a different cart is refused with CONFLICT, never answered with the first order", async () => {
    const plant = await makeProduct("Calathea Orbifolia", 10);
    const other = await makeProduct("Fittonia", 10);
    const token = (await t.signUp()).token;
    const reference = newReference();
    const place = (lines: { productId: number; quantity: number }[], region = regionId) => t.gql(PLACE_ORDER, { input: { lines, regionId: region, reference } }, token);
    expect((await place([{ productId: plant.id, quantity: 1 }])).errors).toBeUndefined();
    const otherRegion = (await t.shop.prisma.region.create({ data: { name: `Coast ${reference}`, feeCents: 100 } })).id;
    for (const changed of [place([{ productId: plant.id, quantity: 2 }]), place([{ productId: other.id, quantity: 1 }]), place([{ productId: plant.id, quantity: 1 }], otherRegion)]) {
      expect(failureOf(await changed)).toEqual({
        code: "CONFLICT",
        message: "This order reference was already used for a different cart or delivery region. Start a new checkout to place another order.",
      });
    }
    // The same cart written another way (the line split in two) is still the same checkout.
    const retried = await place([{ productId: plant.id, quantity: 1 }]);
    expect(retried.errors).toBeUndefined();
    expect(await t.shop.prisma.order.count({ where: { reference } })).toBe(1);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: plant.id } })).quantity).toBe(9);
  });

  it("placeOrder(idempotencyKey:) makes retrying safe without a reference; a key and a reference naming different orders are refused", async () => {
    const plant = await makeProduct("Peperomia Hope", 10);
    const token = (await t.signUp()).token;
    const key = crypto.randomUUID();
    const lines = [{ productId: plant.id, quantity: 1 }];
    const withKey = (extra: Record<string, unknown> = {}) =>
      t.gql<{ placeOrder: { order: { id: number } } }>(PLACE_ORDER, { input: { lines, regionId, idempotencyKey: key, ...extra } }, token);
    const first = await withKey();
    const again = await withKey();
    expect(first.errors).toBeUndefined();
    expect(again.data!.placeOrder.order.id).toBe(first.data!.placeOrder.order.id);
    expect((await t.shop.prisma.product.findUniqueOrThrow({ where: { id: plant.id } })).quantity).toBe(9);
    const mismatch = await withKey({ reference: newReference() });
    expect(failure(mismatch)).toMatchObject({ code: "BAD_USER_INPUT", fields: { reference: ["The Idempotency-Key and the reference name different orders: send one of them, or the same value in both."] } });
    const blank = await t.gql(PLACE_ORDER, { input: { lines, regionId, idempotencyKey: "not ascii é" } }, token);
    expect(failure(blank).fields).toEqual({ reference: ["The Idempotency-Key must be 1 to 255 visible ASCII characters."] });
  });
});

