// Reading a catalogue file to import: checks that refuse the whole file before anything changes (too large, not
// UTF-8 text, not CSV, missing or unknown columns), then its rows one by one with their line numbers. Parsing is
// csv-parse's (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes), never our own.
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { invalid } from "../shared/index.js";
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from "./columns.js";

/** The largest file accepted: 100 MB holds a few hundred thousand variant rows; more is split into several files. */
export const CATALOGUE_IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** The columns a file must have; the others may be left out (left out: a product keeps what it has). */
export const REQUIRED_IMPORT_COLUMNS = ["sku", "product_name", "category", "price", "stock"] as const satisfies readonly CatalogueCsvColumn[];

/** One data row: its cells by column (only the file's columns are present), and where it starts in the file. */
export interface FileRow {
  /** The row's first line in the file (1 is the header), as a spreadsheet shows it. */
  line: number;
  /** Its position among the data rows, from 0. */
  index: number;
  cells: Partial<Record<CatalogueCsvColumn, string>>;
  /** When the row has another number of cells than the header: the header's and the row's counts. */
  cellCount?: { expected: number; found: number };
}

/** A file that passed the whole-file checks: its columns, and how many data rows it holds. */
export interface CheckedFile {
  columns: CatalogueCsvColumn[];
  totalRows: number;
}

const fileError = (message: string) => invalid({ file: [message] });

const NOT_UTF8 = 'The file is not UTF-8 text: save it as "CSV UTF-8" (in Excel: Save As, CSV UTF-8) and upload it again.';

/** Whole-file checks: size, encoding, CSV syntax and the header. Reads every row once (to count them), keeping none. */
export async function checkCatalogueFile(bytes: Uint8Array): Promise<CheckedFile> {
  if (bytes.byteLength === 0) throw fileError("The file is empty.");
  if (bytes.byteLength > CATALOGUE_IMPORT_MAX_BYTES) throw fileError(`The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`);
  if (!isUtf8(bytes)) throw fileError(NOT_UTF8);
  // Text with NUL characters is a binary file (a spreadsheet's .xlsx renamed, an image ...), not CSV.
  if (bytes.includes(0)) throw fileError("The file is not a CSV text file: export it from your spreadsheet as CSV UTF-8.");
  let columns: CatalogueCsvColumn[] | null = null;
  let totalRows = 0;
  for await (const row of readRows(bytes)) {
    columns ??= row.columns;
    totalRows += row.row ? 1 : 0;
  }
  if (!columns) throw fileError("The file is empty.");
  if (totalRows === 0) throw fileError("The file has a header but no rows.");
  return { columns, totalRows };
}

/** Whether the bytes are UTF-8 text, decoded a megabyte at a time (the text itself is not kept). */
function isUtf8(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const step = 1024 * 1024;
  try {
    for (let start = 0; start < bytes.byteLength; start += step) decoder.decode(bytes.subarray(start, start + step), { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The file's data rows in order (the file must have passed checkCatalogueFile). */
export async function* catalogueFileRows(bytes: Uint8Array): AsyncGenerator<FileRow> {
  for await (const { row } of readRows(bytes)) if (row) yield row;
}

function* chunksOf(bytes: Uint8Array, size: number): Generator<Buffer> {
  for (let start = 0; start < bytes.byteLength; start += size) yield Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(size, bytes.byteLength - start));
}

/** The header's columns (checked), then each data row. A CSV syntax error is a file error naming its line. */
async function* readRows(bytes: Uint8Array): AsyncGenerator<{ columns: CatalogueCsvColumn[]; row: FileRow | null }> {
  // The last whole record's last line, noted as the parser reads (records it has read may not reach us when it fails).
  let lastLine = 0;
  // Fed 64 KB at a time: given the whole file as one chunk, the parser would turn every row into a record at
  // once (a stream's back-pressure works between chunks), holding the whole file's records in memory.
  const parser = Readable.from(chunksOf(bytes, 64 * 1024)).pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    }),
  );
  let columns: CatalogueCsvColumn[] | null = null;
  let index = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is the record's last line; a cell with line breaks in it started that many lines earlier.
      const line = info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0);
      if (!columns) {
        columns = headerColumns(record);
        yield { columns, row: null };
        continue;
      }
      if (record.every((cell) => cell.trim() === "")) continue;
      const cells: FileRow["cells"] = {};
      columns.forEach((column, position) => {
        if (position < record.length) cells[column] = record[position];
      });
      const cellCount = record.length === columns.length ? undefined : { expected: columns.length, found: record.length };
      yield { columns, row: { line, index: index++, cells, ...(cellCount ? { cellCount } : {}) } };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("CSV_")) {
      // An unclosed quote is found where the file ends: it opened on the line after the last whole record.
      const at = code === "CSV_QUOTE_NOT_CLOSED" ? lastLine + 1 : (error as { lines?: unknown }).lines;
      const where = typeof at === "number" ? `line ${at}: ` : "";
      throw fileError(`The file is not valid CSV (${where}${code === "CSV_QUOTE_NOT_CLOSED" ? "a quoted cell is never closed" : (error as Error).message}).`);
    }
    throw error;
  }
}

/** The header row as columns: every required one present, none unknown, none twice (names trimmed, any case). */
function headerColumns(header: string[]): CatalogueCsvColumn[] {
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  const names = header.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((name) => (name === "" ? "(an empty name)" : `"${name.slice(0, 40)}"`));
    throw fileError(
      `The first row must name the columns, and ${shown.join(", ")}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""} ${unknown.length === 1 ? "is not one" : "are not"} of them. The columns are: ${CATALOGUE_CSV_COLUMNS.join(", ")}.`,
    );
  }
  const twice = names.find((name, position) => names.indexOf(name) !== position);
  if (twice) throw fileError(`The column ${twice} is given twice.`);
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) throw fileError(`The file has no ${missing.length === 1 ? "column" : "columns"} ${missing.join(", ")}: ${missing.length === 1 ? "it is" : "they are"} needed for every row.`);
  return names as CatalogueCsvColumn[];
}
