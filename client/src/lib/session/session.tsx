// The signed-in user as every screen sees it: user (null until loaded), a loading flag and an error
// message (spec section 4). The app fills it from the API; tests fill it directly.
import { createContext, useContext, type ReactNode } from "react";

export type Role = "user" | "admin";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  address: string | null;
  phone: string | null;
  createdAt: string;
}

export interface Session {
  user: SessionUser | null;
  loading: boolean;
  error: string | null;
  /** Clearing the user also removes the token. */
  clearUser: () => void;
}

const guest: Session = { user: null, loading: false, error: null, clearUser: () => {} };

const SessionContext = createContext<Session>(guest);

export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

export const isAdmin = (user: SessionUser | null | undefined) => user?.role === "admin";
