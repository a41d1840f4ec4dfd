// The access token lives in local storage under access_token. On the server there is
// no storage: no token, as for a guest.
import { browserStorage } from "../ssr/hydration";

export const ACCESS_TOKEN_KEY = "access_token";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readAccessToken(storage: KeyValueStorage | undefined = browserStorage("localStorage")): string | null {
  const token = storage?.getItem(ACCESS_TOKEN_KEY);
  return token && token.trim() !== "" ? token : null;
}

export function saveAccessToken(token: string, storage: KeyValueStorage | undefined = browserStorage("localStorage")): void {
  storage?.setItem(ACCESS_TOKEN_KEY, token);
}

/** Removed on a request-setup error, on failure to load the current user, and on logout. */
export function removeAccessToken(storage: KeyValueStorage | undefined = browserStorage("localStorage")): void {
  storage?.removeItem(ACCESS_TOKEN_KEY);
}

/** The Authorization header value for a token: "Bearer <token>". */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}
