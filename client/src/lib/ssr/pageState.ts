// What a server-rendered page carries for the browser to pick up where the server stopped: the Apollo
// cache (the answers the page was drawn with), the router's state (loader data, and the error a 404
// shows) and the shop's origin. Sent as a JSON data block (not a script that runs), so the shop's
// Content-Security-Policy (script-src 'self') needs no exception.
import type { NormalizedCacheObject } from "@apollo/client";
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponse, type HydrationState } from "react-router-dom";

export const PAGE_STATE_ELEMENT_ID = "shop-page-state";

interface SerializedRouteError {
  __type: "RouteErrorResponse";
  status: number;
  statusText: string;
  data: unknown;
}

export interface ServerPageState {
  apollo: NormalizedCacheObject;
  router: { loaderData: Record<string, unknown>; errors: Record<string, SerializedRouteError | { __type: "Error"; message: string }> | null };
  origin: string;
}

export function serializeRouteErrors(errors: Record<string, unknown> | null): ServerPageState["router"]["errors"] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => [
      routeId,
      isRouteErrorResponse(error)
        ? { __type: "RouteErrorResponse" as const, status: error.status, statusText: error.statusText, data: error.data }
        : { __type: "Error" as const, message: error instanceof Error ? error.message : String(error) },
    ]),
  );
}

export function routerHydrationState(state: ServerPageState["router"]): HydrationState {
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([routeId, error]) => [
          routeId,
          error.__type === "RouteErrorResponse" ? new ErrorResponse(error.status, error.statusText, error.data) : new Error(error.message),
        ]),
      )
    : null;
  return { loaderData: state.loaderData, errors };
}

/** The page state as the text of its <script type="application/json">: "<" escaped, so nothing in it closes the element. */
export const pageStateJson = (state: ServerPageState) => JSON.stringify(state).replace(/</g, "\\u003c");

/** The state the server sent with this page, or null when the page was not rendered on the server (npm run dev). */
export function readPageState(): ServerPageState | null {
  const element = typeof document === "undefined" ? null : document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerPageState;
  } catch {
    return null;
  }
}
