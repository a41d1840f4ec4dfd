import { describe, expect, it } from "vitest";
import { codesAddedText, codesFileName, codeText, datesText, kindText, usesText } from "./promotionText";

const value = { percent: null, amount: null, buyQuantity: null, getQuantity: null };

describe("A promotion in words", () => {
  it("says what it takes off: '10% off', '12.5% off', '$5.00 off', 'Buy 2, get 1 free', 'Free delivery'", () => {
    expect(kindText({ ...value, kind: "PERCENT_OFF", percent: 10 })).toBe("10% off");
    expect(kindText({ ...value, kind: "PERCENT_OFF", percent: 12.5 })).toBe("12.5% off");
    expect(kindText({ ...value, kind: "AMOUNT_OFF", amount: 5 })).toBe("$5.00 off");
    expect(kindText({ ...value, kind: "BUY_X_GET_Y", buyQuantity: 2, getQuantity: 1 })).toBe("Buy 2, get 1 free");
    expect(kindText({ ...value, kind: "FREE_DELIVERY" })).toBe("Free delivery");
  });

  it("says how shoppers get it: its code, 'Automatic', or its single-use codes", () => {
    expect(codeText({ automatic: false, code: "SPRING10", codeCount: 1 })).toBe("SPRING10");
    expect(codeText({ automatic: true, code: null, codeCount: 0 })).toBe("Automatic");
    expect(codeText({ automatic: false, code: null, codeCount: 500 })).toBe("500 single-use codes");
    expect(codeText({ automatic: false, code: null, codeCount: 0 })).toBe("No code yet");
  });

  it("counts its uses against its limit: '3 / 10', else '3'", () => {
    expect(usesText({ uses: 3, usageLimit: 10 })).toBe("3 / 10");
    expect(usesText({ uses: 3, usageLimit: null })).toBe("3");
  });

  it("says when it runs", () => {
    expect(datesText({ startsAt: "2026-11-01T09:00:00.000Z", endsAt: "2026-11-30T18:00:00.000Z" })).toBe("Nov 1, 2026, 9:00 AM – Nov 30, 2026, 6:00 PM");
    expect(datesText({ startsAt: "2026-11-01T09:00:00.000Z", endsAt: null })).toBe("From Nov 1, 2026, 9:00 AM");
    expect(datesText({ startsAt: null, endsAt: "2026-11-30T18:00:00.000Z" })).toBe("Until Nov 30, 2026, 6:00 PM");
    expect(datesText({ startsAt: null, endsAt: null })).toBe("Any time");
  });

  it("'500 codes added', and the CSV's file name", () => {
    expect(codesAddedText(500)).toBe("500 codes added");
    expect(codesAddedText(1)).toBe("1 code added");
    expect(codesAddedText(10000)).toBe("10,000 codes added");
    expect(codesFileName(12)).toBe("promotion-12-codes.csv");
  });
});
