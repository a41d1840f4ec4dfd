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

/**
 * What an admin command needs: the API scopes (a key may hold them), and what only people may do: change a
 * user's role between shopper and admin, read and resend the e-mails sent to a customer, manage API keys and
 * webhooks, give staff roles, read the audit trail (the Activity screen).
 */
export const ABILITIES = [...API_SCOPES, "customers:roles", "customers:emails", "integrations:manage", "staff:manage", "activity:read"] as const;
export type Ability = (typeof ABILITIES)[number];

/**
 * Staff roles: an admin (role "admin", as the spec and the REST shim name it) may hold one, which narrows what
 * they may do; an admin without one is the spec's admin.
 */
export const STAFF_ROLES = ["owner", "catalogue-manager", "order-manager", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The permission table: what each kind of admin may do. The owner everything; the spec's admin every screen
 * of the spec (everything but API keys, webhooks, staff roles and the audit trail, which are the owner's); the
 * catalogue manager the catalogue (products, variants, pictures, categories, regions, promotions, taxes); the
 * order manager orders (statuses, cancellations, refunds) and reading customers; support reading orders and
 * customers and resending e-mails. Every role reads the catalogue's back-office lists.
 */
export const ROLE_ABILITIES: Readonly<Record<StaffRole | "admin", readonly Ability[]>> = {
  owner: ABILITIES,
  admin: ABILITIES.filter((ability) => ability !== "integrations:manage" && ability !== "staff:manage" && ability !== "activity:read"),
  "catalogue-manager": ["catalogue:read", "catalogue:write"],
  "order-manager": ["catalogue:read", "orders:read", "orders:write", "customers:read"],
  support: ["catalogue:read", "orders:read", "customers:read", "customers:emails"],
};

/** What a person may do in the back office: nothing for a shopper, their staff role's abilities for an admin. */
export function abilitiesOf(person: { role: Role; staffRole?: StaffRole | null }): readonly Ability[] {
  return person.role === "admin" ? ROLE_ABILITIES[person.staffRole ?? "admin"] : [];
}

const isApiScope = (ability: Ability): ability is ApiScope => (API_SCOPES as readonly string[]).includes(ability);

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
  /** An admin's staff role (null: the spec's admin); read with the session, never from the token. */
  staffRole?: StaffRole | null;
  /** Set when the caller is an API key rather than a person. */
  apiKey?: ApiKeyIdentity;
  /** Where the request came from (its client address), for the audit trail; set by the adapters. */
  from?: string | null;
}

const NOT_A_PERSON = "An API key cannot do this: it needs an admin's or a shopper's own sign-in.";
const lacksScope = (scope: ApiScope) => `This API key does not have the ${scope} scope.`;

/** A signed-in person (an API key is refused). */
export function requireUser(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKey) throw forbidden(NOT_A_PERSON);
  return viewer;
}

/** The key holds `ability` (one of the API scopes); people pass (their role is checked by the caller). */
function checkScope(viewer: Viewer, ability: Ability | undefined): Viewer {
  if (!viewer.apiKey) return viewer;
  if (!ability || !isApiScope(ability)) throw forbidden(NOT_A_PERSON);
  if (!viewer.apiKey.scopes.includes(ability)) throw forbidden(lacksScope(ability));
  return viewer;
}

/** The answer to an admin whose staff role lacks what a command needs: it names the ability. */
export const lacksAbility = (ability: Ability) => `Your staff role does not allow this: it needs the ${ability} ability.`;

/**
 * An admin whose staff role has `ability` (ROLE_ABILITIES), or an API key holding it as a scope. Abilities
 * that are not scopes (roles, e-mails, API keys, webhooks, staff) are for people only.
 */
export function requireAdmin(viewer: Viewer | null | undefined, ability: Ability): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKey) return checkScope(viewer, ability);
  if (viewer.role !== "admin") throw forbidden("Only admins can do this.");
  if (!abilitiesOf(viewer).includes(ability)) throw forbidden(lacksAbility(ability));
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

/** Whether the viewer may see everyone's records of the kind `scope` names: an admin whose role has it, or a key holding it. */
export function seesEveryone(viewer: Viewer, scope: ApiScope): boolean {
  return viewer.apiKey ? viewer.apiKey.scopes.includes(scope) : abilitiesOf(viewer).includes(scope);
}

/** A user may act on their own records; an admin on anyone's, and so may a key holding `scope`. */
export function requireSelfOrAdmin(viewer: Viewer | null | undefined, ownerId: number, scope?: ApiScope): Viewer {
  if (!viewer) throw unauthenticated();
  if (viewer.apiKey) return checkScope(viewer, scope);
  if (viewer.userId !== ownerId && !(viewer.role === "admin" && (!scope || abilitiesOf(viewer).includes(scope)))) throw forbidden("You can only see your own records.");
  return viewer;
}
