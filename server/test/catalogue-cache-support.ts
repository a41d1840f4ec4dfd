// GET requests as Apollo Client sends automatic persisted queries: the query's sha256 in the URL
// (extensions.persistedQuery), with the query itself only the first time.
import crypto from "node:crypto";
import { ListenerSet, type DeliveryNews, type EventBus, type ShopEvent } from "../src/domain/shared/shop-events.js";

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

/** A bus a test drives by hand: events as if heard from the database, and news of the LISTEN connection. */
export function handDrivenBus() {
  const listeners = new ListenerSet();
  const watchers = new Set<(news: DeliveryNews) => void>();
  let listening = true;
  const bus: EventBus = {
    publish: async () => undefined,
    listen: (listener) => listeners.add(listener),
    listenerCount: () => listeners.size,
    watchDelivery: (watcher) => {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    deliveryState: () => ({ listening, reconnects: 0, lastHeardAt: 0 }),
    close: async () => undefined,
  };
  return {
    bus,
    hear: (event: ShopEvent) => listeners.deliver(event, (error) => { throw error; }),
    tell: (news: DeliveryNews) => {
      listening = news === "resumed";
      for (const watcher of watchers) watcher(news);
    },
  };
}
