// @vitest-environment node
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { errorCode, invalidInputMessages, serverMessage } from "./errors";

const graphQLError = (message: string, extensions: Record<string, unknown> = {}) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

describe("Reading the server's answer to a failed call", () => {
  it("the server's message", () => {
    expect(serverMessage(graphQLError("Wrong email or password."))).toBe("Wrong email or password.");
    expect(serverMessage(new Error("Failed to fetch"))).toBe("Failed to fetch");
    expect(serverMessage(undefined)).toBe("An error occurred. Please try again.");
    expect(serverMessage(undefined, "Try again later")).toBe("Try again later");
  });

  it("the error code", () => {
    expect(errorCode(graphQLError("No", { code: "UNAUTHENTICATED" }))).toBe("UNAUTHENTICATED");
    expect(errorCode(new Error("x"))).toBeNull();
  });

  it("invalid input gives each field message (the 422 map of field to messages)", () => {
    const error = graphQLError("The email has already been taken.", {
      code: "BAD_USER_INPUT",
      fields: { email: ["The email has already been taken."], password: ["Too short.", "Needs a digit."] },
    });
    expect(invalidInputMessages(error)).toEqual(["The email has already been taken.", "Too short.", "Needs a digit."]);
  });

  it("invalid input without fields gives the error's message", () => {
    expect(invalidInputMessages(graphQLError("Bad value.", { code: "BAD_USER_INPUT" }))).toEqual(["Bad value."]);
  });

  it("any other failure is not invalid input", () => {
    expect(invalidInputMessages(graphQLError("Down", { code: "INTERNAL_SERVER_ERROR" }))).toBeNull();
    expect(invalidInputMessages(new Error("Failed to fetch"))).toBeNull();
  });
});
