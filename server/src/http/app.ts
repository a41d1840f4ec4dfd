// The HTTP surface: GraphQL (with uploads and Apollo Sandbox), the uploaded images, health checks and
// the built client. Thin by design: every rule lives in domain/.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import graphqlUploadExpress from "graphql-upload/graphqlUploadExpress.mjs";
import helmet from "helmet";
import type { Logger } from "pino";
import { proxyTrust, type Config } from "../config.js";
import type { Database } from "../db/client.js";
import { MAX_IMAGE_BYTES, UPLOADS_PATH } from "../domain/images/index.js";
import type { Shop } from "../domain/shop.js";
import type { GraphQLContext } from "../graphql/context.js";
import { createShopGraphQL } from "../graphql/execute.js";
import { shopRequestPlugin } from "../graphql/request-guards.js";
import { buildShopSchema } from "../graphql/schema.js";
import { createRestRouter } from "../rest/router.js";
import { requireUtf8Body } from "../rest/charset.js";
import { documentStore, persistedQueryStore } from "./apollo-stores.js";
import { createCatalogueCache } from "./catalogue-cache.js";
import { createCatalogueLists } from "./catalogue-lists.js";
import { clientFiles } from "./client-files.js";
import { crawlingRoutes } from "./crawling.js";
import { createPageCache, type PageCache } from "./page-cache.js";
import { createStorefrontRenderer, loadStorefrontEntry } from "./storefront.js";
import { servePictures } from "./pictures.js";
import type { DevMailbox } from "../delivery/email/dev-mailbox.js";
import { DEV_MAIL_PATH, devMailRouter } from "./dev-mail.js";
import { serveLiveUpdates, type LiveServer } from "./live.js";
import { createLogger, requestLogger, type KeyedRequest } from "./logging.js";
import { createQueryLane, reportLaneBodyError, type Step } from "./query-lane.js";
import { compileQueries } from "../graphql/compiled-queries.js";
import { INTERNAL_ERROR, safeError } from "../domain/shared/index.js";
import { nameRequest, watch } from "../metrics.js";
import { metricsRoute, timedRequests } from "./metrics-route.js";
import { paymentEventRoutes } from "./payment-events.js";
import { catalogueExportRoutes } from "./catalogue-export.js";
import { catalogueImportRoutes } from "./catalogue-import.js";

export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;
export const MAX_UPLOAD_FILES = 2;
export const UPLOADS_URL_PATH = UPLOADS_PATH;
/** The largest JSON body the API reads. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../client/dist");
export const STOREFRONT_BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../client/dist-server");

export interface ShopApp {
  /** The request handler to serve: kept catalogue answers first, then the Express app. */
  app: http.RequestListener;
  /** Serves GraphQL subscriptions over WebSocket on the HTTP server that serves `app`. */
  serveLive(server: http.Server): LiveServer;
  /** The process is shutting down: /readyz answers 503 from now on, so balancers send nothing new. */
  drain(): void;
  stop(): Promise<void>;
}

type AppConfig = Pick<Config, "env" | "introspection" | "corsOrigins" | "uploadsDir"> & {
  /** The shop's address for canonical links and sitemaps (PUBLIC_URL); the request's own when not given. */
  publicUrl?: string;
  /** The server build of the storefront (client/dist-server with the default clientDist); none: pages are not rendered on the server. */
  storefrontBuild?: string | null;
  /** See Config; /metrics is off when not given. */
  metricsToken?: string;
  /** See Config; 60 s when not given. */
  catalogueCacheSeconds?: number;
  /** See Config; a proxy on this machine (loopback) when not given. */
  trustProxy?: Config["trustProxy"];
  logger?: Logger;
  /** The built storefront to serve; client/dist by default. */
  clientDist?: string;
  /** The development mailbox to show at /dev/mail, where a developer reads the emails the shop sent (never in production); none when emails go elsewhere. */
  devMailbox?: DevMailbox | null;
};

/** Lets the configured browser origins call the API; same-origin requests need nothing. */
function cors(origins: string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Vary", "Origin");
      res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Apollo-Require-Preflight, X-Apollo-Operation-Name");
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
      res.setHeader("Access-Control-Max-Age", "600");
    }
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    next();
  };
}

// The query lane's versions of three middlewares, with the same effect for less work per request
// (npm run bench:api; the lane's tests check that both paths send the same headers):

/** The headers a middleware that only sets fixed headers (helmet's) sets, read once. */
function fixedHeadersOf(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader: () => undefined, getHeader: () => undefined };
  middleware({ headers: {}, method: "POST", url: "/graphql", path: "/graphql" } as never, recorder as never, () => undefined);
  return headers;
}

/** That middleware's headers, set as they are. */
function headersOf(middleware: RequestHandler): Step {
  const headers = fixedHeadersOf(middleware);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

// For a caller that accepts no encoding, compression() only adds "Vary: Accept-Encoding" as the headers go
// out (after CORS's "Vary: Origin"): the lane does that itself, and calls compression() for everyone else.
const compressIfAccepted =
  (compress: RequestHandler): Step =>
  (req, res, next) =>
    req.headers["accept-encoding"] ? (compress as unknown as Step)(req, res, next) : next();
const varyIfNotCompressing: Step = (req, res, next) => {
  if (!req.headers["accept-encoding"]) {
    const vary = res.getHeader("Vary");
    res.setHeader("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
  }
  next();
};

/** Malformed JSON, oversized bodies and anything unexpected: a JSON answer, never an HTML stack trace. */
const jsonErrors: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
  const message =
    status === 413
      ? "The request is too large."
      : error?.type === "entity.parse.failed"
        ? "The request body is not valid JSON."
        : status === 404
          ? "Not found."
        : status < 500
          ? String(error?.expose ? error.message : "The request could not be understood.")
          : INTERNAL_ERROR;
  if (status >= 500) req.log?.error({ err: safeError(error) }, "unhandled error");
  if (!res.headersSent) res.status(status).json({ message, error: message });
};

export async function createApp(config: AppConfig, shop: Shop, db: Pick<Database, "ping">): Promise<ShopApp> {
  const logger = config.logger ?? createLogger("silent");
  const app = express();
  app.disable("x-powered-by");
  // Who may name the caller's address in X-Forwarded-For (TRUST_PROXY): the throttle counts by that address.
  const trustProxy = proxyTrust(config.trustProxy ?? ["loopback"]);
  app.set("trust proxy", trustProxy);
  const logRequest = requestLogger(logger);
  app.use(logRequest);
  // Security headers everywhere; Apollo Sandbox (an embedded page from Apollo's CDN) gets its own relaxed policy.
  const strictHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "script-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
  });
  const sandboxHeaders = helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  // API answers (GraphQL, REST) and any text file not compressed at build: brotli or gzip, as the caller
  // accepts. Images are left alone (already compressed), and so are the client's precompressed files.
  const compress = compression();
  app.use(compress);

  app.use((req, res, next) => (req.path === "/graphql" ? sandboxHeaders : strictHeaders)(req, res, next));

  app.get("/metrics", metricsRoute(config.metricsToken));
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  let draining = false;
  app.get("/readyz", async (_req, res) => {
    if (draining) {
      res.status(503).json({ status: "draining", message: "The shop is shutting down." });
      return;
    }
    try {
      await db.ping();
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable", message: "The database does not answer." });
    }
  });

  // The payment provider's events, server to server: no CORS, their own raw body.
  app.use(paymentEventRoutes(shop, logger));

  const allowOrigins = cors(config.corsOrigins);
  app.use(allowOrigins);

  // Product pictures: served as inert files (no scripts even if someone sneaks one in).
  app.use(UPLOADS_URL_PATH, servePictures(shop.images.store));

  // One way to run GraphQL (graphql/execute.ts): its parsing, rules, context and error formatting serve
  // Apollo, the query lane, the server render and subscriptions alike.
  const schema = await buildShopSchema();
  const graphql = createShopGraphQL({ schema, shop, introspection: config.introspection, logger });

  // The request each Apollo operation came with, so its operation name and errors reach the request's
  // metrics. A property, not a WeakMap: Apollo hands its plugins a copy of the context.
  const REQUEST = Symbol("request");
  type WithRequest = GraphQLContext & { [REQUEST]?: http.IncomingMessage };
  const contextFor = async (req: http.IncomingMessage, clientAddress: string | null, log?: Logger): Promise<GraphQLContext> => {
    const context: WithRequest = await graphql.contextFor(req.headers.authorization, clientAddress, log);
    // The request's log line names the API key that made it.
    const apiKey = context.viewer?.apiKey;
    if (apiKey) (req as KeyedRequest).apiKey = { id: apiKey.id, name: apiKey.name };
    context[REQUEST] = req;
    return context;
  };
  const namedOperations: ApolloServerPlugin<GraphQLContext> = {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, operationName, request, response }) {
          const req = (contextValue as WithRequest)[REQUEST];
          const graphqlErrors = response.body.kind === "single" && Boolean(response.body.singleResult.errors?.length);
          // The name the caller gave, also for a document that did not validate (Apollo resolves none then).
          if (req) nameRequest(req, { route: "graphql", operation: operationName ?? request.operationName, graphqlErrors });
        },
      };
    },
  };
  const events = shop.events;
  const unwatch = [
    watch("shop_event_bus_listening", () => (events.deliveryState().listening ? 1 : 0)),
    watch("shop_event_bus_last_heard_age_seconds", () => (Date.now() - events.deliveryState().lastHeardAt) / 1000),
    watch("shop_event_bus_reconnects", () => events.deliveryState().reconnects),
  ];

  const catalogueCacheSeconds = config.catalogueCacheSeconds ?? 60;
  const catalogueCache = createCatalogueCache(shop.events, logger, { maxAgeSeconds: catalogueCacheSeconds });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    // The parse limit, the validation rules (graphql's, the introspection switch, the limits) and the error
    // formatting (no SQL or stack in any mode; no "Did you mean" while introspection is off) are execute.ts's.
    ...graphql.apolloOptions,
    csrfPrevention: true,
    // main.ts stops Apollo after in-flight requests finish; Apollo must not stop itself on SIGTERM first.
    stopOnTerminationSignals: false,
    // What Apollo keeps per query text a caller sends, bounded by the heap it takes (apollo-stores.ts).
    documentStore: documentStore(),
    cache: persistedQueryStore(),
    plugins: [
      shopRequestPlugin(logger, { catalogueCacheSeconds }),
      namedOperations,
      // Apollo's cache-control plugin wraps every field's resolver to read @cacheControl hints the shop
      // never writes (it sets Cache-Control itself); without it graphql runs the resolvers directly.
      ApolloServerPluginCacheControlDisabled(),
      config.introspection
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })
        : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();

  // GraphQL answers carry an ETag only where they may be reused (catalogue-cache.ts), never personal ones:
  // served by a sub-app without Express's automatic ETags.
  const graphqlApp = express();
  graphqlApp.disable("x-powered-by");
  graphqlApp.set("etag", false);
  app.use("/graphql", graphqlApp);
  graphqlApp.use(
    (_req, res, next) => {
      // Answers may be personal (a user's data, a fresh token); so are the errors Apollo never sees.
      res.setHeader("Cache-Control", "no-store");
      next();
    },
    // Anonymous catalogue answers fetched with GET, kept until the catalogue changes.
    catalogueCache.middleware,
    requireUtf8Body,
    express.json({ limit: MAX_JSON_BODY_BYTES }),
    reportLaneBodyError as RequestHandler,
    graphqlUploadExpress({ maxFileSize: MAX_UPLOAD_BYTES, maxFiles: MAX_UPLOAD_FILES }),
    expressMiddleware(apollo, {
      context: ({ req }) => contextFor(req, req.ip ?? null, req.log),
    }),
  );

  // The emails a development shop sent, readable in the browser. Never in production.
  if (config.devMailbox && config.env !== "production") app.use(DEV_MAIL_PATH, devMailRouter(config.devMailbox));

  // The REST compatibility layer for older clients, under /public/api; its whole catalogue lists are kept.
  const catalogueLists = createCatalogueLists(shop.events, { maxAgeSeconds: catalogueCacheSeconds });
  // The catalogue as a CSV file out and in, for staff and API keys (files, not JSON: beside the shim, not in its table).
  app.use(catalogueExportRoutes(shop));
  app.use(catalogueImportRoutes(shop));
  app.use("/public/api", createRestRouter(shop, catalogueLists));

  // robots.txt and the sitemaps for crawlers, read from the database.
  app.use(crawlingRoutes(shop.sitemaps, config.publicUrl));

  // The built storefront: its files, and its pages rendered on the server (kept like catalogue answers);
  // without a server build, any navigation gets index.html and the browser renders the page.
  const clientDist = config.clientDist ?? CLIENT_DIST;
  const storefrontBuild = config.storefrontBuild === undefined ? (config.clientDist === undefined ? STOREFRONT_BUILD : null) : config.storefrontBuild;
  let pageCache: PageCache | null = null;
  if (fs.existsSync(path.join(clientDist, "index.html"))) {
    const entry = storefrontBuild ? await loadStorefrontEntry(storefrontBuild) : null;
    if (entry) {
      const renderer = createStorefrontRenderer({ entry, clientDist, graphql, shop, logger });
      pageCache = createPageCache(shop.events, renderer, {
        maxAgeSeconds: catalogueCacheSeconds,
        publicUrl: config.publicUrl,
        logger,
        fixedHeaders: fixedHeadersOf(strictHeaders),
      });
    }
    app.use(clientFiles(clientDist, /^\/(graphql|public\/api|uploads|sitemaps)(\/|$)/, pageCache?.serve));
  }

  app.use((_req, res) => {
    res.status(404).json({ message: "Not found.", error: "Not found." });
  });
  app.use(jsonErrors);

  const queryLane = createQueryLane({
    compiled: compileQueries(graphql),
    context: contextFor,
    steps: [logRequest, compressIfAccepted(compress), headersOf(sandboxHeaders), allowOrigins, varyIfNotCompressing] as Step[],
    maxBodyBytes: MAX_JSON_BODY_BYTES,
    trustProxy,
    express: app,
  });

  return {
    app: timedRequests((req, res) => {
      // Kept anonymous answers and kept guest pages go out before Express; hot queries take the lane.
      if (!catalogueCache.serveKept(req, res) && !pageCache?.serveKept(req, res, app) && !queryLane.take(req, res)) app(req, res);
    }),
    serveLive: (server) =>
      serveLiveUpdates(server, { schema, shop, validationRules: graphql.validationRules, parseOptions: graphql.parseOptions, logger, hideSchemaDetails: !config.introspection }),
    drain: () => {
      draining = true;
    },
    stop: async () => {
      for (const stopReporting of unwatch) stopReporting();
      catalogueCache.stop();
      catalogueLists.stop();
      pageCache?.stop();
      await apollo.stop();
    },
  };
}
