// The notifications host (at most 20 kept, 4000 ms by default). It is loaded after the first paint:
// toasts raised before it arrives wait in the notifications store and appear when it mounts. This keeps
// its transitions (about 10 kB gzipped) out of the storefront's first load. A page rendered on the server
// has no toasts to show: the host joins after hydration (a lazy component cannot render there).
import { lazy, Suspense } from "react";
import { NOTIFICATION_LIMIT, PLAIN_DURATION_MS } from "../lib/notify";
import { useHydrated } from "../lib/ssr/hydration";

const Notifications = lazy(() => import("@mantine/notifications").then((module) => ({ default: module.Notifications })));

export function NotificationsHost() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={NOTIFICATION_LIMIT} autoClose={PLAIN_DURATION_MS} position="top-right" />
    </Suspense>
  );
}
