// A graphql-ws client for tests: connects to a served shop's /graphql over WebSocket, as Apollo Client
// and Apollo Sandbox do, and records what each subscription receives and how the socket closed.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

export interface Received {
  data?: Record<string, any>;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface LiveConnection {
  client: Client;
  /** Resolves with the close code once the server (or we) closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  /** Starts a subscription; its results collect in `received` and `next()` waits for the next one. */
  subscribe(query: string, variables?: Record<string, unknown>): LiveSubscription;
  dispose(): Promise<void>;
}

export interface LiveSubscription {
  received: Received[];
  /** The next result (data or errors), or a failure after `ms`. */
  next(ms?: number): Promise<Received>;
  /** Proves nothing arrives within `ms`. */
  nothingWithin(ms: number): Promise<void>;
  /** Ends the subscription (the client sends `complete`). */
  stop(): void;
}

export function connectLive(baseUrl: string, token?: string): LiveConnection {
  let closedWith: (value: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closedWith = resolve));
  const client = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    on: {
      closed: (event) => {
        const close = event as { code: number; reason: string };
        closedWith({ code: close.code, reason: String(close.reason) });
      },
    },
    onNonLazyError: () => undefined,
  });

  return {
    client,
    closed,
    subscribe(query, variables) {
      const received: Received[] = [];
      let seen = 0;
      let waiter: (() => void) | null = null;
      const stop = client.subscribe(
        { query, variables },
        {
          next: (result) => {
            received.push(result as Received);
            waiter?.();
          },
          error: (error) => {
            const errors = Array.isArray(error) ? error : [{ message: String((error as Error)?.message ?? error) }];
            received.push({ errors });
            waiter?.();
          },
          complete: () => undefined,
        },
      );
      return {
        received,
        stop,
        async next(ms = 2000) {
          const deadline = Date.now() + ms;
          while (received.length <= seen) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`nothing arrived within ${ms} ms`);
            await new Promise<void>((resolve) => {
              waiter = resolve;
              setTimeout(resolve, left);
            });
            waiter = null;
          }
          return received[seen++];
        },
        async nothingWithin(ms) {
          const before = received.length;
          await new Promise((resolve) => setTimeout(resolve, ms));
          if (received.length !== before) throw new Error(`expected nothing, received ${JSON.stringify(received.slice(before))}`);
        },
      };
    },
    async dispose() {
      await client.dispose();
    },
  };
}

/** Posts a GraphQL operation to a served shop over HTTP. */
export async function postGraphQL<T = any>(baseUrl: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/**
 * The protocol does not acknowledge a subscription's start, so tests wait until the server's event bus
 * has one more listener (in process) before they make the change the subscriber waits for.
 */
export async function untilListening(events: { listenerCount(): number }, count: number, ms = 5000) {
  const deadline = Date.now() + ms;
  while (events.listenerCount() < count) {
    if (Date.now() > deadline) throw new Error(`the subscription did not start within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
