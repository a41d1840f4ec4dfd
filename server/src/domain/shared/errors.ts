// The shop's error vocabulary. Domain services throw these; the GraphQL and REST adapters map them
// to extensions.code and HTTP status codes (see graphql/errors.ts and rest/errors.ts).

/** SERVICE_UNAVAILABLE: a service the shop relies on (the payment provider) could not be reached; nothing was changed, trying again later may work. */
export type ErrorCode = "BAD_USER_INPUT" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS" | "SERVICE_UNAVAILABLE";

/** Field name -> the messages a person needs to fix that field. */
export type FieldErrors = Record<string, string[]>;

export class ShopError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** TOO_MANY_REQUESTS: whole seconds until the caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ShopError";
  }
}

/** What a caller hears for a failure that is the shop's own fault (a bug, a database outage); the log keeps the details. */
export const INTERNAL_ERROR = "Something went wrong on our side. Please try again.";

export const notFound = (what: string) => new ShopError("NOT_FOUND", `${what} not found.`);
export const unauthenticated = (message = "Please sign in to continue.") => new ShopError("UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do this.") => new ShopError("FORBIDDEN", message);
export const conflict = (message: string) => new ShopError("CONFLICT", message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", message, undefined, retryAfterSeconds);

/** A validation failure on one or more fields; the message is the first field's first message. */
export function invalid(fields: FieldErrors): ShopError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0] ?? "The input is not valid.";
  return new ShopError("BAD_USER_INPUT", first, fields);
}

// What the database said when it refused a write. @prisma/adapter-pg reports Prisma's codes (P2002, P2003);
// pglite-prisma-adapter 0.6 passes PostgreSQL's SQLSTATE through in `cause` (23505, 23503). Check both.
function refusedWith(error: unknown, prismaCode: string, sqlState: string): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failure?.code === prismaCode || failure?.cause?.code === sqlState;
}

/** A unique index refused a duplicate row. */
export const isUniqueViolation = (error: unknown): boolean => refusedWith(error, "P2002", "23505");

/** A foreign key refused a row that points at nothing. */
export const isForeignKeyViolation = (error: unknown): boolean => refusedWith(error, "P2003", "23503");

// Access tokens (JWTs) and password hashes (argon2) that an error message might quote.
const SECRETS = /eyJ[\w-]+\.[\w-]+\.[\w-]*|\$argon2[a-z]*\$[^\s"'`]+/g;

/** An error as the log may keep it: its kind, code, message and stack, with tokens and password hashes cut out. */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).replace(SECRETS, "[redacted]") };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    message: error.message.replace(SECRETS, "[redacted]"),
    stack: error.stack?.replace(SECRETS, "[redacted]"),
  };
}
