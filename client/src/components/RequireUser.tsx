// Account pages (and checkout) need a signed-in user: the logo and spinner while the user loads, else a way to sign in.
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";
import { LoadingView } from "./LoadingView";
import { useSession, type SessionUser } from "../lib/session/session";

export interface RequireUserProps {
  /** What a visitor who is not signed in is told. */
  signInTitle?: string;
  children: (user: SessionUser) => ReactNode;
}

export function RequireUser({ signInTitle = "Please sign in to see your account.", children }: RequireUserProps) {
  const { user, loading } = useSession();
  if (loading) return <LoadingView label="Loading your account" />;
  if (!user) {
    return <EmptyState title={signInTitle} link={{ to: "/login", label: "Sign in" }} />;
  }
  return <>{children(user)}</>;
}
