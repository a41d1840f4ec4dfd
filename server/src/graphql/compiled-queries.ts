// The shop's hot reads without Apollo's per-request pipeline: each query text the shop receives is parsed,
// validated and compiled to plain JavaScript (graphql-jit) once, then run directly. Only the case where
// the answer is plain data is served this way; Apollo answers everything else with its own rules, so
// both paths give the same answers:
// - a query text the first time it is seen (only texts that come again are worth compiling);
// - a document that does not parse or validate (Apollo's rules: graphql's, its introspection switch and
//   the shop's limits), a mutation or subscription, an unknown operation name, text the shop cannot store;
// - any answer with an error (bad variables, a missing product, a failure): the query runs again under
//   Apollo, which formats and logs errors. Queries change nothing, so running one twice is safe.
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from "graphql";
import type { GraphQLContext } from "./context.js";
import { HEAP_BYTES, LruByBytes } from "../lru.js";
import { MAX_TOKENS, queryLimitRules } from "./limits.js";
import { unstorableTextIn } from "./request-guards.js";

/** What a POST body asks for (already checked to be JSON). */
export interface QueryRequest {
  query: string;
  operationName: string | null;
  variables: Record<string, unknown> | null;
}

export interface CompiledQueries {
  /**
   * The data of a query that ran without errors, or null when Apollo must answer the request (then
   * nothing was changed; at most a query ran and its answer was dropped). The context (which looks up the
   * viewer) is made only for a query that will run here.
   */
  run(request: QueryRequest, context: () => Promise<GraphQLContext>): Promise<unknown | null>;
}

interface Compiled {
  document: DocumentNode;
  query: CompiledQuery;
}

/**
 * What the lane remembers, in bytes of heap (see HEAP_BYTES): compiled queries (and the texts Apollo must
 * answer) up to COMPILED_BYTES, several times what every query of the storefront and admin takes compiled
 * (about 50 texts, a few hundred KB each at most); texts seen once up to SEEN_BYTES. Apart, so a stream of
 * one-off texts only ever pushes out other one-off texts, never a compiled query.
 */
const COMPILED_BYTES = 16 * 1024 * 1024;
const SEEN_BYTES = 2 * 1024 * 1024;

// Apollo's introspection switch (its NoIntrospection rule refuses exactly these two fields). Here only
// whether a document passes matters: one that uses them goes to Apollo, which answers as configured.
const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type") context.reportError(new GraphQLError("Introspection is answered by Apollo.", { nodes: [node] }));
  },
});

export function compileQueries(schema: GraphQLSchema): CompiledQueries {
  // Introspection is always left to Apollo, whether or not it is enabled: it is neither hot nor worth a copy.
  const rules = [...specifiedRules, noIntrospection, ...queryLimitRules];
  // Keyed by operation name and text. A text seen once is only noted: it is compiled when it comes again, so
  // a stream of one-off texts costs no more than under Apollo. null marks a text Apollo must answer, so it is
  // not parsed again.
  const seen = new LruByBytes<string, true>(SEEN_BYTES, (_, key) => HEAP_BYTES.entry + 2 * key.length);
  const known = new LruByBytes<string, Compiled | null>(COMPILED_BYTES, (entry, key) =>
    entry === null ? HEAP_BYTES.entry + 2 * key.length : HEAP_BYTES.compiledBase + HEAP_BYTES.perCompiledChar * key.length,
  );

  function compile(query: string, operationName: string | null): Compiled | null {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch {
      return null;
    }
    if (validate(schema, document, rules).length > 0) return null;
    if (getOperationAST(document, operationName)?.operation !== "query") return null;
    const compiled = compileQuery(schema, document, operationName ?? undefined);
    return isCompiledQuery(compiled) ? { document, query: compiled } : null;
  }

  function compiledFor(query: string, operationName: string | null): Compiled | null {
    const key = `${operationName ?? ""}\n${query}`;
    const entry = known.get(key);
    if (entry !== undefined) return entry;
    if (seen.get(key) === undefined) {
      seen.set(key, true);
      return null;
    }
    seen.delete(key);
    const compiled = compile(query, operationName);
    known.set(key, compiled);
    return compiled;
  }

  return {
    async run(request, context) {
      const compiled = compiledFor(request.query, request.operationName);
      if (!compiled || unstorableTextIn(request.variables, compiled.document)) return null;
      const result = await compiled.query.query(undefined, await context(), request.variables ?? {});
      return result.errors?.length || !result.data ? null : result.data;
    },
  };
}
