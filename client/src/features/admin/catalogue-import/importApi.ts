// The catalogue import as the server keeps it (REST under /public/api/admin/catalogue-imports, for staff with
// catalogue:write): a file sent is checked in the background (the dry run), then applied in the background when
// asked; the screen follows either by asking for the import again. Each call answers the import as the server
// sees it, or throws ImportRefused with the server's words (a network failure throws as fetch does).
import { refusalOf, withToken } from "../adminRest";

export const CATALOGUE_IMPORTS_URL = "/public/api/admin/catalogue-imports";

export type ImportStatus = "checking" | "checked" | "applying" | "applied" | "failed";

/** Counted in products (a product's rows go in or are refused together). */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** A row the import will not take, and why in full ("line 812: price 'abc' is not a number"). */
export interface RefusedRow {
  line: number;
  sku: string;
  message: string;
}

export interface ImportView {
  id: number;
  fileName: string;
  status: ImportStatus;
  /** Checking or applying, but the process working on it stopped: applying again resumes an application. */
  stalled: boolean;
  /** The file's data rows (the header not counted); a row is one variant. */
  totalRows: number;
  checkedRows: number;
  appliedRows: number;
  /** The dry run's result, once it is past checking. */
  planned: ImportCounts | null;
  /** The dry run's refused rows: at most the first 1,000 (refusedRows says how many in all). */
  plannedRefusals: RefusedRow[];
  /** So far while applying; final once applied. */
  applied: ImportCounts | null;
  appliedRefusals: RefusedRow[];
  refusedRows: number;
  /** Why it failed, in words for the person. */
  error: string | null;
  createdBy: string;
  createdAt: string;
  appliedAt: string | null;
}

/** The server refused: its status and message, and for a file sent, what is wrong with the file. */
export class ImportRefused extends Error {
  readonly status: number;
  readonly fileFaults: string[];

  constructor(status: number, message: string, fileFaults: string[] = []) {
    super(message);
    this.name = "ImportRefused";
    this.status = status;
    this.fileFaults = fileFaults;
  }
}

async function ask<T>(address: string, init: { method?: string; headers?: Record<string, string>; body?: Blob } = {}): Promise<T> {
  const answer = await fetch(address, { ...init, headers: withToken(init.headers) });
  if (!answer.ok) {
    const refusal = await refusalOf(answer);
    throw new ImportRefused(answer.status, refusal.message, refusal.file);
  }
  return (await answer.json()) as T;
}

/** Sends the file's bytes as they are (the server judges its text and columns) and starts its dry run. */
export async function sendCatalogueFile(file: File): Promise<ImportView> {
  const address = `${CATALOGUE_IMPORTS_URL}?fileName=${encodeURIComponent(file.name)}`;
  return (await ask<{ import: ImportView }>(address, { method: "POST", headers: { "Content-Type": "text/csv" }, body: file })).import;
}

/** The latest imports (ten), newest first. */
export async function latestImports(): Promise<ImportView[]> {
  return (await ask<{ imports: ImportView[] }>(CATALOGUE_IMPORTS_URL)).imports;
}

export async function readImport(id: number): Promise<ImportView> {
  return (await ask<{ import: ImportView }>(`${CATALOGUE_IMPORTS_URL}/${id}`)).import;
}

/** Starts applying a checked import, or resumes one that stopped or failed part way. */
export async function applyImport(id: number): Promise<ImportView> {
  return (await ask<{ import: ImportView }>(`${CATALOGUE_IMPORTS_URL}/${id}/apply`, { method: "POST" })).import;
}
