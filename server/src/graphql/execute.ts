// One way to run GraphQL. Three paths answer GraphQL: Apollo Server over HTTP (with Sandbox, persisted
// queries, uploads and CSRF prevention), the query lane (hot plain-JSON queries, compiled to JavaScript by
// graphql-jit) and the server render of the storefront's pages (in-process, as a guest). Everything that
// decides an answer comes from here, so the three cannot drift:
// - parsing: graphql's parser, at most MAX_TOKENS tokens;
// - validation: graphql's specified rules, then the introspection switch and the shop's limits (limits.ts),
//   the same list on every path (subscriptions over WebSocket take it too);
// - the context: the viewer the Authorization header names (or a guest) and the request's loaders;
// - errors: the code of the step that refused the request, as Apollo gives it (GRAPHQL_PARSE_FAILED,
//   GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT for variables, OPERATION_RESOLUTION_FAILURE, else
//   INTERNAL_SERVER_ERROR), then formatShopError (and withoutSchemaHints while introspection is off) as
//   Apollo's formatError; unexpected errors are logged, never shown.
// Apollo runs its own pipeline with these parts (apolloOptions). `run` is that pipeline for a caller in the
// same process (the server render); `compile` is the lane's: a query compiled once, whose answer is used
// only when it has no error (Apollo answers the rest, so errors are formatted by one pipeline).
import { compileQuery, isCompiledQuery } from "graphql-jit";
import {
  BREAK,
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  print,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationRule,
} from "graphql";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { Shop } from "../domain/shop.js";
import { HEAP_BYTES } from "../lru.js";
import { createGraphQLContext, type GraphQLContext } from "./context.js";
import { formatShopError, logUnexpectedErrors, withoutSchemaHints } from "./errors.js";
import { MAX_TOKENS, queryLimitRules } from "./limits.js";
import { unstorableTextIn } from "./request-guards.js";

/** One operation to run: its document (text, or parsed as the client's typed documents are), variables and name. */
export interface OperationRequest {
  document: string | DocumentNode;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** A query compiled for the query lane. */
export interface CompiledOperation {
  readonly document: DocumentNode;
  /**
   * The data of the query run with these variables, when it ran without errors; null when Apollo must
   * answer instead (nothing was changed: at most a query ran and its answer was dropped). The context is
   * made only when the query runs.
   */
  data(variables: Record<string, unknown> | null, context: () => Promise<GraphQLContext>): Promise<unknown | null>;
}

type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

export interface ShopGraphQL {
  readonly schema: GraphQLSchema;
  /** The rules checked after graphql's specified rules: the introspection switch, then the limits. */
  readonly validationRules: ValidationRule[];
  readonly parseOptions: ParseOptions;
  /** Apollo's formatError hook (and this module's, for the paths Apollo does not run). */
  readonly formatError: FormatError;
  /** What Apollo Server takes from here. Its own introspection switch is left on: the rule is in validationRules. */
  readonly apolloOptions: {
    introspection: true;
    validationRules: ValidationRule[];
    parseOptions: ParseOptions;
    formatError: FormatError;
    includeStacktraceInErrorResponses: false;
    hideSchemaDetailsFromClientErrors: false;
  };
  /** The context of one request: the viewer the Authorization header names (null: a guest). */
  contextFor(authorization: string | undefined, clientAddress: string | null, log?: Logger): Promise<GraphQLContext>;
  /** A guest's context (the server render's). */
  guestContext(log?: Logger): GraphQLContext;
  /** Runs an operation and answers as Apollo would over HTTP (the same data, the same errors). */
  run(request: OperationRequest, context: GraphQLContext): Promise<FormattedExecutionResult>;
  /** The lane's compiled form of a query text; null when Apollo must answer it (see CompiledOperation). */
  compile(query: string, operationName: string | null): CompiledOperation | null;
}

/** Apollo's answer when introspection is off (its NoIntrospection rule refuses the same two fields). */
const INTROSPECTION_OFF = "GraphQL introspection is not allowed on this server: __schema and __type cannot be asked.";

const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type") {
      context.reportError(new GraphQLError(INTROSPECTION_OFF, { nodes: [node], extensions: { validationErrorCode: "INTROSPECTION_DISABLED" } }));
    }
  },
});

/** True when the document asks for the schema (__schema, __type): the lane leaves those to Apollo, being neither hot nor worth compiling. */
function readsIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== "__schema" && node.name.value !== "__type") return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/**
 * The same error with the code of the step that refused the request, and the HTTP status Apollo answers
 * it with (Apollo's own error classes: SyntaxError, ValidationError, UserInputError, OperationResolutionError).
 */
function withCode(error: GraphQLError, code: string, status?: number): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError ?? error,
    extensions: { ...(status ? { http: { status } } : {}), ...error.extensions, code },
  });
}

/** graphql's errors for variables that do not fit their definitions (Apollo answers those with BAD_USER_INPUT). */
function isVariableError(error: GraphQLError): boolean {
  const node = error.nodes?.length === 1 ? error.nodes[0] : undefined;
  if (node?.kind !== Kind.VARIABLE_DEFINITION) return false;
  const variable = `Variable "$${node.variable.name.value}"`;
  return [" has invalid value", " got invalid value ", " of required type ", " of non-null type "].some((rest) => error.message.startsWith(variable + rest));
}

/** What `run` keeps of the documents it has checked, in bytes of heap: the storefront's few, many times over. */
const PREPARED_BYTES = 4 * 1024 * 1024;

/** What a document is checked as: parsed with source locations (so errors carry them), and its validation errors. */
interface Prepared {
  document: DocumentNode;
  refusals: GraphQLError[];
}

export function createShopGraphQL({ schema, shop, introspection, logger }: { schema: GraphQLSchema; shop: Shop; introspection: boolean; logger: Logger }): ShopGraphQL {
  const validationRules: ValidationRule[] = [...(introspection ? [] : [noIntrospection]), ...queryLimitRules];
  const rules = [...specifiedRules, ...validationRules];
  const parseOptions: ParseOptions = { maxTokens: MAX_TOKENS };
  const formatError: FormatError = introspection ? formatShopError : (formatted, error) => withoutSchemaHints(formatShopError(formatted, error));

  /** Apollo's last step for every error: a code (INTERNAL_SERVER_ERROR when none), no `http` extension, then formatError. */
  const formatErrors = (errors: readonly GraphQLError[]): GraphQLFormattedError[] =>
    errors.map((error) => {
      try {
        const { http: _http, ...extensions }: Record<string, unknown> = { ...error.extensions, code: error.extensions.code ?? "INTERNAL_SERVER_ERROR" };
        return formatError({ ...error.toJSON(), extensions }, error);
      } catch {
        return { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } };
      }
    });

  function prepareText(text: string): Prepared {
    let document: DocumentNode;
    try {
      document = parse(text, parseOptions);
    } catch (error) {
      const syntax = error instanceof GraphQLError ? error : new GraphQLError(String(error));
      return { document: { kind: Kind.DOCUMENT, definitions: [] }, refusals: [withCode(syntax, "GRAPHQL_PARSE_FAILED", 400)] };
    }
    const refusals = validate(schema, document, rules).map((error) => withCode(error, "GRAPHQL_VALIDATION_FAILED", 400));
    return { document, refusals };
  }

  // What the server render sends is the client's typed documents, with __typename added by a cache made
  // for each page: the same few texts, in new objects every time. So a document is known by its text, as
  // Apollo knows a document by its text's hash: printed (as the client prints it for HTTP, so its errors
  // name the same lines and columns Apollo's do), then parsed and checked once per text.
  const preparedTexts = new LRUCache<string, Prepared>({ maxSize: PREPARED_BYTES, sizeCalculation: (_, text) => HEAP_BYTES.entry + HEAP_BYTES.perDocumentChar * text.length });
  function prepare(document: string | DocumentNode): Prepared {
    const text = typeof document === "string" ? document : print(document);
    let prepared = preparedTexts.get(text);
    if (!prepared) {
      prepared = prepareText(text);
      preparedTexts.set(text, prepared);
    }
    return prepared;
  }

  return {
    schema,
    validationRules,
    parseOptions,
    formatError,
    apolloOptions: { introspection: true, validationRules, parseOptions, formatError, includeStacktraceInErrorResponses: false, hideSchemaDetailsFromClientErrors: false },

    async contextFor(authorization, clientAddress, log) {
      return createGraphQLContext(shop, await shop.tokens.viewerFromAuthorization(authorization), clientAddress, log);
    },

    guestContext(log) {
      return createGraphQLContext(shop, null, null, log ?? logger);
    },

    async run({ document: given, variables, operationName }, context) {
      const log = context.log ?? logger;
      const refused = (errors: GraphQLError[]): FormattedExecutionResult => {
        logUnexpectedErrors(errors, log, operationName);
        return { errors: formatErrors(errors) };
      };
      const { document, refusals } = prepare(given);
      if (refusals.length > 0) return refused(refusals);
      const operation = getOperationAST(document, operationName);
      const refusal = unstorableTextIn(variables, document);
      if (refusal) return refused([refusal]);
      const result = await execute({ schema, document, variableValues: variables ?? undefined, operationName: operationName ?? undefined, contextValue: context });
      if (!operation) return refused([withCode(result.errors?.[0] ?? new GraphQLError("No operation to run."), "OPERATION_RESOLUTION_FAILURE", 400)]);
      if (!result.errors?.length) return { data: result.data };
      const errors = result.errors.map((error) => (isVariableError(error) && error.extensions.code == null ? withCode(error, "BAD_USER_INPUT") : error));
      logUnexpectedErrors(errors, log, operationName);
      return "data" in result ? { errors: formatErrors(errors), data: result.data } : { errors: formatErrors(errors) };
    },

    compile(query, operationName) {
      const { document, refusals } = prepareText(query);
      if (refusals.length > 0) return null;
      if (getOperationAST(document, operationName)?.operation !== "query" || readsIntrospection(document)) return null;
      const compiled = compileQuery(schema, document, operationName ?? undefined);
      if (!isCompiledQuery(compiled)) return null;
      return {
        document,
        async data(variables, context) {
          if (unstorableTextIn(variables, document)) return null;
          const result = await compiled.query(undefined, await context(), variables ?? {});
          return result.errors?.length || !result.data ? null : result.data;
        },
      };
    },
  };
}
