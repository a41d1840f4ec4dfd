// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  checkCardForSaving,
  detectIssuer,
  displayLength,
  passesLuhn,
  previewExpiry,
  previewNumber,
  SUPPORTED_ISSUERS,
  type CardDetails,
} from "./cardRules";

describe("Card preview: the issuer is detected from leading digits", () => {
  const examples: Array<[string, string]> = [
    ["4111111111111111", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "american express"],
    ["341111111111111", "american express"],
    ["30569309025904", "diners"],
    ["36227206271667", "diners"],
    ["6011111111111117", "discover"],
    ["6445644564456445", "discover"],
    ["3530111333300000", "jcb"],
    ["6200000000000005", "unionpay"],
    ["6759649826438453", "maestro"],
    ["5018000000000009", "maestro"],
    ["6362970000457013", "elo"],
    ["5067310000000010", "elo"],
    ["2200000000000004", "mir"],
    ["6370950000000005", "hiper"],
    ["6062825624254001", "hipercard"],
    ["5019717010103742", "dankort"],
    ["6304000000000000", "laser"],
    ["4917300800000000", "visa electron"],
    ["4026000000000002", "visa electron"],
  ];

  it.each(examples)("%s is %s", (number, issuer) => {
    expect(detectIssuer(number)).toBe(issuer);
  });

  it("supports the 15 issuers of the spec", () => {
    expect([...SUPPORTED_ISSUERS].sort()).toEqual(
      [
        "visa",
        "mastercard",
        "american express",
        "diners",
        "discover",
        "jcb",
        "unionpay",
        "maestro",
        "elo",
        "mir",
        "hiper",
        "hipercard",
        "dankort",
        "laser",
        "visa electron",
      ].sort(),
    );
    expect(new Set(examples.map(([, issuer]) => issuer)).size).toBe(15);
  });

  it("detects the issuer while the number is still being typed", () => {
    expect(detectIssuer("4")).toBe("visa");
    expect(detectIssuer("37")).toBe("american express");
    expect(detectIssuer("")).toBeNull();
    expect(detectIssuer("9999")).toBeNull();
  });

  it("ignores spaces and other separators", () => {
    expect(detectIssuer("4111 1111 1111 1111")).toBe("visa");
  });
});

describe("Card preview: displayed number length is 16 (15 american express, 14 diners, up to 19 visa, mastercard, hipercard)", () => {
  it("shows 16 digits for most issuers and unknown numbers", () => {
    expect(displayLength("6011")).toBe(16);
    expect(displayLength("")).toBe(16);
    expect(displayLength("5019")).toBe(16);
  });

  it("shows 15 for american express and 14 for diners", () => {
    expect(displayLength("37")).toBe(15);
    expect(displayLength("36")).toBe(14);
  });

  it("grows up to 19 for visa, mastercard and hipercard", () => {
    expect(displayLength("4".padEnd(16, "1"))).toBe(16);
    expect(displayLength("4".padEnd(18, "1"))).toBe(18);
    expect(displayLength("4".padEnd(22, "1"))).toBe(19);
    expect(displayLength("51".padEnd(19, "0"))).toBe(19);
    expect(displayLength("606282".padEnd(19, "0"))).toBe(19);
    expect(displayLength("6011".padEnd(19, "0"))).toBe(16);
  });

  it("prints the number in groups with dots for digits not yet typed", () => {
    expect(previewNumber("4111")).toBe("4111 •••• •••• ••••");
    expect(previewNumber("378282246310005")).toBe("3782 822463 10005");
    expect(previewNumber("3056")).toBe("3056 •••••• ••••");
  });

  it("prints the expiry as MM/YY", () => {
    expect(previewExpiry("1228")).toBe("12/28");
    expect(previewExpiry("1")).toBe("1•/••");
  });
});

describe("Card preview: a Luhn check", () => {
  it.each(["4111111111111111", "5555555555554444", "378282246310005", "30569309025904", "6011111111111117"])("%s passes", (number) => {
    expect(passesLuhn(number)).toBe(true);
  });

  it("fails a number with a wrong check digit", () => {
    expect(passesLuhn("4111111111111112")).toBe(false);
  });

  it("fails numbers too short to be a card", () => {
    expect(passesLuhn("0")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });
});

describe("Card save: number exactly 16, expiry exactly 4, cvc exactly 3, holder name non-empty after trimming", () => {
  const valid: CardDetails = { number: "4111111111111111", expiry: "1228", cvc: "123", name: "Ada Gardener" };

  it("'Card details saved successfully!' when all four rules hold", () => {
    expect(checkCardForSaving(valid)).toEqual({ saved: true, message: "Card details saved successfully!" });
  });

  it.each<[string, Partial<CardDetails>]>([
    ["a 15-character number", { number: "378282246310005" }],
    ["a 17-character number", { number: "41111111111111111" }],
    ["a 3-character expiry", { expiry: "128" }],
    ["a 5-character expiry", { expiry: "12/28" }],
    ["a 2-character cvc", { cvc: "12" }],
    ["a 4-character cvc", { cvc: "1234" }],
    ["an empty name", { name: "" }],
    ["a name of spaces", { name: "   " }],
  ])("'Please enter valid card details.' for %s", (_label, change) => {
    expect(checkCardForSaving({ ...valid, ...change })).toEqual({ saved: false, message: "Please enter valid card details." });
  });
});
