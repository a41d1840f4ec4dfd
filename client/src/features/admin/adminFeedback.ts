// What an admin sees after a change: the server's message on success and on failure.
// A failure the server did not explain (the network) shows the fallback.
import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { invalidInputMessages } from "../../lib/apollo/errors";
import { messages } from "../../lib/messages";
import { notifyError } from "../../lib/notify";

/** The server's messages for a failed change: each invalid-input message, else its error message; else the fallback. */
export function serverFailureMessages(error: unknown, fallback: string = messages.genericFailure): string[] {
  const invalid = invalidInputMessages(error);
  if (invalid) return invalid;
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors[0]?.message;
    if (message) return [message];
  }
  if (ServerError.is(error)) {
    try {
      const message = (JSON.parse(error.bodyText) as { errors?: Array<{ message?: unknown }> }).errors?.[0]?.message;
      if (typeof message === "string" && message !== "") return [message];
    } catch {
      // Not a GraphQL answer: nothing the server said to show.
    }
  }
  return [fallback];
}

/** Shows the server's failure messages as error notifications. */
export function notifyServerFailure(error: unknown, fallback?: string): void {
  serverFailureMessages(error, fallback).forEach((message) => notifyError(message));
}
