// Maps what the domain throws to GraphQL errors a client can act on, and hides everything else.
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { ShopError } from "../domain/errors.js";

/** Apollo's formatError hook: ShopError -> code (+ fields); unknown errors -> a plain 500-free message. */
export function formatShopError(showDetails: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof ShopError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: original.code, ...(original.fields ? { fields: original.fields } : {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (original instanceof GraphQLError || (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR")) {
      // Parse, validation and argument-coercion errors already speak to the caller; keep them without stack traces.
      const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    if (showDetails) return formatted;
    return {
      message: "Something went wrong on our side. Please try again.",
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    };
  };
}
