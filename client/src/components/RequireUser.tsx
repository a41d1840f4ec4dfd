// Account pages (and checkout) need a signed-in user: the logo and spinner while the user loads, else a way to sign in.
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";
import { LoadingView } from "./LoadingView";
import { PageTitle } from "./PageTitle";
import { useSession, type SessionUser } from "../lib/session/session";

export interface RequireUserProps {
  /** What a visitor who is not signed in is told. */
  signInTitle?: string;
  /**
   * The screen's title, shown above the loading view while the user loads: the page the server sends (for a
   * guest: the session is loading until the app runs) has the screen's heading, and says without scripts that
   * the screen needs them.
   */
  title?: string;
  children: (user: SessionUser) => ReactNode;
}

export const ACCOUNT_NEEDS_SCRIPTS = "Your account and checkout need JavaScript: please turn it on in your browser.";

export function RequireUser({ signInTitle = "Please sign in to see your account.", title, children }: RequireUserProps) {
  const { user, loading } = useSession();
  if (loading) {
    if (!title) return <LoadingView label="Loading your account" />;
    return (
      <>
        <PageTitle title={title} />
        <noscript>
          <p>{ACCOUNT_NEEDS_SCRIPTS}</p>
        </noscript>
        <LoadingView label="Loading your account" />
      </>
    );
  }
  if (!user) {
    return <EmptyState title={signInTitle} link={{ to: "/login", label: "Sign in" }} />;
  }
  return <>{children(user)}</>;
}
