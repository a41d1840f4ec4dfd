// What every GraphQL request goes through besides the schema: text the shop cannot store is refused
// before anything runs (variables and inline literals; execute.ts checks the same for the lane and the
// server render), unexpected errors are logged (the caller only hears INTERNAL_ERROR, see errors.ts),
// answers over HTTP are never cached unless they are anonymous catalogue answers (catalogue-answers.ts),
// and a throttled sign-in carries Retry-After.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, valueFromASTUntyped, visit, type DocumentNode } from "graphql";
import type { Logger } from "pino";
import { findUnstorableText, unstorableTextMessage } from "../domain/shared/index.js";
import { catalogueCacheControl, readsOnlyCatalogue } from "./catalogue-answers.js";
import type { GraphQLContext } from "./context.js";
import { logUnexpectedErrors } from "./errors.js";
import { throttleRefusals } from "../metrics.js";

function unstorableText(field: string): GraphQLError {
  const message = unstorableTextMessage(field);
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", fields: { [field]: [message] }, http: { status: 400 } } });
}

// Apollo keeps one parsed document per query text, so the answer for its literals is kept with it.
const literalChecks = new WeakMap<DocumentNode, string | null>();

/** The first argument, object field or variable default written in the document with unstorable text. */
function unstorableLiteral(document: DocumentNode): string | null {
  const known = literalChecks.get(document);
  if (known !== undefined) return known;
  const found = findUnstorableLiteral(document);
  literalChecks.set(document, found);
  return found;
}

function findUnstorableLiteral(document: DocumentNode): string | null {
  let found: string | null = null;
  visit(document, {
    Argument(node) {
      found ??= findUnstorableText(valueFromASTUntyped(node.value), node.name.value);
      return found === null ? undefined : false;
    },
    VariableDefinition(node) {
      if (node.defaultValue) found ??= findUnstorableText(valueFromASTUntyped(node.defaultValue), node.variable.name.value);
    },
  });
  return found;
}

/** The refusal for a request whose variables or inline literals hold text the shop cannot store, else null. */
export function unstorableTextIn(variables: Record<string, unknown> | null | undefined, document: DocumentNode): GraphQLError | null {
  const field = findUnstorableText(variables ?? {}, "") ?? unstorableLiteral(document);
  return field === null ? null : unstorableText(field);
}

/**
 * `catalogueCacheSeconds`: how long an anonymous catalogue answer fetched with GET may be reused (see
 * catalogue-answers.ts); 0: never.
 */
export function shopRequestPlugin(logger: Logger, { catalogueCacheSeconds }: { catalogueCacheSeconds: number }): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const refusal = unstorableTextIn(request.variables, document);
          if (refusal) throw refusal;
        },
        async didEncounterErrors({ errors, contextValue, operationName }) {
          logUnexpectedErrors(errors, contextValue?.log ?? logger, operationName);
        },
        async willSendResponse({ request, response, document, operation }) {
          const cacheable =
            catalogueCacheSeconds > 0 &&
            request.http?.method === "GET" &&
            !request.http.headers.get("authorization") &&
            response.body.kind === "single" &&
            !response.body.singleResult.errors &&
            document !== undefined &&
            operation !== undefined &&
            readsOnlyCatalogue(document, operation);
          response.http.headers.set("cache-control", cacheable ? catalogueCacheControl(catalogueCacheSeconds) : "no-store");
          if (response.body.kind !== "single") return;
          const throttled = response.body.singleResult.errors?.find((error) => error.extensions?.code === "TOO_MANY_REQUESTS");
          if (throttled) throttleRefusals.inc();
          const retryAfter = throttled?.extensions?.retryAfter;
          if (typeof retryAfter === "number") response.http.headers.set("retry-after", String(retryAfter));
        },
      };
    },
  };
}
