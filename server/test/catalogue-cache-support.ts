// GET requests as Apollo Client sends automatic persisted queries: the query's sha256 in the URL
// (extensions.persistedQuery), with the query itself only the first time.
import crypto from "node:crypto";

export const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

export interface GetOptions {
  variables?: Record<string, unknown>;
  /** Send the query text too (the first request of a persisted query registers it). */
  withQuery?: boolean;
  headers?: Record<string, string>;
}

/** GET /graphql with the query's hash (and the preflight header Apollo's CSRF prevention asks for). */
export function getPersisted(baseUrl: string, query: string, options: GetOptions = {}): Promise<Response> {
  const params = new URLSearchParams({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } }) });
  if (options.variables) params.set("variables", JSON.stringify(options.variables));
  if (options.withQuery) params.set("query", query);
  return fetch(`${baseUrl}/graphql?${params}`, { headers: { "apollo-require-preflight": "true", ...options.headers } });
}

/** Asks until `check` holds (events reach other processes within milliseconds, not synchronously). */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
