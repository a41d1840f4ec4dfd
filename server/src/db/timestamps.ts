// Timestamps as node-postgres reads them for the hot catalogue reads. Its default parser (postgres-date)
// handles every form PostgreSQL can print, with regular expressions, and was the largest single cost of a
// product list after the network (npm run bench:profile): a page of 12 products holds 48 timestamps.
// PostgreSQL prints a timestamptz, in its default ISO DateStyle, as "2026-11-23 14:59:56.194+00" (the
// offset of the session's TimeZone: "+05", "+05:30", "-03:30:15"); that form is read here digit by digit,
// and anything else (BC dates, infinity, other DateStyles) is left to the default parser.
import pg from "pg";

const TIMESTAMPTZ_OID = 1184;
const defaultParser = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (text: string) => Date | number | string;

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

const OFFSET = /^[+-]\d\d(:\d\d){0,2}$/;
const at = (text: string, index: number, char: string) => text[index] === char;

/** The date in "YYYY-MM-DD HH:MM:SS[.f{1,6}]±HH[:MM[:SS]]", or null when the text is not in that form. */
function parseIsoTimestamptz(text: string): Date | null {
  // Checked by its separators (a regular expression would cost as much as the parser it replaces): years
  // past 9999, BC dates, infinity and other DateStyles all fail here.
  if (!(at(text, 4, "-") && at(text, 7, "-") && at(text, 10, " ") && at(text, 13, ":") && at(text, 16, ":"))) return null;
  let index = 19;
  let milliseconds = 0;
  if (at(text, index, ".")) {
    let scale = 100;
    for (index += 1; index < text.length && text[index] !== "+" && text[index] !== "-"; index += 1) {
      milliseconds += digit(text, index) * scale;
      scale /= 10;
    }
    milliseconds = Math.floor(milliseconds);
  }
  const offsetLength = text.length - index;
  if (!OFFSET.test(text.slice(index))) return null;
  const sign = at(text, index, "-") ? -1 : 1;
  const offsetSeconds =
    twoDigits(text, index + 1) * 3600 + (offsetLength > 3 ? twoDigits(text, index + 4) * 60 : 0) + (offsetLength > 6 ? twoDigits(text, index + 7) : 0);
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  // Date.UTC reads the years 0 to 99 as 1900 to 1999: those few are the default parser's.
  if (year < 100) return null;
  const utc = Date.UTC(year, twoDigits(text, 5) - 1, twoDigits(text, 8), twoDigits(text, 11), twoDigits(text, 14), twoDigits(text, 17), milliseconds);
  const date = new Date(utc - sign * offsetSeconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseTimestamptz(text: string): Date | number | string {
  return parseIsoTimestamptz(text) ?? defaultParser(text);
}

/** node-postgres's `types` for a query: timestamptz read by parseTimestamptz, every other type as usual. */
export const readTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMPTZ_OID && format !== "binary" ? parseTimestamptz : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};
