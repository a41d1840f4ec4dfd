// The hot reads' timestamp parser reads what PostgreSQL prints exactly as node-postgres's own parser does.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseTimestamptz, readTypes } from "../src/db/timestamps.js";

const pgParser = pg.types.getTypeParser(1184) as (text: string) => unknown;

describe("parseTimestamptz", () => {
  it.each([
    "2026-11-23 14:59:56.194+00",
    "2026-11-23 14:59:56+00",
    "2026-11-23 14:59:56.1+00",
    "2026-11-23 14:59:56.19+00",
    "2026-11-23 14:59:56.123456+00",
    "2026-11-23 14:59:56.999999-08",
    "2026-01-01 00:30:00.5+05:30",
    "1999-12-31 23:59:59.999-03:30",
    "2024-02-29 12:00:00+14",
    "1890-06-01 10:00:00.25+00:19:32",
    "0100-03-01 00:00:00+00",
  ])("reads %s as node-postgres does", (text) => {
    const ours = parseTimestamptz(text) as Date;
    expect(ours).toBeInstanceOf(Date);
    expect(ours.toISOString()).toBe((pgParser(text) as Date).toISOString());
  });

  it.each(["infinity", "-infinity", "2026-11-23 14:59:56+00 BC", "0050-01-01 00:00:00+00", "10000-01-01 00:00:00+00"])(
    "leaves %s to node-postgres's parser",
    (text) => {
      const ours = parseTimestamptz(text);
      const theirs = pgParser(text);
      if (theirs instanceof Date && !Number.isNaN(theirs.getTime())) expect((ours as Date).toISOString()).toBe(theirs.toISOString());
      else expect(String(ours)).toBe(String(theirs));
    },
  );

  it("is the parser for timestamptz only; every other type keeps node-postgres's", () => {
    expect(readTypes.getTypeParser(1184)).toBe(parseTimestamptz);
    expect(readTypes.getTypeParser(23)).toBe(pg.types.getTypeParser(23));
    expect(readTypes.getTypeParser(1114)).toBe(pg.types.getTypeParser(1114));
  });
});
