// Who is asking. Every domain operation that needs a signed-in user or an admin takes the viewer and
// checks it here, so the GraphQL and REST adapters cannot disagree about permissions.
import { forbidden, unauthenticated } from "./errors.js";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface Viewer {
  userId: number;
  role: Role;
  /** The session's id (the access token's jti), so logout ends exactly this session and a password change all others. */
  tokenId: string;
  tokenExpiresAt: Date;
}

export function requireUser(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw unauthenticated();
  return viewer;
}

export function requireAdmin(viewer: Viewer | null | undefined): Viewer {
  const user = requireUser(viewer);
  if (user.role !== "admin") throw forbidden("Only admins can do this.");
  return user;
}

/** A user may act on their own records; an admin on anyone's. */
export function requireSelfOrAdmin(viewer: Viewer | null | undefined, ownerId: number): Viewer {
  const user = requireUser(viewer);
  if (user.role !== "admin" && user.userId !== ownerId) throw forbidden("You can only see your own records.");
  return user;
}
