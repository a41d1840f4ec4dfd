// The permission matrix on the REST shim: every admin route of /public/api, as every kind of admin (the staff
// roles and the spec's admin). A route whose ability the role lacks answers 403 naming it, before reading
// anything it was sent; one it has answers whatever the request deserves (a 404 for a missing id, a 422 for
// an empty body), never 403. The shim's `role` stays "admin" for every staff member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_ABILITIES, STAFF_ROLES, type Ability, type StaffRole } from "../src/domain/shared/viewer.js";
import { routes } from "../src/rest/routes.js";
import { openRestApi, type RestApi } from "./rest-support.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let rest: RestApi;
const KINDS = [...STAFF_ROLES, "admin"] as const;
let tokens: Record<(typeof KINDS)[number], string>;

/** The ability an admin route needs: its API scope, or what only people may do. */
const abilityOf = (name: string, scope: Ability | undefined): Ability => scope ?? ({ setUserRole: "customers:roles" } as Record<string, Ability>)[name];

beforeAll(async () => {
  t = await createTestShop();
  rest = await openRestApi(t);
  tokens = Object.fromEntries(await Promise.all(KINDS.map(async (kind) => [kind, (await t.signUp({ role: "admin", staffRole: kind === "admin" ? null : kind })).token] as const))) as typeof tokens;
});
afterAll(async () => {
  await rest?.close();
  await t?.close();
});

describe("REST: every staff role against every admin route", () => {
  const adminRoutes = routes.filter((route) => route.access === "admin");

  it("names an ability for every admin route", () => {
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) expect(abilityOf(route.name, route.scope), route.name).toBeDefined();
  });

  for (const kind of KINDS) {
    it(`${kind}: 403 naming the ability exactly where its role lacks it`, async () => {
      const abilities = ROLE_ABILITIES[kind as StaffRole | "admin"];
      const seen: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const route of adminRoutes) {
        const path = route.path.replace(/\{[^}]+\}/g, "999999");
        const method = route.method.toUpperCase() as "GET" | "POST" | "DELETE";
        const answer = await rest.call(method, path, { token: tokens[kind], ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
        const ability = abilityOf(route.name, route.scope);
        seen[route.name] = answer.status === 403 ? `403 ${/the (\S+) ability/.exec(answer.body.message)?.[1]}` : "allowed";
        expected[route.name] = abilities.includes(ability) ? "allowed" : `403 ${ability}`;
      }
      expect(seen).toEqual(expected);
    });
  }

  it("a staff member signs in with the spec's role 'admin'", async () => {
    const person = await t.signUp({ role: "admin", staffRole: "support" });
    const me = await rest.post("/me", { token: person.token });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('"role":"admin"');
    expect(JSON.stringify(me.body)).not.toContain("support");
  });
});
