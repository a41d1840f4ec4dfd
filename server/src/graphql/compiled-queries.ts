// The query lane's memory of query texts: each query text the shop receives twice is compiled to plain
// JavaScript (graphql-jit) by execute.ts, with the same parsing, validation and context as every other
// path, and then run directly. Only an answer that is plain data is served this way; Apollo answers
// everything else with the same rules, so both paths give the same answers:
// - a query text the first time it is seen (only texts that come again are worth compiling);
// - a document that does not parse or validate, a mutation or subscription, introspection, an unknown
//   operation name, text the shop cannot store;
// - any answer with an error (bad variables, a missing product, a failure): the query runs again under
//   Apollo, which formats and logs errors. Queries change nothing, so running one twice is safe.
import { LRUCache } from "lru-cache";
import type { CompiledOperation, ShopGraphQL } from "./execute.js";
import type { GraphQLContext } from "./context.js";
import { HEAP_BYTES } from "../lru.js";

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

/**
 * What the lane remembers, in bytes of heap (see HEAP_BYTES): compiled queries (and the texts Apollo must
 * answer) up to COMPILED_BYTES, several times what every query of the storefront and admin takes compiled
 * (about 50 texts, a few hundred KB each at most); texts seen once up to SEEN_BYTES. Apart, so a stream of
 * one-off texts only ever pushes out other one-off texts, never a compiled query.
 */
const COMPILED_BYTES = 16 * 1024 * 1024;
const SEEN_BYTES = 2 * 1024 * 1024;
/** What the lane remembers of a text Apollo must answer. */
const APOLLO = "apollo";

export function compileQueries(graphql: Pick<ShopGraphQL, "compile">): CompiledQueries {
  // Keyed by operation name and text. A text seen once is only noted: it is compiled when it comes again, so
  // a stream of one-off texts costs no more than under Apollo. APOLLO marks a text Apollo must answer, so it is
  // not parsed again.
  const seen = new LRUCache<string, true>({ maxSize: SEEN_BYTES, sizeCalculation: (_, key) => HEAP_BYTES.entry + 2 * key.length });
  const known = new LRUCache<string, CompiledOperation | typeof APOLLO>({
    maxSize: COMPILED_BYTES,
    sizeCalculation: (entry, key) => (entry === APOLLO ? HEAP_BYTES.entry + 2 * key.length : HEAP_BYTES.compiledBase + HEAP_BYTES.perCompiledChar * key.length),
  });

  function compiledFor(query: string, operationName: string | null): CompiledOperation | null {
    const key = `${operationName ?? ""}\n${query}`;
    const entry = known.get(key);
    if (entry !== undefined) return entry === APOLLO ? null : entry;
    if (seen.get(key) === undefined) {
      seen.set(key, true);
      return null;
    }
    seen.delete(key);
    const compiled = graphql.compile(query, operationName);
    known.set(key, compiled ?? APOLLO);
    return compiled;
  }

  return {
    run(request, context) {
      const compiled = compiledFor(request.query, request.operationName);
      return compiled ? compiled.data(request.variables, context) : Promise.resolve(null);
    },
  };
}
