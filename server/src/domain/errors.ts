// The shop's error vocabulary. Domain services throw these; the GraphQL and REST adapters map them
// to extensions.code and HTTP status codes (see graphql/errors.ts and rest/errors.ts).

export type ErrorCode = "BAD_USER_INPUT" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT";

/** Field name -> the messages a person needs to fix that field. */
export type FieldErrors = Record<string, string[]>;

export class ShopError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = "ShopError";
  }
}

export const notFound = (what: string) => new ShopError("NOT_FOUND", `${what} not found.`);
export const unauthenticated = (message = "Please sign in to continue.") => new ShopError("UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do this.") => new ShopError("FORBIDDEN", message);
export const conflict = (message: string) => new ShopError("CONFLICT", message);

/** A validation failure on one or more fields; the message is the first field's first message. */
export function invalid(fields: FieldErrors): ShopError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0] ?? "The input is not valid.";
  return new ShopError("BAD_USER_INPUT", first, fields);
}
