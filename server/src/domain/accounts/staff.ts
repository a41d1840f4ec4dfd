// Who may do what in the back office: the spec's role change (shopper <-> admin) and the owner's staff roles
// (domain/shared/viewer.ts ROLE_ABILITIES holds what each may do). A change of either ends the person's
// sessions, so they sign in again under it (their abilities are read with every request anyway), and is
// entered in the audit trail (user.role-changed, user.staff-role-changed) in its transaction; a change to
// what the user already has changes nothing and is not entered.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { changesBetween, recordActivity } from "../audit/index.js";
import {
  abilitiesOf,
  Checks,
  fieldRule,
  forbidden,
  lacksAbility,
  notFound,
  oneOf,
  parseId,
  received,
  requireAdmin,
  ROLES,
  STAFF_ROLES,
  type Deferred,
  type Role,
  type StaffRole,
  type Viewer,
} from "../shared/index.js";
import { WITHOUT_HASH, type UserRow } from "./user-row.js";
import type { TokenService } from "./tokens.js";

const roleField = oneOf<Role>(ROLES, { required: "The selected role is invalid.", invalid: "The selected role is invalid." });

/** A staff role, or null for the spec's admin (no staff role). */
const staffRoleField = fieldRule<StaffRole | null>(
  (value, problem) => {
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string" || !(STAFF_ROLES as readonly string[]).includes(value)) problem("The selected staff role is invalid.");
    return value as StaffRole;
  },
  { type: "string", enum: [...STAFF_ROLES] },
);

/**
 * Admin: make a user an admin or back (the spec's role change). No admin can demote themselves, so the shop
 * always keeps one; a user holding a staff role is changed only by the owner (updateStaffRole's ability), so
 * an admin cannot demote the owner. A real change ends the user's sessions: they sign in again under their new role.
 */
export async function setRole(prisma: PrismaClient, tokens: TokenService, viewer: Viewer | null, id: unknown, given: Deferred<Role>): Promise<UserRow> {
  const admin = requireAdmin(viewer, "customers:roles");
  const userId = parseId(id);
  if (userId === null) throw notFound("User");
  const checks = new Checks();
  const role = checks.field("role", roleField, await received(given));
  checks.done();
  if (userId === admin.userId && role !== "admin") throw forbidden("You cannot remove your own admin role.");
  return changeRoles(prisma, tokens, admin, userId, "user.role-changed", (target) => {
    if (target.staffRole && target.role !== role && !abilitiesOf(admin).includes("staff:manage")) throw forbidden(lacksAbility("staff:manage"));
    // A shopper holds no staff role; an admin made so keeps the one they had (none: the spec's admin).
    return { role, staffRole: role === "user" ? null : target.staffRole };
  });
}

/**
 * Owner: gives an admin a staff role (null: the spec's admin, every screen of the spec), making a shopper an
 * admin on the way. The owner cannot change their own, so the shop always keeps an owner.
 */
export async function setStaffRole(prisma: PrismaClient, tokens: TokenService, viewer: Viewer | null, id: unknown, given: Deferred<StaffRole | null>): Promise<UserRow> {
  const owner = requireAdmin(viewer, "staff:manage");
  const userId = parseId(id);
  if (userId === null) throw notFound("User");
  const checks = new Checks();
  const staffRole = checks.field("staffRole", staffRoleField, await received(given));
  checks.done();
  if (userId === owner.userId) throw forbidden("You cannot change your own staff role: another owner can.");
  return changeRoles(prisma, tokens, owner, userId, "user.staff-role-changed", () => ({ role: "admin", staffRole }));
}

/**
 * Writes a user's role and staff role as `decide` says from their row, ending their sessions when either
 * changes. Both rows are locked in id order and the changer's re-read: two admins changing each other at the
 * same moment must not both succeed and leave the shop without an admin or an owner.
 */
async function changeRoles(
  prisma: PrismaClient,
  tokens: TokenService,
  changer: Viewer,
  userId: number,
  kind: "user.role-changed" | "user.staff-role-changed",
  decide: (target: { role: Role; staffRole: StaffRole | null }) => { role: Role; staffRole: StaffRole | null },
): Promise<UserRow> {
  let sessionsEnded = false;
  const updated = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; role: Role; staffRole: StaffRole | null }[]>`
      SELECT id, role::text AS role, staff_role AS "staffRole" FROM users WHERE id IN (${changer.userId}, ${userId}) ORDER BY id FOR UPDATE`;
    const me = rows.find((row) => row.id === changer.userId);
    if (!me || me.role !== "admin" || (me.staffRole ?? null) !== (changer.staffRole ?? null)) throw forbidden("Only admins can do this.");
    const target = rows.find((row) => row.id === userId);
    if (!target) throw notFound("User");
    const next = decide(target);
    const changes = changesBetween(target, next, ["role", "staffRole"]);
    if (Object.keys(changes).length > 0) {
      await tokens.endSessions(tx, userId);
      sessionsEnded = true;
    }
    const saved = await tx.user.update({ where: { id: userId }, data: next, omit: WITHOUT_HASH });
    if (sessionsEnded) await recordActivity(tx, changer, { kind, subject: { type: "user", id: userId, label: saved.email }, changes });
    return saved;
  });
  if (sessionsEnded) await tokens.announceEnded(userId);
  return updated;
}
