// The shop's notifications: error and plain toasts stay 4000 ms, success 2000 ms,
// loading until it is replaced; the Notifications host keeps at most 20.

export const NOTIFICATION_LIMIT = 20;
export const ERROR_DURATION_MS = 4000;
export const PLAIN_DURATION_MS = 4000;
export const SUCCESS_DURATION_MS = 2000;

export type NotificationKind = "error" | "success" | "plain" | "loading";

export type ShopNotification = {
  message: string;
  color?: string;
  autoClose: number | false;
  loading: boolean;
  withCloseButton: boolean;
};

/** What a toast of each kind looks like and how long it stays. */
export function notificationFor(kind: NotificationKind, message: string): ShopNotification {
  switch (kind) {
    case "error":
      return { message, color: "red", autoClose: ERROR_DURATION_MS, loading: false, withCloseButton: true };
    case "success":
      return { message, color: "green", autoClose: SUCCESS_DURATION_MS, loading: false, withCloseButton: true };
    case "plain":
      return { message, autoClose: PLAIN_DURATION_MS, loading: false, withCloseButton: true };
    case "loading":
      return { message, autoClose: false, loading: true, withCloseButton: false };
  }
}

// @mantine/notifications is imported lazily (with its host, see app/NotificationsHost) so that neither
// weighs on the storefront's first load. Ids are made here, so a loading toast can be replaced at once.
const notificationsStore = () => import("@mantine/notifications").then((module) => module.notifications);

// Whether a toast has been asked for yet: the host (app/NotificationsHost) mounts only then. Mounting it
// draws six positioned portals in one task of about 50 ms on a slow phone, which a page that never shows a
// toast should not pay for while it starts.
let asked = false;
const askedListeners = new Set<() => void>();

/** Calls `listener` once a toast is first asked for; returns the unsubscribe. */
export function onNotificationsAsked(listener: () => void): () => void {
  askedListeners.add(listener);
  return () => askedListeners.delete(listener);
}

/** True once any toast has been asked for in this page. */
export const notificationsAsked = (): boolean => asked;

function markAsked(): void {
  if (asked) return;
  asked = true;
  for (const listener of askedListeners) listener();
}

let lastId = 0;

function show(kind: NotificationKind, message: string): string {
  markAsked();
  lastId += 1;
  const id = `shop-notification-${lastId}`;
  void notificationsStore().then((store) => store.show({ id, ...notificationFor(kind, message) }));
  return id;
}

export const notifyError = (message: string): string => show("error", message);
export const notifySuccess = (message: string): string => show("success", message);
export const notifyPlain = (message: string): string => show("plain", message);
/** A loading toast that stays until replaceNotification is called with its id. */
export const notifyLoading = (message: string): string => show("loading", message);

/** Turns a (loading) toast into another kind, which then closes after that kind's duration. */
export function replaceNotification(id: string, kind: Exclude<NotificationKind, "loading">, message: string): void {
  void notificationsStore().then((store) => store.update({ id, ...notificationFor(kind, message) }));
}

/**
 * A change the shopper or the admin asked for, and how it went: the server's message as a success toast,
 * then `then` (back to the list, the next page, a reload); on failure `reportFailure` says so (the server's
 * words, or the spec's own text for that change). Resolves with the failure, if any, so a form can also
 * show the server's messages beside its fields.
 */
export async function reportChange<T>(
  answer: Promise<{ data?: T | null }>,
  messageOf: (data: T) => string,
  reportFailure: (failure: unknown) => void,
  then?: () => unknown,
): Promise<unknown> {
  try {
    const { data } = await answer;
    if (data) notifySuccess(messageOf(data));
    await then?.();
    return undefined;
  } catch (failure) {
    reportFailure(failure);
    return failure;
  }
}
