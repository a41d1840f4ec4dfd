// The one Apollo Client: every request carries the access token as a Bearer header (spec section 4),
// files in variables go as a multipart upload, and lists live in the normalized cache.
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";
import { bearer, readAccessToken, removeAccessToken } from "../auth/tokenStorage";

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

export function createShopCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // Value objects without an id of their own live inside their parent.
      OrderLine: { keyFields: false },
      MonthFigures: { keyFields: false },
      TopProduct: { keyFields: ["id"] },
    },
  });
}

export function createApolloClient({ uri = GRAPHQL_PATH, fetch: fetchImpl }: { uri?: string; fetch?: typeof fetch } = {}) {
  // Apollo Server's CSRF prevention accepts multipart uploads only with this preflight header.
  const http = new UploadHttpLink({ uri, fetch: fetchImpl, headers: { "apollo-require-preflight": "true" } });
  return new ApolloClient({
    link: ApolloLink.from([authLink, http]),
    cache: createShopCache(),
  });
}
