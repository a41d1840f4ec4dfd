// The notifications for the account forms: invalid input shows each server
// message as an error notification; any other failure 'An error occurred. Please try again.'.
import { messages } from "../messages";
import { notifyError } from "../notify";
import { invalidInputMessages } from "./errors";

export function reportFormFailure(error: unknown): void {
  const invalid = invalidInputMessages(error);
  if (invalid) invalid.forEach((message) => notifyError(message));
  else notifyError(messages.genericFailure);
}
