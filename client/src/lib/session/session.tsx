// The signed-in user as every screen sees it: user (null until loaded), a loading
// flag and an error message, plus signing in and clearing the user (which also removes the token).
import { createContext, useContext, type ReactNode } from "react";
import type { SessionUserFieldsFragment } from "../../graphql/generated/graphql";

export type SessionUser = SessionUserFieldsFragment;

export interface Session {
  user: SessionUser | null;
  loading: boolean;
  error: string | null;
  /** Keeps the token and makes the user the loaded user. */
  signIn: (accessToken: string, user: SessionUser) => void;
  /** Clearing the user also removes the token. */
  clearUser: () => void;
}

export const guestSession: Session = { user: null, loading: false, error: null, signIn: () => {}, clearUser: () => {} };

export const SessionContext = createContext<Session>(guestSession);

/** A fixed session, for tests and previews. The app uses SessionProvider, which asks the API. */
export function StaticSessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

/** Admin is the role 'admin' (ADMIN in the API). */
export const isAdmin = (user: SessionUser | null | undefined) => user?.role === "ADMIN";
