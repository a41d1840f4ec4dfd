// @vitest-environment node
import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { serverFailureMessages } from "./adminFeedback";

const graphQLFailure = (errors: Array<{ message: string; extensions?: Record<string, unknown> }>) =>
  new CombinedGraphQLErrors({ data: null, errors });

describe("Every admin change shows the server's message on failure", () => {
  it("shows the server's error message", () => {
    expect(serverFailureMessages(graphQLFailure([{ message: "A category with this name already exists.", extensions: { code: "CONFLICT" } }]))).toEqual([
      "A category with this name already exists.",
    ]);
  });

  it("shows each message of invalid input", () => {
    const failure = graphQLFailure([
      {
        message: "Invalid input",
        extensions: { code: "BAD_USER_INPUT", fields: { name: ["The name is required."], price: "The price must be more than 0." } },
      },
    ]);
    expect(serverFailureMessages(failure)).toEqual(["The name is required.", "The price must be more than 0."]);
  });

  it("reads the server's message from a refused HTTP answer", () => {
    const response = new Response("", { status: 400 });
    const failure = new ServerError("Response not successful", { response, bodyText: JSON.stringify({ errors: [{ message: "File too large." }] }) });
    expect(serverFailureMessages(failure)).toEqual(["File too large."]);
  });

  it("shows the fallback when the server said nothing (a network failure)", () => {
    expect(serverFailureMessages(new Error("Failed to fetch"), "Try again later")).toEqual(["Try again later"]);
    expect(serverFailureMessages(new Error("Failed to fetch"))).toEqual(["An error occurred. Please try again."]);
  });
});
