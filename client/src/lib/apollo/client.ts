// The one Apollo Client: every request carries the access token as a Bearer header,
// files in variables go as a multipart upload, and lists live in the normalized cache, page by page.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type NormalizedCacheObject } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { relayStylePagination } from "@apollo/client/utilities";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";
import { bearer, readAccessToken, removeAccessToken } from "../auth/tokenStorage";
import { createLiveConnection, liveUrl, type LiveConnection } from "./liveLink";

export const GRAPHQL_PATH = "/graphql";

type Headers = Record<string, string>;

/**
 * Adds 'Authorization: Bearer <token>' when a token exists. If setting up the request fails (the
 * token cannot be read), the token is removed and the request fails.
 */
export function withAuthorization(previousHeaders: Headers | undefined, readToken: () => string | null = readAccessToken): Headers {
  let token: string | null;
  try {
    token = readToken();
  } catch (error) {
    removeAccessToken();
    throw error;
  }
  return token ? { ...previousHeaders, authorization: bearer(token) } : { ...previousHeaders };
}

export const authLink = new SetContextLink((previousContext) => ({
  headers: withAuthorization(previousContext.headers as Headers | undefined),
}));

/**
 * Every list field is a cursor connection. Pages of one list (same filters, same page size) are merged
 * in the cache as 'Load more' fetches them (`after: endCursor`), so a screen shows all the pages it has
 * loaded and going back to it shows them again. The page size is part of the key so the home page's 6
 * newest never mix with a 24-a-page list of the same filters. Lists fetched in one go ask for `nodes`,
 * paged lists for `edges` (each edge's cursor is what the merge splices on).
 */
export const CONNECTION_KEY_ARGS = {
  products: ["first", "search", "name", "category", "inStock", "discounted", "minPrice", "maxPrice", "options", "sort"],
  categories: ["first", "search"],
  regions: ["first", "search"],
  favourites: ["first"],
  myOrders: ["first"],
  orders: ["first", "search", "status", "paymentStatus"],
  userOrders: ["userId", "first"],
  users: ["first", "search"],
  // The owner's audit trail: one list per filter (person, kind, period).
  activity: ["first", "filter"],
} as const;

export function createShopCache(): InMemoryCache {
  const queryFields = Object.fromEntries(
    Object.entries(CONNECTION_KEY_ARGS).map(([field, keyArgs]) => [field, relayStylePagination([...keyArgs])]),
  );
  return new InMemoryCache({
    typePolicies: {
      Query: { fields: queryFields },
      // A user's orders as the admin user detail pages them.
      // ... and the emails written to them.
      User: { fields: { orders: relayStylePagination(["first"]), emails: relayStylePagination(["first"]) } },
      // Value objects without an id of their own live inside their parent.
      OrderLine: { keyFields: false },
      // An order's payment on the provider's page: each screen asks its own fields of it (the admin's view
      // more than the shopper's page), and an answer with some of them updates those and keeps the others.
      OrderPaymentView: { keyFields: false, merge: true },
      MonthFigures: { keyFields: false },
      TopProduct: { keyFields: ["id"] },
      // The shop's one set of tax settings (id "tax-settings"): a change answers them whole, and each list
      // in the answer replaces the one kept (a deleted rate or class must go).
      TaxSettings: { fields: { classes: { merge: false }, rates: { merge: false }, deliveryRates: { merge: false }, categoryClasses: { merge: false } } },
    },
  });
}

/** SHA-256 of the query text, in hex, as automatic persisted queries name a query. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A query sent without a token: the server may answer it from its catalogue cache (it decides what is cacheable). */
const isGuestQuery = (operation: ApolloLink.Operation) =>
  operation.operationType === "query" && !(operation.getContext().headers as Headers | undefined)?.authorization;

export function createApolloClient({
  uri = GRAPHQL_PATH,
  fetch: fetchImpl,
  live,
  persistedQueries = false,
  serverState,
}: {
  uri?: string;
  fetch?: typeof fetch;
  live?: ApolloLink;
  /**
   * Send guests' queries as automatic persisted queries with GET (the query's hash in the URL), so the
   * browser, a CDN and the shop's own cache can reuse catalogue answers. Needs crypto.subtle (https or localhost).
   */
  persistedQueries?: boolean;
  /** The answers the server rendered the page with: the first render reads them instead of asking again. */
  serverState?: NormalizedCacheObject;
} = {}) {
  // Apollo Server's CSRF prevention accepts multipart uploads (and GETs) only with this preflight header.
  const headers = { "apollo-require-preflight": "true" };
  const upload = new UploadHttpLink({ uri, fetch: fetchImpl, headers });
  const transport = persistedQueries
    ? ApolloLink.split(
        isGuestQuery,
        ApolloLink.from([new PersistedQueryLink({ sha256, useGETForHashedQueries: true }), new HttpLink({ uri, fetch: fetchImpl, headers })]),
        upload,
      )
    : upload;
  const http = ApolloLink.from([authLink, transport]);
  return new ApolloClient({
    // Subscriptions over the WebSocket, everything else over HTTP.
    link: live ? ApolloLink.split((operation) => operation.operationType === "subscription", live, http) : http,
    cache: serverState ? createShopCache().restore(serverState) : createShopCache(),
    // Queries that would go to the network anyway (cache-and-network, network-only) read the server's
    // answers while the page hydrates, instead of asking again at once.
    ...(serverState ? { ssrForceFetchDelay: 100 } : {}),
  });
}

/**
 * The app's client and its live connection. When the socket comes back after a drop, or the server ends
 * the session, the active queries are read again: the screens catch up on what they missed, and a
 * session that ended shows as signed out (the current-user query answers null).
 */
export function createShopClient(serverState?: NormalizedCacheObject): { client: ApolloClient; live: LiveConnection } {
  const readAgain = () => void client.refetchQueries({ include: "active" }).catch(() => undefined);
  const live = createLiveConnection({ url: liveUrl(GRAPHQL_PATH), onReconnected: readAgain, onSessionEnded: readAgain });
  const client = createApolloClient({ live: live.link, persistedQueries: Boolean(globalThis.crypto?.subtle), serverState });
  return { client, live };
}

/**
 * The client a page is rendered with on the server: its queries go through `link` (the server runs them
 * in-process, as a guest), and what they answered is sent with the page (client.extract()).
 */
export function createServerRenderClient(link: ApolloLink): ApolloClient {
  return new ApolloClient({ link, cache: createShopCache(), ssrMode: true });
}
