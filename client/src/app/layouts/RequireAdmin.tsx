// Admin routes: if the loaded user is not admin, the app goes to /. While the user is
// still loading, the logo and spinner show instead.
import { Navigate, Outlet } from "react-router-dom";
import { LoadingView } from "../../components/LoadingView";
import { isAdmin, useSession } from "../../lib/session/session";

export function RequireAdmin() {
  const { user, loading } = useSession();
  if (loading) return <LoadingView />;
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <Outlet />;
}
