// The notifications host (at most 20 kept, 4000 ms by default). It is loaded after the first paint:
// toasts raised before it arrives wait in the notifications store and appear when it mounts. This keeps
// its transitions (about 10 kB gzipped) out of the storefront's first load. A page rendered on the server
// has no toasts to show: the host joins after hydration (a lazy component cannot render there), and only once
// the first toast is asked for (lib/notify.ts), so a page that shows none never draws it.
import { lazy, Suspense, useSyncExternalStore } from "react";
import { NOTIFICATION_LIMIT, notificationsAsked, onNotificationsAsked, PLAIN_DURATION_MS } from "../lib/notify";
import { useHydrated } from "../lib/ssr/hydration";

const Notifications = lazy(() => import("@mantine/notifications").then((module) => ({ default: module.Notifications })));

export function NotificationsHost() {
  const hydrated = useHydrated();
  const asked = useSyncExternalStore(onNotificationsAsked, notificationsAsked, () => false);
  if (!hydrated || !asked) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={NOTIFICATION_LIMIT} autoClose={PLAIN_DURATION_MS} position="top-right" />
    </Suspense>
  );
}
