// Subscriptions travel over one WebSocket to /graphql (the graphql-ws protocol), queries and mutations
// over HTTP. The socket carries the access token in its connection parameters, comes back by itself
// after a drop or when the server says it may have missed updates (4205), and then the screens re-read
// what they show, since events sent meanwhile are not replayed; it is reopened when the user signs in or out. graphql-ws is loaded only when the first
// subscription starts, so it never weighs on the storefront's first load.
import { ApolloLink } from "@apollo/client";
import { print as printQuery } from "graphql";
// The client entry point: the package root resolves (for bundlers that read "import" before "browser")
// to the server as well, which drags all of graphql-js into the browser.
import type { Client } from "graphql-ws/client";
import { Observable } from "rxjs";
import { bearer, readAccessToken } from "../auth/tokenStorage";

/** graphql-ws treats 4401 as final: the session ended (logout elsewhere, expiry, password change). */
export const SESSION_ENDED_CODE = 4401;
/**
 * "Reopen and read again": the client closes with it to reopen with the current token, and the server closes
 * every socket with it when it may have missed live updates (its database listener reconnected). graphql-ws
 * retries on it (it is not one of its fatal codes), and after every reconnection the screens read again.
 */
export const RESYNC_CODE = 4205;
const RETRY_MAX_MS = 30_000;

export interface LiveConnection {
  /** The link that runs subscription operations. */
  link: ApolloLink;
  /** Reopens the socket with the token stored now (after sign-in or sign-out); subscriptions resume. */
  restart(): void;
}

export interface LiveOptions {
  url: string;
  /** Called when the socket is back after a drop: the screens re-read what they show. */
  onReconnected?: () => void;
  /** Called when the server closed the socket because the session ended. */
  onSessionEnded?: () => void;
  /** For tests: a WebSocket implementation (the browser's by default). */
  webSocketImpl?: unknown;
  /** For tests: how graphql-ws is loaded. */
  loadGraphqlWs?: () => Promise<typeof import("graphql-ws/client")>;
}

/** Waits 0.5 s, 1 s, 2 s ... up to 30 s between attempts, with jitter so replicas are not stampeded. */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  const base = Math.min(500 * 2 ** retries, RETRY_MAX_MS);
  return Math.round(base / 2 + random() * (base / 2));
}

/** ws:// or wss:// for the page's own origin, or the given absolute http(s) URL. */
export function liveUrl(path: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  if (/^https?:\/\//.test(path)) return path.replace(/^http/, "ws");
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
}

export function createLiveConnection(options: LiveOptions): LiveConnection {
  let client: Promise<Client> | undefined;
  let socket: { close(code: number, reason: string): void } | undefined;
  let connectedBefore = false;

  const open = async (): Promise<Client> => {
    const { createClient } = await (options.loadGraphqlWs ?? (() => import("graphql-ws/client")))();
    return createClient({
      url: options.url,
      lazy: true,
      // Read on every (re)connection, so a new sign-in is used without rebuilding anything.
      connectionParams: () => {
        const token = readAccessToken();
        return token ? { authorization: bearer(token) } : {};
      },
      retryAttempts: Infinity,
      // Network failures and restarts deserve another try; graphql-ws still stops on its fatal codes (4401...).
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
      ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
      on: {
        connected: (connected) => {
          socket = connected as typeof socket;
          if (connectedBefore) options.onReconnected?.();
          connectedBefore = true;
        },
        closed: (event) => {
          socket = undefined;
          if ((event as { code?: number } | undefined)?.code === SESSION_ENDED_CODE) options.onSessionEnded?.();
        },
      },
    });
  };

  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        let dispose: (() => void) | undefined;
        let stopped = false;
        client ??= open();
        client.then(
          (live) => {
            if (stopped) return;
            dispose = live.subscribe(
              { query: printQuery(operation.query), variables: operation.variables, operationName: operation.operationName },
              {
                next: (result) => observer.next(result as ApolloLink.Result),
                error: (error) => observer.error(error instanceof Error ? error : new Error(describeClose(error))),
                complete: () => observer.complete(),
              },
            );
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          stopped = true;
          dispose?.();
        };
      }),
  );

  return {
    link,
    restart() {
      // Closing with a code graphql-ws does not treat as final makes it reconnect, with fresh connectionParams.
      socket?.close(RESYNC_CODE, "The session changed.");
    },
  };
}

function describeClose(event: unknown): string {
  const close = event as { code?: number; reason?: string } | undefined;
  if (close?.code === SESSION_ENDED_CODE) return close.reason || "Your session has ended. Sign in again.";
  return "The live connection to the shop was lost.";
}
