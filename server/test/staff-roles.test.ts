// Staff roles (domain/shared/viewer.ts ROLE_ABILITIES; accounts.setStaffRole): the owner gives them and alone
// may; the owner cannot change their own (the shop keeps an owner); the spec's admin still changes a user's
// role between shopper and admin but cannot touch a staff member's; a staff role's abilities are read with
// the session, so a change holds on the next request; an API key never does more than its creator may now.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let owner: { id: number; token: string };

beforeAll(async () => {
  t = await createTestShop();
  owner = await t.signUp({ role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

const SET_STAFF = `mutation($id: Int!, $role: StaffRole) { setStaffRole(id: $id, staffRole: $role) { message user { role staffRole abilities } } }`;
const SET_ROLE = `mutation($id: Int!, $role: Role!) { setUserRole(id: $id, role: $role) { message user { role staffRole } } }`;
const ME = `{ me { role staffRole abilities } }`;

describe("staff roles", () => {
  it("the owner makes a shopper a catalogue manager: an admin for the spec's clients, with the catalogue's abilities only", async () => {
    const person = await t.signUp();
    const made = await t.gql<{ setStaffRole: { message: string; user: { role: string; staffRole: string; abilities: string[] } } }>(SET_STAFF, { id: person.id, role: "CATALOGUE_MANAGER" }, owner.token);
    expect(made.data!.setStaffRole).toEqual({ message: "Staff role updated.", user: { role: "ADMIN", staffRole: "CATALOGUE_MANAGER", abilities: ["catalogue:read", "catalogue:write"] } });
    // Their sessions ended with the change: they sign in again, under the new role.
    expect(await t.shop.tokens.verify(person.token)).toBeNull();
    const again = (await t.shop.tokens.issue({ id: person.id })).token;
    expect((await t.gql<{ me: unknown }>(ME, {}, again)).data!.me).toEqual({ role: "ADMIN", staffRole: "CATALOGUE_MANAGER", abilities: ["catalogue:read", "catalogue:write"] });
    const refused = await t.gql(`{ orders { nodes { id } } }`, {}, again);
    expect(failure(refused)).toMatchObject({ code: "FORBIDDEN", message: "Your staff role does not allow this: it needs the orders:read ability." });
  });

  it("only the owner gives staff roles, and cannot change their own", async () => {
    const specAdmin = await t.signUp({ role: "admin", staffRole: null });
    const person = await t.signUp();
    expect(failure(await t.gql(SET_STAFF, { id: person.id, role: "SUPPORT" }, specAdmin.token))).toMatchObject({
      code: "FORBIDDEN",
      message: "Your staff role does not allow this: it needs the staff:manage ability.",
    });
    expect(failure(await t.gql(SET_STAFF, { id: owner.id, role: "SUPPORT" }, owner.token))).toMatchObject({ code: "FORBIDDEN", message: "You cannot change your own staff role: another owner can." });
    expect((await t.gql<{ me: { staffRole: string } }>(ME, {}, owner.token)).data!.me.staffRole).toBe("OWNER");
  });

  it("the spec's admin still makes a shopper an admin and back, but cannot demote the owner or a staff member", async () => {
    const specAdmin = await t.signUp({ role: "admin", staffRole: null });
    const shopper = await t.signUp();
    expect((await t.gql<{ setUserRole: { user: unknown } }>(SET_ROLE, { id: shopper.id, role: "ADMIN" }, specAdmin.token)).data!.setUserRole.user).toEqual({ role: "ADMIN", staffRole: null });
    expect((await t.gql<{ setUserRole: { user: unknown } }>(SET_ROLE, { id: shopper.id, role: "USER" }, specAdmin.token)).data!.setUserRole.user).toEqual({ role: "USER", staffRole: null });
    expect(failure(await t.gql(SET_ROLE, { id: owner.id, role: "USER" }, specAdmin.token))).toMatchObject({ code: "FORBIDDEN", message: "Your staff role does not allow this: it needs the staff:manage ability." });
    expect((await t.shop.prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).staffRole).toBe("owner");
    // The owner may: a staff member made a shopper loses the staff role with the admin role.
    const support = await t.signUp({ role: "admin", staffRole: "support" });
    expect((await t.gql<{ setUserRole: { user: unknown } }>(SET_ROLE, { id: support.id, role: "USER" }, owner.token)).data!.setUserRole.user).toEqual({ role: "USER", staffRole: null });
  });

  it("an API key never does more than its creator may now: an owner made order manager narrows their keys at once", async () => {
    const secondOwner = await t.signUp({ role: "admin", staffRole: "owner" });
    const key = await t.shop.apiKeys.create(await t.shop.tokens.verify(secondOwner.token), { name: "ERP", scopes: ["catalogue:write", "orders:read"] });
    const CATEGORY = `mutation { createCategory(name: "Key Ferns ${Date.now()}") { message } }`;
    expect((await t.gql(CATEGORY, {}, key.secret)).errors).toBeUndefined();
    await t.gql(SET_STAFF, { id: secondOwner.id, role: "ORDER_MANAGER" }, owner.token);
    expect(failure(await t.gql(`mutation { createCategory(name: "Key Ferns again") { message } }`, {}, key.secret))).toMatchObject({
      code: "FORBIDDEN",
      message: "This API key does not have the catalogue:write scope.",
    });
    expect((await t.gql(`{ orders { nodes { id } } }`, {}, key.secret)).errors).toBeUndefined();
  });

  it("the shop's first admin is its owner (ensureAdmin), and a shop from before staff roles gets its first admin as owner (the migration)", async () => {
    const { ensureAdmin } = await import("../src/db/admin.js");
    await ensureAdmin(t.shop.prisma, "first-owner@example.com", "first-owner-password");
    expect((await t.shop.prisma.user.findUniqueOrThrow({ where: { email: "first-owner@example.com" } })).staffRole).toBe("owner");
    const migration = (await import("node:fs")).readFileSync(new URL("../../prisma/migrations/20261129055339_staff_roles/migration.sql", import.meta.url), "utf8");
    expect(migration).toContain(`UPDATE "users" SET "staff_role" = 'owner' WHERE "id" = (SELECT min("id") FROM "users" WHERE "role" = 'admin');`);
  });

  it("a staff role only on an admin: the database refuses it on a shopper", async () => {
    const shopper = await t.signUp();
    await expect(t.shop.prisma.user.update({ where: { id: shopper.id }, data: { staffRole: "support" } })).rejects.toThrow();
    await expect(t.shop.prisma.user.update({ where: { id: owner.id }, data: { staffRole: "janitor" } })).rejects.toThrow();
  });
});
