// CSV as the shop writes it (the audit trail's export, the catalogue's export): UTF-8, RFC 4180 (comma,
// CRLF between records, a field quoted when it holds a comma, a quote or any line break, quotes doubled),
// through csv-stringify. Every text cell a spreadsheet would run as a formula is neutralised.
import { stringify, type Options, type Stringifier } from "csv-stringify";
import { stringify as stringifyNow } from "csv-stringify/sync";

/** A cell a spreadsheet would take for a formula (= + - @, a tab or CR), also behind apostrophes added earlier. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A cell that starts as a formula does gets one leading apostrophe ("=1+2" -> "'=1+2"), which spreadsheets
 * show as text. A cell that already starts with apostrophes before such a character gets one more, so a
 * reader gets the exact text back by taking one apostrophe off any cell that matches /^'+[=+\-@\t\r]/.
 */
export const neutraliseFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The reader's side of neutraliseFormula: the cell as it was before export. */
export const restoreFormula = (cell: string): string => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** csv-stringify's options for RFC 4180 with neutralised formulas (a lone \n or \r in a cell is quoted too). */
export const CSV_OPTIONS: Readonly<Options> = {
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]/,
  cast: { string: neutraliseFormula },
};

/** One CSV cell, neutralised and quoted as needed. */
export const csvCell = (value: string): string => stringifyNow([[value]], CSV_OPTIONS).slice(0, -2);

/** Whole records (the first may be the header) as CSV text, each record ending in CRLF. */
export const csvText = (records: readonly (readonly string[])[]): string => stringifyNow(records as string[][], CSV_OPTIONS);

/** A stream that takes records (arrays of strings) and gives CSV text, the header first. */
export const csvStream = (header: readonly string[]): Stringifier => stringify({ ...CSV_OPTIONS, header: true, columns: [...header] });
