// What the import screen says about an import, apart from drawing it: where it stands (still being worked on,
// waiting to be applied, stopped), how far it has gone in rows, and what it will do or did in products.
import { groupThousands } from "../../../lib/money";
import type { ImportCounts, ImportView } from "./importApi";

export const IMPORT_TITLE = "Import products";
export const CHOOSE_A_FILE = "Choose a CSV file to check.";
export const NOTHING_TO_APPLY = "Nothing in this file would change the catalogue, so there is nothing to apply.";

const figure = groupThousands;
const products = (count: number) => `${figure(count)} ${count === 1 ? "product" : "products"}`;

/** A process on the server is working on it now: the screen asks again until it is done. */
export const isUnderWay = (view: ImportView) => (view.status === "checking" || view.status === "applying") && !view.stalled;

/** Not over yet: under way, stopped part way, or checked and waiting to be applied (shown again after a reload). */
export const isOpen = (view: ImportView) => view.status === "checking" || view.status === "checked" || view.status === "applying";

/** The dry run had finished: what failed or stopped was the application, which applying again resumes. */
export const wasChecked = (view: ImportView) => view.planned !== null;

/** Whether applying would create or update anything. */
export const changesAnything = (counts: ImportCounts) => counts.created + counts.updated > 0;

/** "812 of 2,000 rows" */
export const rowsText = (done: number, total: number) => `${figure(done)} of ${figure(total)} ${total === 1 ? "row" : "rows"}`;

/** How far, in whole percent: 100 only at the end (an empty file is at its end). */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((done * 100) / total)));
}

/** "Will create 12 products, update 3, leave 40 unchanged; 2 refused." */
export const plannedSummary = (counts: ImportCounts) =>
  `Will create ${products(counts.created)}, update ${figure(counts.updated)}, leave ${figure(counts.unchanged)} unchanged; ${figure(counts.refused)} refused.`;

/** "Created 12 products, updated 3, left 40 unchanged; 2 refused." */
export const appliedSummary = (counts: ImportCounts) =>
  `Created ${products(counts.created)}, updated ${figure(counts.updated)}, left ${figure(counts.unchanged)} unchanged; ${figure(counts.refused)} refused.`;

/** The refused rows table's caption: how many, and that only the first are listed when the server kept only those. */
export function refusedCaption(listed: number, total: number): string {
  return total > listed ? `Refused rows: the first ${figure(listed)} of ${figure(total)}` : `Refused rows: ${figure(listed)}`;
}

/**
 * The import's stage in one sentence, for the polite live region: said once when the stage changes (the rows
 * counted so far are in the progress bar, which a region re-read every second would talk over everything with).
 * Empty when it failed or stopped: the alert that says so is announced on its own.
 */
export function stageText(view: ImportView): string {
  if (view.stalled || view.status === "failed") return "";
  switch (view.status) {
    case "checking":
      return "Checking the file…";
    case "checked":
      return "Checked. Nothing in the shop has changed yet.";
    case "applying":
      return "Applying the import…";
    case "applied":
      return "Done.";
  }
}
