// The catalogue import as the server keeps it (REST under /public/api/admin/catalogue-imports, for staff with
// catalogue:write): a file sent is checked in the background (the dry run), then applied in the background when
// asked; the screen follows either by asking for the import again. Each call answers the import as the server
// sees it, or throws ImportRefused with the server's words (a network failure throws as fetch does). A zip of
// pictures may go first: stored in the background too (followed the same way), its pictures may then be named
// by their file name in the rows of the catalogue file sent with the zip's picture set.
import { refusalOf, withToken } from "../adminRest";

export const CATALOGUE_IMPORTS_URL = "/public/api/admin/catalogue-imports";
export const CATALOGUE_PICTURES_URL = `${CATALOGUE_IMPORTS_URL}/pictures`;

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

export type PictureSetStatus = "storing" | "stored" | "failed";

/** A picture of the zip the server would not store, and why ("The image must be a JPEG, PNG, WebP or GIF file."). */
export interface RefusedPicture {
  /** Its name in the zip, folders included ("photos/broken.jpg"). */
  name: string;
  message: string;
}

/** A zip of pictures as the server keeps it: its pictures stored one by one, each under its file name. */
export interface PictureSetView {
  id: number;
  fileName: string;
  status: PictureSetStatus;
  /** Storing, but the process doing it stopped: the zip is uploaded again (pictures stored already are found at once). */
  stalled: boolean;
  /** The pictures in the zip. */
  total: number;
  /** Looked at so far (stored or refused). */
  done: number;
  /** Stored under their name, for the rows to name. */
  stored: number;
  /** The refused pictures: at most the first 1,000. */
  refusals: RefusedPicture[];
  /** Why it failed, in words for the person. */
  error: string | null;
  createdAt: string;
}

/** The server refused: its status and message, and for a file (or zip) sent, what is wrong with it. */
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

/** Which of the server's lists says what is wrong with what was sent: the catalogue file's, or the zip's. */
type Faults = "file" | "pictures";

async function ask<T>(address: string, init: { method?: string; headers?: Record<string, string>; body?: Blob } = {}, faults: Faults = "file"): Promise<T> {
  const answer = await fetch(address, { ...init, headers: withToken(init.headers) });
  if (!answer.ok) {
    const refusal = await refusalOf(answer);
    throw new ImportRefused(answer.status, refusal.message, refusal[faults]);
  }
  return (await answer.json()) as T;
}

/**
 * Sends the file's bytes as they are (the server judges its text and columns) and starts its dry run; with the
 * id of a stored picture set, its rows may name the zip's pictures by file name.
 */
export async function sendCatalogueFile(file: File, pictureSetId?: number): Promise<ImportView> {
  const pictures = pictureSetId === undefined ? "" : `&pictures=${pictureSetId}`;
  const address = `${CATALOGUE_IMPORTS_URL}?fileName=${encodeURIComponent(file.name)}${pictures}`;
  return (await ask<{ import: ImportView }>(address, { method: "POST", headers: { "Content-Type": "text/csv" }, body: file })).import;
}

/** Sends the zip's bytes as they are (the server opens it) and starts storing its pictures. */
export async function sendPictureZip(zip: File): Promise<PictureSetView> {
  const address = `${CATALOGUE_PICTURES_URL}?fileName=${encodeURIComponent(zip.name)}`;
  return (await ask<{ pictures: PictureSetView }>(address, { method: "POST", headers: { "Content-Type": "application/zip" }, body: zip }, "pictures")).pictures;
}

export async function readPictureSet(id: number): Promise<PictureSetView> {
  return (await ask<{ pictures: PictureSetView }>(`${CATALOGUE_PICTURES_URL}/${id}`, {}, "pictures")).pictures;
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
