// Lists of values in a statement. On PostgreSQL the shop's reads are named (prepared) statements
// (db/client.ts), and PostgreSQL keeps one plan for a named statement only while that plan is estimated no
// costlier than planning again for the values at hand. It cannot see the length of an array parameter
// (`= ANY($1)`) in a kept plan and guesses 10 items, so a statement given fewer (a cart of two lines, one
// promotion code) was planned again on every run: for a cart's read the planning cost more than the reading
// (0.4-0.7 ms against 0.2 ms). With each value a parameter of its own the kept plan is estimated for the real
// count. The count is rounded up to a power of two, the last value repeated (which changes no answer of `IN`),
// so a statement has a few shapes (1, 2, 4, ... values), not one per length, each planned once per connection.
import { Prisma } from "../../generated/prisma/client.js";

const TYPES = { int4: Prisma.raw("int4"), text: Prisma.raw("text") } as const;

/** `(v1, v2, ...)` for `column IN ...`, each value a typed parameter; an empty list matches nothing. */
export function inList(values: readonly number[], type: "int4"): Prisma.Sql;
export function inList(values: readonly string[], type: "text"): Prisma.Sql;
export function inList(values: readonly (number | string)[], type: keyof typeof TYPES): Prisma.Sql {
  const cast = TYPES[type];
  if (values.length === 0) return Prisma.sql`(NULL::${cast})`;
  const count = 2 ** Math.ceil(Math.log2(values.length));
  const padded = Array.from({ length: count }, (_, index) => values[Math.min(index, values.length - 1)]);
  return Prisma.sql`(${Prisma.join(padded.map((value) => Prisma.sql`${value}::${cast}`))})`;
}

/**
 * `LIMIT n` with the number written into the statement. A LIMIT parameter leaves the kept plan estimated for
 * an unknown limit (a tenth of the rows), costlier than planning for the limit at hand, so a page's read was
 * planned again on every run (the catalogue's lists: the list, the home page's three). A statement per page
 * size is kept instead; `count` is the server's own number (a page size checked by readPage), never a text.
 */
export function limitRows(count: number): Prisma.Sql {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`A row limit is a whole number, not ${count}.`);
  return Prisma.raw(`LIMIT ${count}`);
}
