// Who is asking. Every domain operation that needs a signed-in user or an admin takes the viewer and
// checks it here, so the GraphQL and REST adapters cannot disagree about permissions.
//
// The caller is a person (a session's access token) or an API key (domain/api-keys.ts). A key is never a
// person: it cannot shop, has no account, and manages no users, roles, keys or webhooks. It may do what
// an admin may only where the check names a scope the key holds (e.g. requireAdmin(viewer, "orders:write")).
// Reads that a guest may make stay open to a key, whatever its scopes.
import { forbidden, unauthenticated } from "./errors.js";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What an API key may be allowed to do; each scope names the admin operations it opens, nothing more. */
export const API_SCOPES = ["catalogue:read", "catalogue:write", "orders:read", "orders:write", "customers:read", "analytics:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The API key behind a request: the log names it, the checks below read its scopes. */
export interface ApiKeyIdentity {
  id: number;
  name: string;
  scopes: readonly ApiScope[];
}

export interface Viewer {
  /** The person's id; 0 for an API key (which is nobody's account). */
  userId: number;
  /** A key's is always "user": what it may do comes from its scopes alone. */
  role: Role;
  /** The session's id (the access token's jti), so logout ends exactly this session and a password change all others. */
  tokenId: string;
  tokenExpiresAt: Date;
  /** Set when the caller is an API key rather than a person. */
  apiKey?: ApiKeyIdentity;
}

const NOT_A_PERSON = "An API key cannot do this: it needs an admin's or a shopper's own sign-in.";
const lacksScope = (scope: ApiScope) => `This API key does not have the ${scope} scope.`;

/** A signed-in person (an API key is refused). */
export function requireUser(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKey) throw forbidden(NOT_A_PERSON);
  return viewer;
}

/** The key holds `scope`; people pass (their role is checked by the caller). */
function checkScope(viewer: Viewer, scope: ApiScope | undefined): Viewer {
  if (!viewer.apiKey) return viewer;
  if (!scope) throw forbidden(NOT_A_PERSON);
  if (!viewer.apiKey.scopes.includes(scope)) throw forbidden(lacksScope(scope));
  return viewer;
}

/**
 * An admin, or an API key holding `scope`. Without a scope, only an admin who signed in: no key may
 * manage users, roles, API keys or webhooks.
 */
export function requireAdmin(viewer: Viewer | null | undefined, scope?: ApiScope): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKey) return checkScope(viewer, scope);
  if (viewer.role !== "admin") throw forbidden("Only admins can do this.");
  return viewer;
}

/**
 * A signed-in person (who then sees their own records), or an API key holding `scope` (which sees every
 * record of that kind). Pair with seesEveryone to tell the two apart.
 */
export function requireReader(viewer: Viewer | null | undefined, scope: ApiScope): Viewer {
  if (!viewer) throw unauthenticated();
  return checkScope(viewer, scope);
}

/** Whether the viewer may see everyone's records of the kind `scope` names: an admin, or a key holding it. */
export function seesEveryone(viewer: Viewer, scope: ApiScope): boolean {
  return viewer.apiKey ? viewer.apiKey.scopes.includes(scope) : viewer.role === "admin";
}

/** A user may act on their own records; an admin on anyone's, and so may a key holding `scope`. */
export function requireSelfOrAdmin(viewer: Viewer | null | undefined, ownerId: number, scope?: ApiScope): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKey) return checkScope(viewer, scope);
  if (viewer.role !== "admin" && viewer.userId !== ownerId) throw forbidden("You can only see your own records.");
  return viewer;
}
