// Account pages need a signed-in user: the logo and spinner while the user loads, else a way to sign in.
import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "./EmptyState";
import { LoadingView } from "./LoadingView";
import { useSession, type SessionUser } from "../lib/session/session";

export function RequireUser({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <LoadingView label="Loading your account" />;
  if (!user) {
    return (
      <EmptyState
        title="Please sign in to see your account."
        action={
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        }
      />
    );
  }
  return <>{children(user)}</>;
}
