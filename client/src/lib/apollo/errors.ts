// Reading what went wrong from an Apollo error, in the shop's terms: the
// server's message, and for invalid input (the API's BAD_USER_INPUT, REST's 422) each field message.
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { fieldErrorMessages, type FieldErrorMap } from "../fieldErrors";
import { messages } from "../messages";

/** The first GraphQL error's message, else the error's own message, else the fallback. */
export function serverMessage(error: unknown, fallback: string = messages.genericFailure): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The API's error code (extensions.code) of the first GraphQL error, if any. */
export function errorCode(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : null;
}

/**
 * For invalid input, every message to show (each field's messages, else the error's message); null
 * for any other failure, which shows 'An error occurred. Please try again.'.
 */
export function invalidInputMessages(error: unknown): string[] | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const invalid = error.errors.filter((entry) => entry.extensions?.code === "BAD_USER_INPUT");
  if (invalid.length === 0) return null;
  const fromFields = invalid.flatMap((entry) => {
    const fields = entry.extensions?.fields;
    return fields && typeof fields === "object" ? fieldErrorMessages(fields as FieldErrorMap) : [];
  });
  return fromFields.length > 0 ? fromFields : invalid.map((entry) => entry.message).filter(Boolean);
}

/** Whether invalid input was reported under this field (extensions.fields), e.g. a reset link's "token". */
export function isFieldInvalid(error: unknown, field: string): boolean {
  if (!CombinedGraphQLErrors.is(error)) return false;
  return error.errors.some((entry) => {
    const fields = entry.extensions?.fields;
    return entry.extensions?.code === "BAD_USER_INPUT" && typeof fields === "object" && fields !== null && field in fields;
  });
}

/**
 * For invalid input, each field's first message (field -> message), to show beside the field;
 * null when the failure names no field.
 */
export function invalidInputFields(error: unknown): Record<string, string> | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const byField: Record<string, string> = {};
  for (const entry of error.errors) {
    const fields = entry.extensions?.fields;
    if (entry.extensions?.code !== "BAD_USER_INPUT" || !fields || typeof fields !== "object") continue;
    for (const [field, message] of Object.entries(fields as FieldErrorMap)) {
      const first = fieldErrorMessages({ [field]: message })[0];
      if (first && !(field in byField)) byField[field] = first;
    }
  }
  return Object.keys(byField).length > 0 ? byField : null;
}
