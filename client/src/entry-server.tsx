// The storefront rendered on the server (built by `vite build --ssr`, loaded by server/src/http/storefront.ts):
// the same routes and screens as the browser, for a guest. The page's queries run through `runQuery`
// (the server executes them in-process against its schema, no HTTP round trip), Apollo's prerenderStatic
// renders with React 19's stream renderer (prerenderToNodeStream, which waits for every Suspense boundary)
// until every query has answered, and the page goes out with the answers (the browser hydrates
// from them without asking again), the router's state, and the head elements React hoisted (meta,
// canonical link, title).
import { getOperationAST, type DocumentNode, type FormattedExecutionResult } from "graphql";
import { ApolloLink, type NormalizedCacheObject } from "@apollo/client";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, UNSAFE_ErrorResponseImpl as ErrorResponse, type StaticHandlerContext } from "react-router-dom";
import { Observable } from "rxjs";
import { AppProviders } from "./app/providers";
import { screensAt, shopRoutes } from "./app/routes";
import { createServerRenderClient } from "./lib/apollo/client";
import { HydrationGate } from "./lib/ssr/hydration";
import { PageInfoProvider } from "./lib/ssr/page";
import { pageQueryFor } from "./app/pageQueries";
import { pageStateJson, serializeRouteErrors, type ServerPageState } from "./lib/ssr/pageState";

export { PAGE_STATE_ELEMENT_ID } from "./lib/ssr/pageState";
export { pageAddress } from "./app/pageAddress";

export interface GuestQuery {
  query: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

export interface RenderOptions {
  /** The shop's origin, e.g. "https://shop.example.com": canonical and shared addresses are absolute. */
  origin: string;
  /** Runs one of the page's queries as a guest. */
  runQuery: (query: GuestQuery) => Promise<FormattedExecutionResult>;
  /** Stops a render that takes too long (the request went away, or the server is shutting down). */
  signal?: AbortSignal;
  /** The server already knows the page's subject does not exist (an unknown category): the not-found screen, 404. */
  notFound?: boolean;
}

export type RenderedPage =
  | { kind: "redirect"; status: number; location: string }
  | {
      kind: "page";
      /** 200, or 404 for an unknown address, product or category. */
      status: number;
      /** The elements React hoisted, for the document's <head>. */
      head: string;
      /** The app's markup, for <div id="root">. */
      body: string;
      /** The JSON of the page state (lib/ssr/pageState.ts), safe inside a <script> element. */
      state: string;
      /** The lazy screens the page shows (the browser loads their chunks before hydrating). */
      screens: string[];
      /** How many times React drew the page (1 when its query was asked before: app/pageQueries.ts). */
      passes: number;
    };

const handler = createStaticHandler(shopRoutes);

// The screens of each chain of routes a page matched, found once: screensAt matches the address against every
// route again (React Router flattens and ranks them all on each call), 4% of a server render's time.
const screensByRoutes = new Map<string, string[]>();
function screensOf(matches: StaticHandlerContext["matches"], pathname: string): string[] {
  const routes = matches.map((match) => match.route.id).join(" ");
  let screens = screensByRoutes.get(routes);
  if (!screens) screensByRoutes.set(routes, (screens = screensAt(pathname)));
  return screens;
}

/** React 19 puts hoistable elements (<title>, <meta>, <link>) first in a fragment's output: the head's part. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

export async function renderPage(url: string, { origin, runQuery, signal, notFound: knownNotFound = false }: RenderOptions): Promise<RenderedPage> {
  const request = new Request(new URL(url, origin), { signal });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }

  // Queries sent by the page so far (one answered from Apollo's cache is not sent).
  let sent = 0;
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent += 1;
        runQuery({ query: operation.query, variables: operation.variables, operationName: operation.operationName }).then(
          (result) => {
            observer.next(result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
  const client = createServerRenderClient(link);
  // The page's query first, so the page renders once with its data (app/pageQueries.ts). Its answer goes
  // straight into the cache (what client.query would write, without the query manager's round: 15% of a
  // home page's render). A failure is left to the screen, which asks again and shows it as it would in the browser.
  const pageQuery = knownNotFound ? null : pageQueryFor(context.matches, new URL(request.url));
  if (pageQuery) {
    const asked = client.cache.transformDocument(pageQuery.query);
    const answer = await runQuery({ query: asked, variables: pageQuery.variables, operationName: getOperationAST(asked)?.name?.value }).catch(() => null);
    if (answer?.data && !answer.errors) client.writeQuery({ query: pageQuery.query, variables: pageQuery.variables, data: answer.data });
  }
  let notFound = knownNotFound;
  const page = (routerContext: StaticHandlerContext) => (
    <PageInfoProvider value={{ origin, markNotFound: () => (notFound = true) }}>
      <HydrationGate>
        <AppProviders client={client}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, routerContext)} context={routerContext} hydrate={false} />
        </AppProviders>
      </HydrationGate>
    </PageInfoProvider>
  );

  let routerContext = context;
  // React's types call the prelude a NodeJS.ReadableStream (not async iterable without Node's own types, which
  // this browser project leaves out); it is a Node Readable, which is. The signal stops an abandoned render.
  const renderFunction = (tree: React.ReactNode) => prerenderToNodeStream(tree, { signal }) as unknown as Promise<{ prelude: AsyncIterable<string> }>;
  let passes = 0;
  const render = async (tree: React.ReactElement) => {
    // Apollo draws the page again after any pass that used a query, even one answered from the cache. A
    // pass that sent no query had every answer as it drew (the page's query was asked before): it is the
    // page, and stopping there, through the signal prerenderStatic offers for it, saves drawing it twice.
    const answered = new AbortController();
    const renderPass = async (element: React.ReactNode) => {
      const sentBefore = sent;
      const rendered = await renderFunction(element);
      passes += 1;
      if (sent === sentBefore) answered.abort();
      return rendered;
    };
    const passSignal = signal ? AbortSignal.any([signal, answered.signal]) : answered.signal;
    return (await prerenderStatic({ tree, renderFunction: renderPass, signal: passSignal })).result;
  };
  let html = knownNotFound ? "" : await render(page(routerContext));
  if (notFound && context.statusCode < 400) {
    // The product asked for does not exist: the not-found screen, as for an unknown address, in the
    // error boundary nearest the screen (inside the page frame).
    const boundary = [...context.matches].reverse().find((match) => match.route.errorElement) ?? context.matches[0];
    routerContext = { ...context, statusCode: 404, errors: { [boundary.route.id]: new ErrorResponse(404, "Not Found", "") } };
    html = await render(page(routerContext));
  }

  const head = HOISTED.exec(html)?.[0] ?? "";
  const state: ServerPageState = {
    apollo: client.extract() as NormalizedCacheObject,
    router: { loaderData: routerContext.loaderData, errors: serializeRouteErrors(routerContext.errors) },
    origin,
  };
  const screens = screensOf(context.matches, new URL(request.url).pathname);
  return { kind: "page", status: routerContext.statusCode, head, body: html.slice(head.length), state: pageStateJson(state), screens, passes };
}
