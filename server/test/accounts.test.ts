// Accounts: sign-up, sign-in, sign-out, the account pages and the admin's user management (spec 2, 3, 6, 7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopError } from "../src/domain/shared/errors.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { accountPayload, contactPayload, passwordChangePayload, registrationPayload, signInPayload } from "../src/rest/payloads.js";
import { createTestShop, failure, oldClientInput, refusal, type TestShop } from "./support.js";

let t: TestShop;

beforeAll(async () => {
  t = await createTestShop();
});

afterAll(async () => {
  await t?.close();
});

const viewerOf = async (token: string) => (await t.shop.tokens.verify(token)) as Viewer;
let emailCounter = 0;
const freshEmail = (prefix = "person") => `${prefix}${++emailCounter}-${Date.now()}@example.com`;

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { message user { id name email role address phone } } }`;
const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken user { id email role } } }`;
const LOGOUT = `mutation { logout { message } }`;
const ME = `{ me { id name email role address phone createdAt } }`;
const UPDATE_ACCOUNT = `mutation($name: String!, $email: String!, $currentPassword: String) {
  updateAccount(name: $name, email: $email, currentPassword: $currentPassword) { message user { id name email } } }`;
const UPDATE_CONTACT = `mutation($phone: String!, $address: String!) { updateContact(phone: $phone, address: $address) { message user { phone address } } }`;
const UPDATE_PASSWORD = `mutation($old: String!, $password: String!, $confirmation: String!) {
  updatePassword(oldPassword: $old, password: $password, passwordConfirmation: $confirmation) { message } }`;
const USERS = `query($search: String) { users(search: $search, first: 100) { nodes { id name email role } totalCount } }`;
const USER = `query($id: Int!) { user(id: $id) { id name email role createdAt } }`;
const SET_ROLE = `mutation($id: Int!, $role: Role!) { setUserRole(id: $id, role: $role) { message user { id role } } }`;

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  name: "Rose Gardener",
  email: freshEmail("rose"),
  password: "tulips4ever",
  password_confirmation: "tulips4ever",
  ...overrides,
});

describe("sign up, sign in, sign out (end to end through GraphQL)", () => {
  it("a shopper registers, signs in, sees their account and signs out; the token is then refused", async () => {
    const email = freshEmail("Fern");
    const registered = await t.gql<{ register: { message: string; user: { id: number; role: string; email: string } } }>(REGISTER, {
      input: { name: "  Fern Green ", email, password: "ferns2grow", passwordConfirmation: "ferns2grow" },
    });
    expect(registered.errors).toBeUndefined();
    expect(registered.data!.register.message).toBe("Registration successful. Please sign in.");
    expect(registered.data!.register.user).toMatchObject({ name: "Fern Green", email: email.toLowerCase(), role: "USER", address: null, phone: null });

    const login = await t.gql<{ login: { accessToken: string; user: { id: number } } }>(LOGIN, { email, password: "ferns2grow" });
    expect(login.errors).toBeUndefined();
    const token = login.data!.login.accessToken;
    expect(login.data!.login.user.id).toBe(registered.data!.register.user.id);

    const me = await t.gql<{ me: { id: number; email: string } }>(ME, {}, token);
    expect(me.data!.me).toMatchObject({ id: registered.data!.register.user.id, email: email.toLowerCase() });

    const logout = await t.gql<{ logout: { message: string } }>(LOGOUT, {}, token);
    expect(logout.data!.logout.message).toBe("Logout successful!");

    expect((await t.gql<{ me: unknown }>(ME, {}, token)).data!.me).toBeNull();
    expect(failure(await t.gql(UPDATE_ACCOUNT, { name: "Fern", email }, token)).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(LOGOUT, {}, token)).code).toBe("UNAUTHENTICATED");
  });

  it("logging out revokes only that token: the same user's other token still works", async () => {
    const user = await t.signUp();
    const other = await t.gql<{ login: { accessToken: string } }>(LOGIN, { email: user.email, password: user.password });
    const otherToken = other.data!.login.accessToken;
    await t.gql(LOGOUT, {}, user.token);
    expect(failure(await t.gql(UPDATE_ACCOUNT, { name: "Still Me", email: user.email }, user.token)).code).toBe("UNAUTHENTICATED");
    const stillWorks = await t.gql<{ updateAccount: { user: { name: string } } }>(UPDATE_ACCOUNT, { name: "Still Me", email: user.email }, otherToken);
    expect(stillWorks.errors).toBeUndefined();
    expect(stillWorks.data!.updateAccount.user.name).toBe("Still Me");
  });

  it("me is null for a guest, not an error", async () => {
    const result = await t.gql(ME);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ me: null });
    expect(await refusal(t.shop.accounts.me(null))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("the password hash is never returned", async () => {
    const user = await t.signUp();
    const viewer = await viewerOf(user.token);
    const rows = [
      await t.shop.accounts.me(viewer),
      (await t.shop.accounts.login(oldClientInput(signInPayload, { email: user.email, password: user.password }))).user,
      await t.shop.accounts.register(oldClientInput(registrationPayload, validRegistration())),
      await t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, { name: "N", email: user.email })),
      await t.shop.accounts.updateContact(viewer, oldClientInput(contactPayload, { phone: "555 123 4567", address: "2 Elm" })),
    ];
    for (const row of rows) expect(Object.keys(row)).not.toContain("passwordHash");
    const admin = await viewerOf((await t.signUp({ role: "admin" })).token);
    for (const row of await t.shop.accounts.listUsers(admin)) expect(Object.keys(row)).not.toContain("passwordHash");
    expect(Object.keys(await t.shop.accounts.getUser(admin, user.id))).not.toContain("passwordHash");
    expect(Object.keys(await t.shop.accounts.setRole(admin, user.id, "user"))).not.toContain("passwordHash");
    expect(failure(await t.gql(`{ me { passwordHash } }`, {}, user.token)).message).toMatch(/Cannot query field "passwordHash"/);
  });
});

describe("registration rules", () => {
  const registerFails = async (input: unknown) => (await refusal(t.shop.accounts.register(oldClientInput(registrationPayload, input)))) as ShopError & { fields: Record<string, string[]> };

  it("name, email, password and password confirmation are required", async () => {
    for (const input of [{}, null, "name=x", [], 42]) {
      const error = await registerFails(input);
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.fields).toEqual({
        name: ["The name field is required."],
        email: ["The email field is required."],
        password: ["The password field is required."],
        password_confirmation: ["The password confirmation field is required."],
      });
    }
    expect((await registerFails(validRegistration({ name: "   " }))).fields).toEqual({ name: ["The name field is required."] });
  });

  it("fields of the wrong type are refused, not coerced (untrusted JSON)", async () => {
    const error = await registerFails({ name: 42, email: ["a@b.co"], password: { length: 9 }, password_confirmation: 12345678 });
    expect(error.fields).toEqual({
      name: ["The name must be text."],
      email: ["The email must be text."],
      password: ["The password must be text."],
    });
  });

  it("the name may not be greater than 255 characters", async () => {
    expect((await registerFails(validRegistration({ name: "n".repeat(256) }))).fields).toEqual({
      name: ["The name may not be greater than 255 characters."],
    });
    await expect(t.shop.accounts.register(oldClientInput(registrationPayload, validRegistration({ name: "n".repeat(255) })))).resolves.toMatchObject({ name: "n".repeat(255) });
  });

  it("the email must be a valid email address of at most 255 characters", async () => {
    for (const email of ["plainaddress", "a@b", "a b@c.de", "@example.com"]) {
      expect((await registerFails(validRegistration({ email }))).fields).toEqual({ email: ["The email must be a valid email address."] });
    }
    const long = `${"e".repeat(250)}@example.com`;
    expect((await registerFails(validRegistration({ email: long }))).fields.email).toContain("The email may not be greater than 255 characters.");
  });

  it("the email is unique whatever its case: Foo@x.com then foo@x.com is already taken", async () => {
    const stem = `foo${Date.now()}`;
    const first = await t.shop.accounts.register(oldClientInput(registrationPayload, validRegistration({ email: `${stem}@X.com` })));
    expect(first.email).toBe(`${stem}@x.com`);
    const error = await registerFails(validRegistration({ email: `${stem}@x.com` }));
    expect(error.fields).toEqual({ email: ["The email has already been taken."] });
    const viaGraphql = failure(
      await t.gql(REGISTER, { input: { name: "Foo", email: ` ${stem.toUpperCase()}@X.COM `, password: "abcdefg1", passwordConfirmation: "abcdefg1" } }),
    );
    expect(viaGraphql).toMatchObject({ code: "BAD_USER_INPUT", message: "The email has already been taken." });
    expect(viaGraphql.fields).toEqual({ email: ["The email has already been taken."] });
  });

  it("simultaneous sign-ups with one email: one account, the others hear 'already been taken', never a 500", async () => {
    const email = freshEmail("race");
    const results = await Promise.allSettled(
      ["", "", "", ""].map((_, i) => t.shop.accounts.register(oldClientInput(registrationPayload, validRegistration({ email: i % 2 ? email.toUpperCase() : email })))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "BAD_USER_INPUT", fields: { email: ["The email has already been taken."] } });
    }
    expect(await t.shop.prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(1);
  });

  it("the password must be at least 8 characters and at most 128", async () => {
    expect((await registerFails(validRegistration({ password: "abc1234", password_confirmation: "abc1234" }))).fields).toEqual({
      password: ["The password must be at least 8 characters."],
    });
    const long = `a1${"x".repeat(127)}`;
    expect((await registerFails(validRegistration({ password: long, password_confirmation: long }))).fields).toEqual({
      password: ["The password may not be greater than 128 characters."],
    });
    const longest = `a1${"x".repeat(126)}`;
    await expect(t.shop.accounts.register(oldClientInput(registrationPayload, validRegistration({ password: longest, password_confirmation: longest })))).resolves.toBeDefined();
  });

  it("the password must contain at least one letter and one number", async () => {
    for (const password of ["abcdefgh", "12345678", "!!!!!!!!", "        "]) {
      expect((await registerFails(validRegistration({ password, password_confirmation: password }))).fields).toEqual({
        password: ["The password must contain at least one letter and one number."],
      });
    }
    const both = await registerFails(validRegistration({ password: "short", password_confirmation: "short" }));
    expect(both.fields.password).toEqual(["The password must be at least 8 characters.", "The password must contain at least one letter and one number."]);
  });

  it("the password confirmation must match", async () => {
    expect((await registerFails(validRegistration({ password_confirmation: "tulips4Ever" }))).fields).toEqual({
      password_confirmation: ["The password confirmation does not match."],
    });
    expect(failure(await t.gql(REGISTER, { input: { name: "A", email: freshEmail(), password: "abcdefg1", passwordConfirmation: "abcdefg2" } }))).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { password_confirmation: ["The password confirmation does not match."] },
    });
  });

  it("every problem is reported at once, per field", async () => {
    const error = await registerFails({ name: "", email: "nope", password: "x", password_confirmation: "y" });
    expect(Object.keys(error.fields).sort()).toEqual(["email", "name", "password", "password_confirmation"]);
    expect(error.message).toBe("The name field is required.");
  });

  it("a registration always makes a plain user, whatever role the payload asks for", async () => {
    const user = await t.shop.accounts.register(oldClientInput(registrationPayload, { ...validRegistration(), role: "admin" }));
    expect(user.role).toBe("user");
  });
});

describe("signing in", () => {
  it("wrong email or wrong password: the same UNAUTHENTICATED 'Invalid email or password.'", async () => {
    const user = await t.signUp();
    const wrongPassword = failure(await t.gql(LOGIN, { email: user.email, password: "not-the-password1" }));
    const unknownEmail = failure(await t.gql(LOGIN, { email: freshEmail("nobody"), password: user.password }));
    expect(wrongPassword).toEqual({ code: "UNAUTHENTICATED", message: "Invalid email or password.", fields: undefined });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it("the email matches whatever its case", async () => {
    const user = await t.signUp({ email: `Mixed.Case${Date.now()}@Example.com` });
    const login = await t.gql<{ login: { user: { id: number } } }>(LOGIN, { email: ` ${user.email.toUpperCase()} `, password: user.password });
    expect(login.errors).toBeUndefined();
    expect(login.data!.login.user.id).toBe(user.id);
  });

  it("a login payload without an email or password, or with non-text ones, is a field error", async () => {
    const missing = await refusal(t.shop.accounts.login(oldClientInput(signInPayload, {})));
    expect(missing).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { email: ["The email field is required."], password: ["The password field is required."] },
    });
    const wrongTypes = await refusal(t.shop.accounts.login(oldClientInput(signInPayload, { email: 7, password: ["secret"] })));
    expect(wrongTypes.fields).toEqual({ email: ["The email must be text."], password: ["The password must be text."] });
    const huge = await refusal(t.shop.accounts.login(oldClientInput(signInPayload, { email: "a@b.co", password: "x".repeat(1025) })));
    expect(huge.fields).toEqual({ password: ["The password may not be greater than 1024 characters."] });
    expect(await refusal(t.shop.accounts.login(oldClientInput(signInPayload, null)))).toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("the token answered by login carries the user's role", async () => {
    const admin = await t.signUp({ role: "admin" });
    const signIn = await t.shop.accounts.login(oldClientInput(signInPayload, { email: admin.email, password: admin.password }));
    expect(signIn.user.role).toBe("admin");
    expect(signIn.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.shop.tokens.verify(signIn.token)).toMatchObject({ userId: admin.id, role: "admin" });
  });
});

describe("update account details (name, email)", () => {
  it("changes the name and email, lower-casing the email", async () => {
    const user = await t.signUp();
    const email = freshEmail("New.Address");
    const result = await t.gql<{ updateAccount: { message: string; user: { name: string; email: string } } }>(
      UPDATE_ACCOUNT,
      { name: " Ivy ", email, currentPassword: user.password },
      user.token,
    );
    expect(result.data!.updateAccount).toEqual({ message: "Your account details have been updated.", user: { id: user.id, name: "Ivy", email: email.toLowerCase() } });
  });

  it("a new email needs the current password: missing or wrong is a field error on current_password, and nothing changes", async () => {
    const user = await t.signUp({ password: "garden-path-42" });
    const email = freshEmail("moved");
    const missing = failure(await t.gql(UPDATE_ACCOUNT, { name: "Ivy", email }, user.token));
    expect(missing).toMatchObject({ code: "BAD_USER_INPUT", fields: { current_password: ["Enter your current password to change your email."] } });
    const wrong = failure(await t.gql(UPDATE_ACCOUNT, { name: "Ivy", email, currentPassword: "garden-path-43" }, user.token));
    expect(wrong).toMatchObject({ code: "BAD_USER_INPUT", fields: { current_password: ["The current password is incorrect."] } });
    expect(await t.shop.prisma.user.findUnique({ where: { id: user.id }, select: { email: true } })).toEqual({ email: user.email });
    const right = await t.gql(UPDATE_ACCOUNT, { name: "Ivy", email, currentPassword: "garden-path-42" }, user.token);
    expect(right.errors).toBeUndefined();
  });

  it("changing only the name (or the email's case) needs no password", async () => {
    const user = await t.signUp();
    const result = await t.gql(UPDATE_ACCOUNT, { name: "Renamed", email: user.email.toUpperCase() }, user.token);
    expect(result.errors).toBeUndefined();
  });

  it("keeping one's own email is fine; taking another account's email (in any case) is not", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const viewer = await viewerOf(user.token);
    await expect(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, { name: "Same Email", email: user.email.toUpperCase() }))).resolves.toMatchObject({ name: "Same Email" });
    const error = await refusal(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, { name: "Thief", email: other.email.toUpperCase() })));
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", fields: { email: ["The email has already been taken."] } });
  });

  it("name and email follow the registration rules, and bad types are refused", async () => {
    const viewer = await viewerOf((await t.signUp()).token);
    expect((await refusal(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, {})))).fields).toEqual({
      name: ["The name field is required."],
      email: ["The email field is required."],
    });
    expect((await refusal(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, { name: 42, email: "x" })))).fields).toEqual({
      name: ["The name must be text."],
      email: ["The email must be a valid email address."],
    });
    expect((await refusal(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, { name: "n".repeat(256), email: true })))).fields).toEqual({
      name: ["The name may not be greater than 255 characters."],
      email: ["The email must be text."],
    });
    expect((await refusal(t.shop.accounts.updateAccount(viewer, oldClientInput(accountPayload, "name")))).code).toBe("BAD_USER_INPUT");
  });
});

describe("update contact details (phone, address)", () => {
  it("saves the phone and address", async () => {
    const user = await t.signUp({ phone: null, address: null });
    const result = await t.gql<{ updateContact: unknown }>(UPDATE_CONTACT, { phone: " +1 (555) 010-2030 ", address: " 9 Orchard Row " }, user.token);
    expect(result.data!.updateContact).toEqual({
      message: "Your contact details have been updated.",
      user: { phone: "+1 (555) 010-2030", address: "9 Orchard Row" },
    });
  });

  it("the phone is 7 to 20 characters of digits, spaces, +, -, ( and ), with at least 7 digits", async () => {
    const viewer = await viewerOf((await t.signUp()).token);
    const phoneErrors = async (phone: unknown) => (await refusal(t.shop.accounts.updateContact(viewer, oldClientInput(contactPayload, { phone, address: "1 Lane" })))).fields?.phone;
    expect(await phoneErrors("555123")).toEqual(["The phone number must be between 7 and 20 characters.", "The phone number must contain at least 7 digits."]);
    expect(await phoneErrors("1".repeat(21))).toEqual(["The phone number must be between 7 and 20 characters."]);
    expect(await phoneErrors("555-CALL-NOW")).toEqual(["The phone number may only contain digits, spaces, +, -, ( and )."]);
    expect(await phoneErrors("+1 (55) 5-")).toEqual(["The phone number must contain at least 7 digits."]);
    expect(await phoneErrors(5551234567)).toEqual(["The phone number must be text."]);
    expect(await phoneErrors("")).toEqual(["The phone number field is required."]);
    for (const phone of ["5551234", "+44 20 7946 0958", "(555) 123-4567", "1".repeat(20)]) {
      await expect(t.shop.accounts.updateContact(viewer, oldClientInput(contactPayload, { phone, address: "1 Lane" }))).resolves.toMatchObject({ phone });
    }
  });

  it("the address is required and at most 500 characters", async () => {
    const viewer = await viewerOf((await t.signUp()).token);
    const addressErrors = async (address: unknown) => (await refusal(t.shop.accounts.updateContact(viewer, oldClientInput(contactPayload, { phone: "5551234", address })))).fields;
    expect(await addressErrors(undefined)).toEqual({ address: ["The address field is required."] });
    expect(await addressErrors("  ")).toEqual({ address: ["The address field is required."] });
    expect(await addressErrors({ street: "x" })).toEqual({ address: ["The address must be text."] });
    expect(await addressErrors("a".repeat(501))).toEqual({ address: ["The address may not be greater than 500 characters."] });
    await expect(t.shop.accounts.updateContact(viewer, oldClientInput(contactPayload, { phone: "5551234", address: "a".repeat(500) }))).resolves.toBeDefined();
    expect((await refusal(t.shop.accounts.updateContact(viewer, oldClientInput(contactPayload, null)))).fields).toEqual({
      phone: ["The phone number field is required."],
      address: ["The address field is required."],
    });
  });
});

describe("update password", () => {
  it("with the right old password the password changes: the new one signs in, the old one no longer does", async () => {
    const user = await t.signUp({ password: "old-password-1" });
    const result = await t.gql<{ updatePassword: { message: string } }>(
      UPDATE_PASSWORD,
      { old: "old-password-1", password: "new-password-2", confirmation: "new-password-2" },
      user.token,
    );
    expect(result.data!.updatePassword.message).toBe("Your password has been updated.");
    expect(failure(await t.gql(LOGIN, { email: user.email, password: "old-password-1" })).code).toBe("UNAUTHENTICATED");
    expect((await t.gql(LOGIN, { email: user.email, password: "new-password-2" })).errors).toBeUndefined();
  });

  it("changing the password ends the user's other sessions; the session that changed it stays signed in", async () => {
    const user = await t.signUp({ password: "old-password-1" });
    const thief = (await t.shop.tokens.issue({ id: user.id })).token;
    const laptop = (await t.shop.tokens.issue({ id: user.id })).token;
    const someoneElse = await t.signUp();
    const result = await t.gql(UPDATE_PASSWORD, { old: "old-password-1", password: "new-password-2", confirmation: "new-password-2" }, user.token);
    expect(result.errors).toBeUndefined();
    expect(await t.shop.tokens.verify(thief)).toBeNull();
    expect(await t.shop.tokens.verify(laptop)).toBeNull();
    expect(failure(await t.gql(UPDATE_CONTACT, { phone: "555 0100 200", address: "Elsewhere" }, thief)).code).toBe("UNAUTHENTICATED");
    expect(await t.shop.tokens.verify(user.token)).toMatchObject({ userId: user.id });
    expect(await t.shop.tokens.verify(someoneElse.token)).toMatchObject({ userId: someoneElse.id });
  });

  it("a refused password change ends no session", async () => {
    const user = await t.signUp({ password: "old-password-1" });
    const other = (await t.shop.tokens.issue({ id: user.id })).token;
    await t.gql(UPDATE_PASSWORD, { old: "wrong-password-1", password: "new-password-2", confirmation: "new-password-2" }, user.token);
    expect(await t.shop.tokens.verify(other)).not.toBeNull();
  });

  it("the old password must be correct", async () => {
    const user = await t.signUp({ password: "old-password-1" });
    const error = failure(await t.gql(UPDATE_PASSWORD, { old: "guess-1234", password: "new-password-2", confirmation: "new-password-2" }, user.token));
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", message: "The old password is incorrect.", fields: { old_password: ["The old password is incorrect."] } });
  });

  it("the new password follows the registration rules and must differ from the old one", async () => {
    const user = await t.signUp({ password: "old-password-1" });
    const viewer = await viewerOf(user.token);
    const errors = async (input: unknown) => (await refusal(t.shop.accounts.updatePassword(viewer, oldClientInput(passwordChangePayload, input)))).fields;
    expect(await errors({ old_password: "old-password-1", password: "old-password-1", password_confirmation: "old-password-1" })).toEqual({
      password: ["The new password must be different from the old password."],
    });
    expect(await errors({ old_password: "old-password-1", password: "short", password_confirmation: "short" })).toEqual({
      password: ["The password must be at least 8 characters.", "The password must contain at least one letter and one number."],
    });
    expect(await errors({ old_password: "old-password-1", password: "new-password-2", password_confirmation: "new-password-3" })).toEqual({
      password_confirmation: ["The password confirmation does not match."],
    });
    expect(await errors({})).toEqual({
      old_password: ["The old password field is required."],
      password: ["The password field is required."],
      password_confirmation: ["The password confirmation field is required."],
    });
    expect(await errors({ old_password: 1, password: 2, password_confirmation: 3 })).toEqual({
      old_password: ["The old password must be text."],
      password: ["The password must be text."],
    });
    // Nothing changed along the way.
    await expect(t.shop.accounts.login(oldClientInput(signInPayload, { email: user.email, password: "old-password-1" }))).resolves.toBeDefined();
  });
});

describe("admin: users", () => {
  it("lists users newest first, searching name or email as a case-insensitive substring", async () => {
    const admin = await t.signUp({ role: "admin" });
    const tag = `zq${Date.now()}`;
    const base = Date.now() - 10_000;
    const oldest = await t.shop.accounts.createUser({ name: `Oak ${tag}`, email: `oak@${tag}.com`, password: "pw-12345678", createdAt: new Date(base) });
    const middle = await t.shop.accounts.createUser({ name: "Birch", email: `BIRCH.${tag}@example.com`, password: "pw-12345678", createdAt: new Date(base + 1000) });
    const newest = await t.shop.accounts.createUser({ name: `Maple ${tag.toUpperCase()}`, email: "maple@example.org", password: "pw-12345678", createdAt: new Date(base + 2000) });

    type Users = { users: { nodes: { id: number; name: string; email: string; role: string }[]; totalCount: number } };
    const byTag = await t.gql<Users>(USERS, { search: ` ${tag.toUpperCase()} ` }, admin.token);
    expect(byTag.data!.users.nodes.map((user) => user.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(byTag.data!.users.totalCount).toBe(3);
    const byEmail = await t.gql<Users>(USERS, { search: "maple@EXAMPLE" }, admin.token);
    expect(byEmail.data!.users.nodes.map((user) => user.id)).toEqual([newest.id]);
    const byName = await t.gql<Users>(USERS, { search: "birch" }, admin.token);
    expect(byName.data!.users.nodes.map((user) => user.id)).toEqual([middle.id]);
    expect((await t.gql<Users>(USERS, { search: "no-such-person-anywhere" }, admin.token)).data!.users.nodes).toEqual([]);
    // The REST shim's whole list searches by the same rule.
    expect((await t.shop.accounts.listUsers(await viewerOf(admin.token), tag)).map((user) => user.id)).toEqual([newest.id, middle.id, oldest.id]);

    const all = (await t.gql<Users>(USERS, {}, admin.token)).data!.users.nodes;
    expect(all.length).toBe(await t.shop.prisma.user.count());
    const times = await t.shop.prisma.user.findMany({ select: { id: true, createdAt: true } });
    const createdAt = new Map(times.map((row) => [row.id, row.createdAt.getTime()]));
    for (let i = 1; i < all.length; i++) expect(createdAt.get(all[i - 1].id)!).toBeGreaterThanOrEqual(createdAt.get(all[i].id)!);
    expect(all.find((user) => user.id === admin.id)!.role).toBe("ADMIN");
  });

  it("a blank search lists everyone; a search that is not text is a field error", async () => {
    const admin = await viewerOf((await t.signUp({ role: "admin" })).token);
    expect((await t.shop.accounts.listUsers(admin, "   ")).length).toBe(await t.shop.prisma.user.count());
    expect((await refusal(t.shop.accounts.listUsers(admin, 42))).fields).toEqual({ search: ["The search must be text."] });
    expect((await refusal(t.shop.accounts.listUsers(admin, "s".repeat(256)))).fields).toEqual({
      search: ["The search may not be greater than 255 characters."],
    });
  });

  it("shows one user; an unknown id is 'User not found.'", async () => {
    const admin = await t.signUp({ role: "admin" });
    const user = await t.signUp({ name: "Willow" });
    const result = await t.gql<{ user: { name: string; role: string } }>(USER, { id: user.id }, admin.token);
    expect(result.data!.user).toMatchObject({ id: user.id, name: "Willow", email: user.email, role: "USER" });
    expect(failure(await t.gql(USER, { id: 987654 }, admin.token))).toMatchObject({ code: "NOT_FOUND", message: "User not found." });
    expect(failure(await t.gql(USER, { id: -1 }, admin.token))).toMatchObject({ code: "NOT_FOUND", message: "User not found." });
    const viewer = await viewerOf(admin.token);
    for (const id of ["abc", 1.5, null, {}, "99999999999"]) {
      expect(await refusal(t.shop.accounts.getUser(viewer, id))).toMatchObject({ code: "NOT_FOUND", message: "User not found." });
    }
    await expect(t.shop.accounts.getUser(viewer, String(user.id))).resolves.toMatchObject({ id: user.id });
  });
});

describe("admin: user roles", () => {
  it("an admin makes a user an admin and back", async () => {
    const admin = await t.signUp({ role: "admin" });
    const user = await t.signUp();
    const promoted = await t.gql<{ setUserRole: unknown }>(SET_ROLE, { id: user.id, role: "ADMIN" }, admin.token);
    expect(promoted.data!.setUserRole).toEqual({ message: "User role updated.", user: { id: user.id, role: "ADMIN" } });
    const signedIn = await t.gql<{ login: { accessToken: string } }>(LOGIN, { email: user.email, password: user.password });
    expect((await t.gql(USERS, {}, signedIn.data!.login.accessToken)).errors).toBeUndefined();
    const demoted = await t.gql<{ setUserRole: unknown }>(SET_ROLE, { id: user.id, role: "USER" }, admin.token);
    expect(demoted.data!.setUserRole).toEqual({ message: "User role updated.", user: { id: user.id, role: "USER" } });
  });

  it("a role change ends that user's sessions: a demoted admin's token stops working at once, and they sign in again as a user", async () => {
    const admin = await t.signUp({ role: "admin" });
    const other = await t.signUp({ role: "admin" });
    const otherDevice = (await t.shop.tokens.issue({ id: other.id })).token;
    expect((await t.gql(USERS, {}, other.token)).errors).toBeUndefined();
    await t.gql(SET_ROLE, { id: other.id, role: "USER" }, admin.token);
    expect(failure(await t.gql(USERS, {}, other.token)).code).toBe("UNAUTHENTICATED");
    expect(failure(await t.gql(SET_ROLE, { id: admin.id, role: "USER" }, otherDevice)).code).toBe("UNAUTHENTICATED");
    expect(await t.shop.tokens.verify(admin.token)).toMatchObject({ role: "admin" });
    const again = await t.gql<{ login: { accessToken: string } }>(LOGIN, { email: other.email, password: other.password });
    expect(failure(await t.gql(USERS, {}, again.data!.login.accessToken)).code).toBe("FORBIDDEN");
  });

  it("setting the role a user already has changes nothing and ends no session", async () => {
    const admin = await t.signUp({ role: "admin" });
    const user = await t.signUp();
    expect((await t.gql(SET_ROLE, { id: user.id, role: "USER" }, admin.token)).errors).toBeUndefined();
    expect(await t.shop.tokens.verify(user.token)).toMatchObject({ userId: user.id, role: "user" });
  });

  it("the role must be user or admin: 'The selected role is invalid.'", async () => {
    const admin = await viewerOf((await t.signUp({ role: "admin" })).token);
    const user = await t.signUp();
    for (const role of ["superuser", "ADMIN", "", null, undefined, 1, ["admin"]]) {
      expect(await refusal(t.shop.accounts.setRole(admin, user.id, role as never))).toMatchObject({
        code: "BAD_USER_INPUT",
        fields: { role: ["The selected role is invalid."] },
      });
    }
    expect(failure(await t.gql(SET_ROLE.replace("$role: Role!", "$role: String!"), { id: user.id, role: "owner" }, (await t.signUp({ role: "admin" })).token)).message).toMatch(
      /Role/,
    );
  });

  it("an admin may not remove their own admin role, so the shop can never lock itself out", async () => {
    const admin = await t.signUp({ role: "admin" });
    expect(failure(await t.gql(SET_ROLE, { id: admin.id, role: "USER" }, admin.token))).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot remove your own admin role.",
    });
    expect((await t.shop.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("admin");
    // Setting one's own role to admin again changes nothing and is allowed.
    expect((await t.gql(SET_ROLE, { id: admin.id, role: "ADMIN" }, admin.token)).errors).toBeUndefined();
  });

  it("two admins demoting each other at the same moment leave one admin standing", async () => {
    // Several pairs at once, so the two demotions of a pair really overlap.
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const [first, second] = [await t.signUp({ role: "admin" }), await t.signUp({ role: "admin" })];
        return { first, second, firstViewer: await viewerOf(first.token), secondViewer: await viewerOf(second.token) };
      }),
    );
    const outcomes = await Promise.all(
      pairs.flatMap(({ first, second, firstViewer, secondViewer }) => [
        t.shop.accounts.setRole(firstViewer, second.id, "user").then(() => "ok", (error: ShopError) => error.code),
        t.shop.accounts.setRole(secondViewer, first.id, "user").then(() => "ok", (error: ShopError) => error.code),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      expect([outcomes[2 * i], outcomes[2 * i + 1]].sort()).toEqual(["FORBIDDEN", "ok"]);
      const ids = [pairs[i].first.id, pairs[i].second.id];
      const admins = await t.shop.prisma.user.count({ where: { id: { in: ids }, role: "admin" } });
      expect(admins).toBe(1);
    }
  });

  it("an unknown user is 'User not found.'", async () => {
    const admin = await t.signUp({ role: "admin" });
    expect(failure(await t.gql(SET_ROLE, { id: 987654, role: "ADMIN" }, admin.token))).toMatchObject({ code: "NOT_FOUND", message: "User not found." });
    expect(await refusal(t.shop.accounts.setRole(await viewerOf(admin.token), "x", "admin"))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("permissions: guest, user, admin", () => {
  type Who = "guest" | "user" | "admin";
  type Expect = "ok" | "UNAUTHENTICATED" | "FORBIDDEN";
  const operations: { name: string; query: string; variables: (self: { id: number; email: string; password: string }) => Record<string, unknown>; guest: Expect; user: Expect; admin: Expect }[] = [
    { name: "me", query: ME, variables: () => ({}), guest: "ok", user: "ok", admin: "ok" },
    { name: "register", query: REGISTER, variables: () => ({ input: { name: "N", email: freshEmail(), password: "abcdefg1", passwordConfirmation: "abcdefg1" } }), guest: "ok", user: "ok", admin: "ok" },
    { name: "login", query: LOGIN, variables: (self) => ({ email: self.email, password: self.password }), guest: "ok", user: "ok", admin: "ok" },
    { name: "updateAccount", query: UPDATE_ACCOUNT, variables: (self) => ({ name: "Renamed", email: self.email }), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
    { name: "updateContact", query: UPDATE_CONTACT, variables: () => ({ phone: "555 0100 22", address: "3 Hedge Way" }), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
    { name: "updatePassword", query: UPDATE_PASSWORD, variables: (self) => ({ old: self.password, password: "brand-new-9", confirmation: "brand-new-9" }), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
    { name: "users", query: USERS, variables: () => ({}), guest: "UNAUTHENTICATED", user: "FORBIDDEN", admin: "ok" },
    { name: "user", query: USER, variables: (self) => ({ id: self.id }), guest: "UNAUTHENTICATED", user: "FORBIDDEN", admin: "ok" },
    { name: "setUserRole", query: SET_ROLE, variables: (self) => ({ id: self.id, role: "ADMIN" }), guest: "UNAUTHENTICATED", user: "FORBIDDEN", admin: "ok" },
    { name: "logout", query: LOGOUT, variables: () => ({}), guest: "UNAUTHENTICATED", user: "ok", admin: "ok" },
  ];

  for (const operation of operations) {
    for (const who of ["guest", "user", "admin"] as Who[]) {
      it(`${operation.name} as ${who}: ${operation[who]}`, async () => {
        const self = await t.signUp({ role: who === "admin" ? "admin" : "user" });
        const result = await t.gql(operation.query, operation.variables(self), who === "guest" ? undefined : self.token);
        if (operation[who] === "ok") expect(result.errors).toBeUndefined();
        else expect(failure(result).code).toBe(operation[who]);
      });
    }
  }

  it("domain calls without a viewer are UNAUTHENTICATED, and admin calls by a user FORBIDDEN", async () => {
    const user = await viewerOf((await t.signUp()).token);
    for (const call of [
      t.shop.accounts.logout(null),
      t.shop.accounts.me(null),
      t.shop.accounts.updateAccount(null, oldClientInput(accountPayload, {})),
      t.shop.accounts.updateContact(null, oldClientInput(contactPayload, {})),
      t.shop.accounts.updatePassword(null, oldClientInput(passwordChangePayload, {})),
      t.shop.accounts.listUsers(null),
      t.shop.accounts.getUser(null, 1),
      t.shop.accounts.setRole(null, 1, "admin"),
    ]) {
      expect((await refusal(call)).code).toBe("UNAUTHENTICATED");
    }
    for (const call of [t.shop.accounts.listUsers(user), t.shop.accounts.getUser(user, user.userId), t.shop.accounts.setRole(user, user.userId, "admin")]) {
      expect((await refusal(call)).code).toBe("FORBIDDEN");
    }
  });
});
