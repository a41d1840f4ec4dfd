import { describe, expect, it } from "vitest";
import type { ImportView } from "./importApi";
import { appliedSummary, isOpen, isUnderWay, percentDone, plannedSummary, refusedCaption, rowsText, stageText } from "./importText";

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
