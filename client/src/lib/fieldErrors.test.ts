// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fieldErrorMessages } from "./fieldErrors";

describe("On a 422 response the body is a map of field to a list of messages (or a single message)", () => {
  it("gives each message, in field order", () => {
    expect(fieldErrorMessages({ email: ["The email has already been taken."], password: ["Too short.", "Needs a digit."] })).toEqual([
      "The email has already been taken.",
      "Too short.",
      "Needs a digit.",
    ]);
  });
  it("accepts a single message per field", () => {
    expect(fieldErrorMessages({ name: "The name field is required." })).toEqual(["The name field is required."]);
  });
  it("skips blanks", () => {
    expect(fieldErrorMessages({ name: "", phone: null, email: [] })).toEqual([]);
  });
});
