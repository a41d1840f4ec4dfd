// What the import screen says about an import, apart from drawing it: where it stands (still being worked on,
// waiting to be applied, stopped), how far it has gone in rows, and what it will do or did in products; and the
// same of a zip of pictures sent with the file (how far its storing has gone, how many were stored or refused).
import { groupThousands } from "../../../lib/money";
import type { ImportCounts, ImportView, PictureSetView } from "./importApi";

export const IMPORT_TITLE = "Import products";
export const CHOOSE_A_FILE = "Choose a CSV file to check.";
export const NOTHING_TO_APPLY = "Nothing in this file would change the catalogue, so there is nothing to apply.";

const figure = groupThousands;
const products = (count: number) => `${figure(count)} ${count === 1 ? "product" : "products"}`;
const pictures = (count: number) => `${figure(count)} ${count === 1 ? "picture" : "pictures"}`;

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

// The zip of pictures.

/** The storing's bar is named so, and says so over it while it moves. */
export const STORING_PICTURES = "Storing pictures";

/** Its pictures are being stored now: the screen asks again until they are (or it failed or stopped). */
export const isStoring = (set: PictureSetView) => set.status === "storing" && !set.stalled;

/** Pictures of the zip refused in all: the server lists the first 1,000, and counts those it looked at and stored. */
export const refusedPictures = (set: PictureSetView) => Math.max(set.done - set.stored, set.refusals.length);

/** "3 of 12 pictures" */
export const picturesText = (done: number, total: number) => `${figure(done)} of ${pictures(total)}`;

/** Over the storing's bar: "Storing pictures: 3 of 12" while stored, "Pictures looked at: 12 of 12" once it stopped. */
export const picturesProgressText = (set: PictureSetView) =>
  `${isStoring(set) ? STORING_PICTURES : "Pictures looked at"}: ${figure(set.done)} of ${figure(set.total)}`;

/** The refused pictures' caption: how many, and that only the first are listed when the server kept only those. */
export function refusedPicturesCaption(listed: number, total: number): string {
  return total > listed ? `Refused pictures: the first ${figure(listed)} of ${figure(total)}` : `Refused pictures: ${figure(listed)}`;
}

/**
 * Where the zip stands, in one sentence for the polite live region (said when it changes, not at each picture):
 * on its way, being stored, then how many were stored and refused. Empty when it failed or stopped: the zip
 * field says why, and a notification.
 */
export function picturesStageText(set: PictureSetView | undefined): string {
  if (!set) return "Sending the zip…";
  if (set.stalled || set.status === "failed") return "";
  if (set.status === "storing") return "Storing the pictures…";
  return `${picturesText(set.stored, set.total)} stored; ${figure(refusedPictures(set))} refused.`;
}

/** Why the zip's pictures are not all stored, in words for the person: the server's, or that storing stopped. */
export function picturesFailure(set: PictureSetView): string {
  if (set.status === "failed") return set.error ?? "Storing the pictures failed: upload the zip again.";
  return "Storing the pictures stopped before the end: upload the zip again (the pictures stored already are kept).";
}
