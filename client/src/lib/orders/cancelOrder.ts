// Cancelling an order, as the shopper's order page and the admin's order view both ask it: what the
// confirmation says when the server refuses.
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { invalidInputMessages } from "../apollo/errors";
import { messages } from "../messages";

/**
 * The server's words for a refused cancellation (its invalid-input messages, e.g. 'This order can no longer be
 * cancelled: it is already on its way. Please contact us.', else its error's message); without an answer
 * from the server (the network), the fallback.
 */
export function cancelFailureMessage(failure: unknown, fallback: string = messages.genericFailure): string {
  const invalid = invalidInputMessages(failure);
  if (invalid) return invalid.join(" ");
  if (CombinedGraphQLErrors.is(failure)) return failure.errors[0]?.message || fallback;
  return fallback;
}
