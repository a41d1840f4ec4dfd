// The session backed by the API. At start-up, if a token exists and no user is loaded, the current
// user is fetched; if that fails (or the token is no longer valid) the token is removed.
import type { ApolloCache } from "@apollo/client";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { CurrentUserDocument } from "../../graphql/generated/graphql";
import { readAccessToken, removeAccessToken, saveAccessToken } from "../auth/tokenStorage";
import { useHydrated } from "../ssr/hydration";
import { SessionContext, type Session, type SessionUser } from "./session";

/** Answers that belong to one user; dropped when the user changes so the next user never sees them. */
const PERSONAL_FIELDS = ["favourites", "isFavourite", "myRating", "myOrders", "myAddresses", "order", "userOrders", "checkCart"];

export function forgetPersonalData(cache: ApolloCache): void {
  for (const fieldName of PERSONAL_FIELDS) cache.evict({ id: "ROOT_QUERY", fieldName });
  cache.gc();
}

// A page being left cancels its requests: the current user's answer then fails, but that is not a failure to
// load the user (which removes the token). Without this, leaving a page while it still asked for the user
// signed the person out of the next one.
let leavingPage = false;
if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => (leavingPage = true));
  window.addEventListener("pagehide", () => (leavingPage = true));
  window.addEventListener("pageshow", () => (leavingPage = false));
}

export function SessionProvider({ children, onChange }: { children: ReactNode; onChange?: () => void }) {
  const client = useApolloClient();
  // The server renders for a guest and hydration draws the same page: the token in this browser counts
  // only once hydration is over (until then the session is "loading", so no screen decides on it).
  const hydrated = useHydrated();
  const [tokenKept, setHasToken] = useState(() => readAccessToken() !== null);
  const hasToken = hydrated && tokenKept;
  const { data, loading, error } = useQuery(CurrentUserDocument, { skip: !hasToken });

  const failed = hasToken && !loading && (error !== undefined || data?.me === null);
  useEffect(() => {
    if (!failed || leavingPage) return;
    removeAccessToken();
    // The token lives in storage outside React: dropping it there and here happens together, after the
    // answer that showed it is no longer valid.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHasToken(false);
    onChange?.();
  }, [failed, onChange]);

  const signIn = useCallback(
    (accessToken: string, user: SessionUser) => {
      saveAccessToken(accessToken);
      forgetPersonalData(client.cache);
      // The cache keys users by __typename and id; the login answer carries __typename, a hand-made user may not.
      const me = { __typename: "User" as const, ...user };
      client.cache.writeQuery({ query: CurrentUserDocument, data: { me } });
      setHasToken(true);
      onChange?.();
    },
    [client, onChange],
  );

  const clearUser = useCallback(() => {
    removeAccessToken();
    setHasToken(false);
    client.cache.writeQuery({ query: CurrentUserDocument, data: { me: null } });
    forgetPersonalData(client.cache);
    onChange?.();
  }, [client, onChange]);

  const value = useMemo<Session>(
    () => ({
      user: hasToken ? (data?.me ?? null) : null,
      loading: !hydrated || (hasToken && loading),
      error: error ? error.message : null,
      signIn,
      clearUser,
    }),
    [hydrated, hasToken, data, loading, error, signIn, clearUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
