// Live updates: GraphQL subscriptions over WebSocket (the graphql-ws protocol) on the same port and
// path as /graphql. The access token travels in the connection parameters, as `authorization:
// "Bearer <token>"`. A socket closes when its session ends: at the token's expiry, and on logout,
// password or role change announced by any replica on the event bus.
import type http from "node:http";
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type GraphQLSchema, type ParseOptions, type ValidationRule } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import type { Logger } from "pino";
import { WebSocketServer, type WebSocket } from "ws";
import { safeError, type ShopEvent, type Viewer } from "../domain/shared/index.js";
import type { Shop } from "../domain/shop.js";
import { createGraphQLContext, type GraphQLContext } from "../graphql/context.js";
import { formatShopError, isUnexpectedError, withoutSchemaHints } from "../graphql/errors.js";
import { unstorableTextIn } from "../graphql/request-guards.js";
import { watch } from "../metrics.js";

export const LIVE_PATH = "/graphql";
/** graphql-ws treats 4401 as final: the client does not retry with a token that no longer works. */
export const SESSION_ENDED_CODE = 4401;
export const SESSION_ENDED = "Your session has ended. Sign in again.";
/**
 * Sent to every live socket when this process may have missed events (its LISTEN connection dropped and
 * came back): graphql-ws clients reconnect on any 4xxx code outside its fatal list, and the shop's client
 * reads its screens again after each reconnection, so nothing missed stays unseen.
 */
export const RESYNC_CODE = 4205;
export const RESYNC = "Live updates may have been missed: reconnect and read again.";
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;
const MAX_MESSAGE_BYTES = 64 * 1024;
// Events are the fast path; this sweep catches a logout whose event was lost while the listener reconnected.
const SESSION_RECHECK_MS = 5 * 60 * 1000;
const MAX_TIMER_MS = 2_147_483_647;

export interface LiveOptions {
  schema: GraphQLSchema;
  shop: Shop;
  /** The same validation rules and parse limits as GraphQL over HTTP. */
  validationRules: ValidationRule[];
  parseOptions?: ParseOptions;
  logger?: Logger;
  /** Introspection is off: errors carry no suggestions naming the schema's fields (see withoutSchemaHints). */
  hideSchemaDetails?: boolean;
}

export interface LiveServer {
  /** Closes every socket with 1001 (going away: clients reconnect elsewhere) and stops accepting. */
  close(): Promise<void>;
}

interface Session {
  viewer: Viewer;
  authorization: string;
  expiry: NodeJS.Timeout;
}

type ConnectionExtra = { socket: WebSocket; request: http.IncomingMessage; viewer?: Viewer };

/** `authorization` (any case) in the connection parameters, or inside a `headers` object as Sandbox may send it. */
function authorizationOf(params: Record<string, unknown> | undefined): string | undefined {
  if (!params) return undefined;
  const sources = [params, typeof params.headers === "object" && params.headers !== null ? (params.headers as Record<string, unknown>) : {}];
  for (const source of sources) {
    for (const [name, value] of Object.entries(source)) {
      if (name.toLowerCase() === "authorization" && typeof value === "string" && value !== "") return value;
    }
  }
  return undefined;
}

function sessionEndedBy(event: Extract<ShopEvent, { type: "sessionsEnded" }>, viewer: Viewer): boolean {
  if (event.tokenId !== undefined) return event.tokenId === viewer.tokenId;
  return event.userId === viewer.userId && event.exceptTokenId !== viewer.tokenId;
}

export function serveLiveUpdates(server: http.Server, options: LiveOptions): LiveServer {
  const { schema, shop, validationRules, parseOptions, logger } = options;
  const wss = new WebSocketServer({ server, path: LIVE_PATH, maxPayload: MAX_MESSAGE_BYTES });
  const sessions = new Map<WebSocket, Session>();
  // Every socket's running subscriptions (graphql-ws keeps them per connection), for the metrics.
  const running = new Map<WebSocket, Record<string, unknown>>();
  const unwatch = [
    watch("shop_live_sockets", () => wss.clients.size),
    watch("shop_live_subscriptions", () => {
      let count = 0;
      for (const subscriptions of running.values()) count += Object.keys(subscriptions).length;
      return count;
    }),
  ];

  const forget = (socket: WebSocket) => {
    const session = sessions.get(socket);
    if (session) clearTimeout(session.expiry);
    sessions.delete(socket);
  };
  const endSession = (socket: WebSocket) => {
    forget(socket);
    socket.close(SESSION_ENDED_CODE, SESSION_ENDED);
  };

  const stopListening = shop.events.listen((event) => {
    if (event.type !== "sessionsEnded") return;
    for (const [socket, session] of sessions) if (sessionEndedBy(event, session.viewer)) endSession(socket);
  });
  const stopWatching = shop.events.watchDelivery((news) => {
    if (news !== "resumed") return;
    // Listening again: a socket closed now reconnects to a process that hears everything from here on.
    for (const socket of wss.clients) socket.close(RESYNC_CODE, RESYNC);
  });

  const recheck = setInterval(() => {
    for (const [socket, session] of sessions) {
      shop.tokens.viewerFromAuthorization(session.authorization)
        .then((viewer) => {
          if (!viewer && sessions.has(socket)) endSession(socket);
        })
        .catch((error: unknown) => logger?.warn({ err: error }, "could not re-check a live session"));
    }
  }, SESSION_RECHECK_MS);
  recheck.unref();

  // As over HTTP: the caller hears the shop's error or a plain message; the log gets the unexpected ones.
  const format = (errors: readonly GraphQLError[]) =>
    errors.map((error) => {
      if (isUnexpectedError(error)) logger?.error({ err: safeError(error.originalError ?? error), path: error.path }, "unexpected error in a subscription");
      const formatted = formatShopError(error.toJSON(), error);
      return options.hideSchemaDetails ? withoutSchemaHints(formatted) : formatted;
    });
  // Refusals before a subscription starts (parse, validation) are sent as they are: hints are cut here.
  const refuse = (errors: readonly GraphQLError[]) =>
    options.hideSchemaDetails ? errors.map((error) => new GraphQLError(withoutSchemaHints(error.toJSON()).message, error)) : [...errors];

  const graphqlWs = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema,
      onConnect: async (ctx) => {
        running.set(ctx.extra.socket, ctx.subscriptions);
        const authorization = authorizationOf(ctx.connectionParams);
        if (authorization === undefined) return true; // a guest: subscriptions that need a user say so
        const viewer = await shop.tokens.viewerFromAuthorization(authorization);
        if (!viewer) {
          ctx.extra.socket.close(SESSION_ENDED_CODE, SESSION_ENDED);
          return false;
        }
        ctx.extra.viewer = viewer;
        const socket = ctx.extra.socket;
        const untilExpiry = Math.min(Math.max(0, viewer.tokenExpiresAt.getTime() - Date.now()), MAX_TIMER_MS);
        sessions.set(socket, { viewer, authorization, expiry: setTimeout(() => endSession(socket), untilExpiry) });
        return true;
      },
      onClose: (ctx) => {
        running.delete(ctx.extra.socket);
        forget(ctx.extra.socket);
      },
      onSubscribe: (ctx, _id, payload) => {
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return [
            new GraphQLError(`One connection may hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions.`, {
              extensions: { code: "QUERY_TOO_COMPLEX" },
            }),
          ];
        }
        let document;
        try {
          document = parse(payload.query, parseOptions);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError("The query could not be read.")];
        }
        const errors = validate(schema, document, [...specifiedRules, ...validationRules]);
        if (errors.length > 0) return refuse(errors);
        const refusal = unstorableTextIn(payload.variables, document);
        if (refusal) return [refusal];
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== "subscription") {
          return [
            new GraphQLError("Only subscriptions are served over WebSocket; send queries and mutations over HTTP to /graphql.", {
              extensions: { code: "BAD_REQUEST" },
            }),
          ];
        }
        const contextValue: GraphQLContext = createGraphQLContext(shop, ctx.extra.viewer ?? null, ctx.extra.request.socket.remoteAddress ?? null);
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: format(result.errors) } : result),
      onError: (_ctx, _id, _payload, errors) => format(errors),
    },
    wss,
  );

  return {
    async close() {
      stopListening();
      stopWatching();
      for (const stopReporting of unwatch) stopReporting();
      clearInterval(recheck);
      for (const session of sessions.values()) clearTimeout(session.expiry);
      sessions.clear();
      await graphqlWs.dispose();
    },
  };
}
