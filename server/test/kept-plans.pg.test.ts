// The hot reads run on plans PostgreSQL keeps: each named statement is planned a few times per connection and
// then run on its kept (generic) plan, whatever the values. A statement that is planned again on every run
// pays for planning each time (for a cart's read more than the reading): an array parameter (`= ANY($1)`,
// whose length a kept plan cannot see) or a LIMIT parameter made PostgreSQL do that (domain/shared/sql.ts).
// The shop's pool holds one connection here, so every statement is on the connection asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../src/generated/prisma/client.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let regionId: number;
const products: number[] = [];

beforeAll(async () => {
  t = await createTestShop({ poolSize: 1 });
  const herbs = (await t.shop.prisma.category.create({ data: { name: "Herbs" } })).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Coast", feeCents: 500 } })).id;
  for (const name of ["Basil", "Mint", "Sage", "Thyme", "Dill"]) {
    const product = await t.shop.prisma.product.create({
      data: { slug: name.toLowerCase(), name, description: "A herb.", categoryId: herbs, priceCents: 1_000, quantity: 100, imageOne: "/uploads/herb.jpg" },
    });
    products.push(product.id);
  }
  await t.shop.prisma.promotion.create({ data: { name: "Spring", kind: "percent_off", percentBp: 1_000, automatic: false, codes: { create: { code: "SPRING10" } } } });
});

afterAll(async () => {
  await t?.close();
});

interface PreparedStatement {
  statement: string;
  generic: number;
  custom: number;
}

/** The named statements of the pool's one connection holding `text`, with how often each was planned anew (custom) and run on its kept plan (generic). */
async function prepared(text: string): Promise<PreparedStatement[]> {
  const rows = await t.db.readRows<{ statement: string; generic: bigint | number; custom: bigint | number }>(
    Prisma.sql`SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE strpos(statement, ${text}::text) > 0`,
  );
  return rows.map((row) => ({ statement: row.statement, generic: Number(row.generic), custom: Number(row.custom) }));
}

/** Every such statement was run on its kept plan after at most five plans of its own (PostgreSQL's own rule: five custom plans, then the kept one if it is no costlier). */
function expectKeptPlans(statements: PreparedStatement[], runsEach: number) {
  expect(statements.length).toBeGreaterThan(0);
  for (const one of statements) {
    expect(one.custom, one.statement).toBeLessThanOrEqual(5);
    expect(one.generic + one.custom, one.statement).toBeGreaterThanOrEqual(runsEach);
  }
}

describe("plans kept for the hot reads", () => {
  it("a cart's read, for carts of one to five lines, is planned a few times and then runs on its kept plan", async () => {
    for (let length = 1; length <= products.length; length += 1) {
      const lines = products.slice(0, length).map((productId) => ({ productId, quantity: 1 }));
      for (let run = 0; run < 10; run += 1) {
        const quote = await t.shop.orders.quoteCart(lines, regionId);
        expect(quote.lines).toHaveLength(length);
        expect(quote.totalCents).toBe(length * 1_000 + 500);
      }
    }
    expectKeptPlans(await prepared("FROM product_variants v JOIN products p"), 10);
  });

  it("a promotion code's read and the wrong-code throttle's read run on kept plans", async () => {
    const lines = [{ productId: products[0], quantity: 2 }];
    for (let run = 0; run < 10; run += 1) {
      const quote = await t.shop.orders.quoteCart(lines, regionId, ["spring10"], { clientAddress: "203.0.113.9" });
      expect(quote.codes).toEqual([expect.objectContaining({ code: "SPRING10", applied: true })]);
      expect(quote.discountCents).toBe(200);
    }
    expectKeptPlans(await prepared("FROM promotion_codes c JOIN promotions p"), 10);
    // Its read (which keys are held), not the taking back that locks the same rows.
    const held = (await prepared("SELECT key FROM throttle_counters WHERE key IN")).filter((one) => one.statement.trim().startsWith("SELECT"));
    expectKeptPlans(held, 9);
  });

  it("a page of the catalogue's list runs on its kept plan", async () => {
    for (let run = 0; run < 10; run += 1) {
      const page = await t.gql<{ products: { nodes: { id: number }[] } }>(`{ products(first: 3) { nodes { id } } }`);
      expect(page.data?.products.nodes).toHaveLength(3);
    }
    expectKeptPlans(await prepared("ORDER BY p.created_at DESC, p.id DESC LIMIT"), 10);
  });
});
