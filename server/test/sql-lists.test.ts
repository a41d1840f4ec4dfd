// Lists of values and row limits written into statements (domain/shared/sql.ts): the answers are those of the
// values given, whatever the padding that keeps a statement's shapes few.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inList, limitRows } from "../src/domain/shared/sql.js";
import { Prisma } from "../src/generated/prisma/client.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;

beforeAll(async () => {
  t = await createTestShop();
});

afterAll(async () => {
  await t?.close();
});

const numbersIn = async (values: number[]) =>
  (await t.db.readRows<{ n: number }>(Prisma.sql`SELECT n FROM generate_series(1, 20) AS n WHERE n IN ${inList(values, "int4")} ORDER BY n`)).map((row) => Number(row.n));

describe("inList", () => {
  it("matches exactly the values given, for every length from none to nine, repeats included", async () => {
    for (let length = 0; length <= 9; length += 1) {
      const values = Array.from({ length }, (_, index) => 20 - 2 * index);
      expect(await numbersIn(values)).toEqual([...values].sort((a, b) => a - b));
    }
    expect(await numbersIn([3, 3, 5])).toEqual([3, 5]);
  });

  it("writes a power of two of parameters, so a statement has a few shapes whatever the length", () => {
    const counts = [1, 2, 3, 4, 5, 8, 9, 100].map((length) => inList(Array.from({ length }, (_, index) => index), "int4").values.length);
    expect(counts).toEqual([1, 2, 4, 4, 8, 8, 16, 128]);
  });

  it("compares texts as texts", async () => {
    const rows = await t.db.readRows<{ word: string }>(
      Prisma.sql`SELECT word FROM unnest(ARRAY['fern', 'moss', 'ivy']) AS word WHERE word IN ${inList(["ivy", "fern"], "text")} ORDER BY word`,
    );
    expect(rows.map((row) => row.word)).toEqual(["fern", "ivy"]);
  });
});

describe("limitRows", () => {
  it("limits the rows to the number written", async () => {
    const rows = await t.db.readRows<{ n: number }>(Prisma.sql`SELECT n FROM generate_series(1, 20) AS n ORDER BY n ${limitRows(3)}`);
    expect(rows.map((row) => Number(row.n))).toEqual([1, 2, 3]);
  });

  it("takes only a whole number of at least zero", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => limitRows(bad)).toThrow(RangeError);
    expect(limitRows(0).sql).toBe("LIMIT 0");
  });
});
