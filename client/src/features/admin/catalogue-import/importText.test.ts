import { describe, expect, it } from "vitest";
import type { ImportView, PictureSetView } from "./importApi";
import {
  appliedSummary,
  isOpen,
  isStoring,
  isUnderWay,
  percentDone,
  picturesFailure,
  picturesProgressText,
  picturesStageText,
  picturesText,
  plannedSummary,
  refusedCaption,
  refusedPictures,
  refusedPicturesCaption,
  rowsText,
  stageText,
} from "./importText";

const counts = { created: 12, updated: 3, unchanged: 40, refused: 2 };
const view = (overrides: Partial<ImportView>): ImportView => ({
  id: 1,
  fileName: "catalogue.csv",
  status: "checking",
  stalled: false,
  totalRows: 10,
  checkedRows: 0,
  appliedRows: 0,
  planned: null,
  plannedRefusals: [],
  applied: null,
  appliedRefusals: [],
  refusedRows: 0,
  error: null,
  createdBy: "admin@verdant.shop",
  createdAt: "2026-12-02T09:00:00.000Z",
  appliedAt: null,
  ...overrides,
});

const pictureSet = (overrides: Partial<PictureSetView>): PictureSetView => ({
  id: 7,
  fileName: "photos.zip",
  status: "storing",
  stalled: false,
  total: 1200,
  done: 0,
  stored: 0,
  refusals: [],
  error: null,
  createdAt: "2026-12-02T08:59:00.000Z",
  ...overrides,
});
const broken = { name: "photos/broken.jpg", message: "The image must be a JPEG, PNG, WebP or GIF file." };

describe("Import products: what the screen says about an import", () => {
  it("the dry run's plan and the import's result, counted in products", () => {
    expect(plannedSummary(counts)).toBe("Will create 12 products, update 3, leave 40 unchanged; 2 refused.");
    expect(appliedSummary(counts)).toBe("Created 12 products, updated 3, left 40 unchanged; 2 refused.");
    expect(plannedSummary({ created: 1, updated: 1, unchanged: 1200, refused: 1 })).toBe("Will create 1 product, update 1, leave 1,200 unchanged; 1 refused.");
  });

  it("progress in rows, and as a whole percent that reaches 100 only at the end", () => {
    expect(rowsText(812, 2000)).toBe("812 of 2,000 rows");
    expect(percentDone(812, 2000)).toBe(40);
    expect(percentDone(1999, 2000)).toBe(99);
    expect(percentDone(2000, 2000)).toBe(100);
    expect(percentDone(0, 0)).toBe(100);
  });

  it("the refused rows' caption says when only the first are listed", () => {
    expect(refusedCaption(2, 2)).toBe("Refused rows: 2");
    expect(refusedCaption(1000, 1234)).toBe("Refused rows: the first 1,000 of 1,234");
  });

  it("an import is under way while a process works on it; open until applied or failed", () => {
    expect(isUnderWay(view({ status: "checking" }))).toBe(true);
    expect(isUnderWay(view({ status: "applying", stalled: true }))).toBe(false);
    expect(isUnderWay(view({ status: "checked" }))).toBe(false);
    expect(["checking", "checked", "applying", "applied", "failed"].map((status) => isOpen(view({ status: status as ImportView["status"] })))).toEqual([true, true, true, false, false]);
  });

  it("the stage is said once per stage, and not at all when an alert says it stopped or failed", () => {
    expect(stageText(view({ status: "checking" }))).toBe("Checking the file…");
    expect(stageText(view({ status: "checked" }))).toBe("Checked. Nothing in the shop has changed yet.");
    expect(stageText(view({ status: "applying" }))).toBe("Applying the import…");
    expect(stageText(view({ status: "applied" }))).toBe("Done.");
    expect(stageText(view({ status: "applying", stalled: true }))).toBe("");
    expect(stageText(view({ status: "failed" }))).toBe("");
  });
});

describe("Import products: what the screen says about a zip of pictures", () => {
  it("its pictures are being stored until they are, or it failed or stopped", () => {
    expect(isStoring(pictureSet({ status: "storing" }))).toBe(true);
    expect(isStoring(pictureSet({ status: "storing", stalled: true }))).toBe(false);
    expect(isStoring(pictureSet({ status: "stored" }))).toBe(false);
    expect(isStoring(pictureSet({ status: "failed" }))).toBe(false);
  });

  it("progress in pictures over the bar while storing, and what was looked at once it stopped", () => {
    expect(picturesText(1, 1)).toBe("1 of 1 picture");
    expect(picturesText(812, 1200)).toBe("812 of 1,200 pictures");
    expect(picturesProgressText(pictureSet({ done: 812 }))).toBe("Storing pictures: 812 of 1,200");
    expect(picturesProgressText(pictureSet({ status: "stored", done: 1200 }))).toBe("Pictures looked at: 1,200 of 1,200");
    expect(picturesProgressText(pictureSet({ stalled: true, done: 3 }))).toBe("Pictures looked at: 3 of 1,200");
  });

  it("the stage: on its way, being stored, then how many were stored and refused; nothing when the zip field says it failed", () => {
    expect(picturesStageText(undefined)).toBe("Sending the zip…");
    expect(picturesStageText(pictureSet({ done: 5 }))).toBe("Storing the pictures…");
    expect(picturesStageText(pictureSet({ status: "stored", done: 1200, stored: 1199, refusals: [broken] }))).toBe("1,199 of 1,200 pictures stored; 1 refused.");
    expect(picturesStageText(pictureSet({ status: "failed" }))).toBe("");
    expect(picturesStageText(pictureSet({ stalled: true }))).toBe("");
  });

  it("pictures refused in all: those looked at and not stored, at least those listed; the caption says when only the first are listed", () => {
    expect(refusedPictures(pictureSet({ done: 1200, stored: 1000 }))).toBe(200);
    expect(refusedPictures(pictureSet({ done: 1, stored: 1, refusals: [broken] }))).toBe(1);
    expect(refusedPicturesCaption(1, 1)).toBe("Refused pictures: 1");
    expect(refusedPicturesCaption(1000, 1234)).toBe("Refused pictures: the first 1,000 of 1,234");
  });

  it("why a zip's pictures are not all stored: the server's words when it failed, else that storing stopped", () => {
    expect(picturesFailure(pictureSet({ status: "failed", error: "The zip archive is damaged: create it again and upload it." }))).toBe("The zip archive is damaged: create it again and upload it.");
    expect(picturesFailure(pictureSet({ stalled: true }))).toBe("Storing the pictures stopped before the end: upload the zip again (the pictures stored already are kept).");
  });
});
