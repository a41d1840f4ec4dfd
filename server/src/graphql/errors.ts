// Maps what the domain throws to GraphQL errors a client can act on, and hides everything else.
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import type { Logger } from "pino";
import { INTERNAL_ERROR, safeError, ShopError } from "../domain/shared/index.js";

/**
 * True for an error nobody meant the caller to see (a database failure, a bug): its message may hold
 * SQL or internals, so the caller gets INTERNAL_ERROR and the server log gets the error.
 */
export function isUnexpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (original instanceof ShopError) return false;
  if (original instanceof GraphQLError) {
    // Parse, validation and argument-coercion errors speak to the caller; a GraphQLError wrapping
    // something thrown from deeper down (or marked INTERNAL_SERVER_ERROR) does not.
    const code = original.extensions?.code;
    return code === "INTERNAL_SERVER_ERROR" || (code === undefined && original.originalError !== undefined && original.originalError !== null);
  }
  return true;
}

/** Apollo's formatError hook: ShopError -> code (+ fields, retryAfter); unknown errors -> one plain message, in every mode. */
export function formatShopError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof ShopError) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: {
        code: original.code,
        ...(original.fields ? { fields: original.fields } : {}),
        ...(original.retryAfterSeconds !== undefined ? { retryAfter: original.retryAfterSeconds } : {}),
      },
    };
  }
  if (!isUnexpectedError(error)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  return { message: INTERNAL_ERROR, locations: formatted.locations, path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}

/**
 * graphql's suggestions ("Did you mean "products"?") name fields, types and enum values the caller did not
 * write: with introspection off (production) they would map the schema for anyone. Apollo's
 * hideSchemaDetailsFromClientErrors strips them from validation errors only; this strips them from any
 * message (variable coercion errors carry them too), over HTTP and WebSocket alike.
 */
export function withoutSchemaHints(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const message = formatted.message.replace(/ ?Did you mean .+\?$/s, "");
  return message === formatted.message ? formatted : { ...formatted, message };
}

/** Logs the errors nobody meant the caller to see (the caller only hears INTERNAL_ERROR), with where they happened. */
export function logUnexpectedErrors(errors: readonly GraphQLError[], log: Logger | undefined, operationName: string | null | undefined): void {
  for (const error of errors) {
    if (isUnexpectedError(error)) log?.error({ err: safeError(error.originalError ?? error), operationName, path: error.path }, "unexpected error in a GraphQL request");
  }
}
