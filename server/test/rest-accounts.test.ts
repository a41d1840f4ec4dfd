// REST shim: accounts, the admin's users, ratings and the wish-list, every answer
// checked against the published OpenAPI document by rest-support.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeProduct, openRestApi, type RestApi } from "./rest-support.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: RestApi;
let admin: Awaited<ReturnType<TestShop["signUp"]>>;
let user: Awaited<ReturnType<TestShop["signUp"]>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  admin = await t.signUp({ role: "admin", name: "Ada Admin" });
  user = await t.signUp({ name: "Uma User" });
  categoryId = (await makeCategory(t, "Ferns")).id;
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const registration = (email: string) => ({ name: "Rosa Gardener", email, password: "green-thumb-42", password_confirmation: "green-thumb-42" });

describe("POST /register", () => {
  it("creates an account with the role user and answers its message", async () => {
    const answer = await api.post("/register", { json: registration("rosa@example.com") });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Registration successful. Please sign in.");
    expect(answer.body.user).toMatchObject({ name: "Rosa Gardener", email: "rosa@example.com", role: "user", address: null, phone: null });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|hash|argon/i);
  });

  it("422 is a map of field to a list of messages, as the old client reads it", async () => {
    const answer = await api.post("/register", { json: registration("ROSA@example.com") });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ email: ["The email has already been taken."] });
  });

  it("422 lists every field that fails, each with its messages", async () => {
    const answer = await api.post("/register", { json: { name: "", email: "not-an-email", password: "short", password_confirmation: "other" } });
    expect(answer.status).toBe(422);
    expect(answer.body.name).toEqual(["The name field is required."]);
    expect(answer.body.email).toEqual(["The email must be a valid email address."]);
    expect(answer.body.password.length).toBeGreaterThanOrEqual(2);
    expect(answer.body.password_confirmation).toEqual(["The password confirmation does not match."]);
    for (const messages of Object.values(answer.body)) expect(Array.isArray(messages)).toBe(true);
  });
});

describe("POST /login", () => {
  it("answers access_token, which then works as a Bearer token", async () => {
    await api.post("/register", { json: registration("lina@example.com") });
    const answer = await api.post("/login", { json: { email: "Lina@Example.com", password: "green-thumb-42" } });
    expect(answer.status).toBe(200);
    expect(answer.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await api.post("/me", { token: answer.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("lina@example.com");
  });

  it("a wrong password or an unknown email is 401 with { error: 'Invalid email or password.' }", async () => {
    for (const json of [{ email: "lina@example.com", password: "wrong-password-1" }, { email: "nobody@example.com", password: "green-thumb-42" }]) {
      const answer = await api.post("/login", { json });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe("Invalid email or password.");
    }
  });

  it("a payload of the wrong shape is 422 on the fields", async () => {
    const answer = await api.post("/login", { json: { email: 42 } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body).sort()).toEqual(["email", "password"]);
  });
});

describe("POST /logout and POST /me", () => {
  it("logout revokes the token: the same token is 401 afterwards, another session of the user still works", async () => {
    const first = (await api.post("/login", { json: { email: "lina@example.com", password: "green-thumb-42" } })).body.access_token;
    const second = (await api.post("/login", { json: { email: "lina@example.com", password: "green-thumb-42" } })).body.access_token;
    const out = await api.post("/logout", { token: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "Logout successful!" });
    expect((await api.post("/me", { token: first })).status).toBe(401);
    expect((await api.post("/logout", { token: first })).status).toBe(401);
    expect((await api.post("/me", { token: second })).status).toBe(200);
  });

  it("me answers the user object without any password field; a guest is 401", async () => {
    const me = await api.post("/me", { token: user.token });
    expect(Object.keys(me.body).sort()).toEqual(["address", "created_at", "email", "id", "name", "phone", "role"]);
    expect(new Date(me.body.created_at).toISOString()).toBe(me.body.created_at);
    expect((await api.post("/me")).status).toBe(401);
  });
});

describe("POST /update-account, /update-contact, /update-password", () => {
  it("update-account changes name and email and answers a message; 422 for a taken email; 401 for a guest", async () => {
    const someone = await t.signUp();
    const answer = await api.post("/update-account", {
      token: someone.token,
      json: { name: "New Name", email: "new.name@example.com", current_password: someone.password },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBeTruthy();
    expect(answer.body.user).toMatchObject({ name: "New Name", email: "new.name@example.com" });
    const taken = await api.post("/update-account", { token: someone.token, json: { name: "X", email: user.email, current_password: someone.password } });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ email: ["The email has already been taken."] });
    expect((await api.post("/update-account", { json: { name: "X", email: "x@example.com" } })).status).toBe(401);
  });

  it("update-account with a new email needs current_password: 422 on current_password when missing or wrong", async () => {
    const someone = await t.signUp({ password: "secret-garden-9" });
    const missing = await api.post("/update-account", { token: someone.token, json: { name: "N", email: "elsewhere@example.com" } });
    expect(missing).toMatchObject({ status: 422, body: { current_password: ["Enter your current password to change your email."] } });
    const wrong = await api.post("/update-account", {
      token: someone.token,
      json: { name: "N", email: "elsewhere@example.com", current_password: "secret-garden-8" },
    });
    expect(wrong).toMatchObject({ status: 422, body: { current_password: ["The current password is incorrect."] } });
    const nameOnly = await api.post("/update-account", { token: someone.token, json: { name: "Only The Name", email: someone.email } });
    expect(nameOnly.status).toBe(200);
  });

  it("update-password ends the user's other sessions (401 there); the session that changed it goes on", async () => {
    const someone = await t.signUp({ password: "old-password-1" });
    const elsewhere = (await t.shop.tokens.issue({ id: someone.id })).token;
    const changed = await api.post("/update-password", {
      token: someone.token,
      json: { old_password: "old-password-1", password: "new-password-2", password_confirmation: "new-password-2" },
    });
    expect(changed.status).toBe(200);
    expect((await api.post("/me", { token: elsewhere })).status).toBe(401);
    expect((await api.post("/me", { token: someone.token })).status).toBe(200);
  });

  it("update-contact stores phone and address; 422 for a bad phone; 401 for a guest", async () => {
    const someone = await t.signUp({ phone: null, address: null });
    const answer = await api.post("/update-contact", { token: someone.token, json: { phone: "+1 (555) 010-2030", address: "2 Fern Road" } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ phone: "+1 (555) 010-2030", address: "2 Fern Road" });
    const bad = await api.post("/update-contact", { token: someone.token, json: { phone: "call me", address: "" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body).sort()).toEqual(["address", "phone"]);
    expect((await api.post("/update-contact", { json: { phone: "5550100200", address: "x" } })).status).toBe(401);
  });

  it("update-password needs the old password; the new one then signs in", async () => {
    const someone = await t.signUp({ password: "old-password-1" });
    const wrong = await api.post("/update-password", {
      token: someone.token,
      json: { old_password: "not-it-123", password: "new-password-2", password_confirmation: "new-password-2" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ old_password: ["The old password is incorrect."] });
    const answer = await api.post("/update-password", {
      token: someone.token,
      json: { old_password: "old-password-1", password: "new-password-2", password_confirmation: "new-password-2" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBeTruthy();
    expect((await api.post("/login", { json: { email: someone.email, password: "new-password-2" } })).status).toBe(200);
    expect((await api.post("/update-password", { json: {} })).status).toBe(401);
  });
});

describe("admin: GET /all-users, GET /user/{id}, POST /user-role/{id}", () => {
  it("all-users: guest 401, user 403, admin gets every user newest first and can search", async () => {
    expect((await api.get("/all-users")).status).toBe(401);
    const forbidden = await api.get("/all-users", { token: user.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(forbidden.body.error);
    const all = await api.get("/all-users", { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(2);
    const searched = await api.get(`/all-users?search=${encodeURIComponent("UMA USER")}`, { token: admin.token });
    expect(searched.body.map((row: { id: number }) => row.id)).toEqual([user.id]);
  });

  it("user/{id}: admin gets the user; unknown or malformed id 404; user 403; guest 401", async () => {
    const answer = await api.get(`/user/${user.id}`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: user.id, name: "Uma User", role: "user" });
    for (const id of ["999999", "abc", "0", "-1"]) {
      const missing = await api.get(`/user/${id}`, { token: admin.token });
      expect(missing.status, id).toBe(404);
      expect(missing.body.error).toBe("User not found.");
    }
    expect((await api.get(`/user/${user.id}`, { token: user.token })).status).toBe(403);
    expect((await api.get(`/user/${user.id}`)).status).toBe(401);
  });

  it("user-role/{id}: admin changes a role; an invalid role is 422; an admin cannot remove their own admin role (403)", async () => {
    const someone = await t.signUp();
    const promoted = await api.post(`/user-role/${someone.id}`, { token: admin.token, json: { role: "admin" } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user.role).toBe("admin");
    expect(promoted.body.message).toBeTruthy();
    const invalid = await api.post(`/user-role/${someone.id}`, { token: admin.token, json: { role: "owner" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ role: ["The selected role is invalid."] });
    const self = await api.post(`/user-role/${admin.id}`, { token: admin.token, json: { role: "user" } });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe("You cannot remove your own admin role.");
    expect((await api.post(`/user-role/999999`, { token: admin.token, json: { role: "user" } })).status).toBe(404);
    expect((await api.post(`/user-role/${someone.id}`, { token: user.token, json: { role: "user" } })).status).toBe(403);
    expect((await api.post(`/user-role/${someone.id}`, { json: { role: "user" } })).status).toBe(401);
  });

  it("a demoted admin loses the admin calls at once: the role change ends their sessions (401), signed in again they are a user (403)", async () => {
    const other = await t.signUp({ role: "admin", password: "admin-pass-1" });
    expect((await api.get("/all-users", { token: other.token })).status).toBe(200);
    await api.post(`/user-role/${other.id}`, { token: admin.token, json: { role: "user" } });
    expect((await api.get("/all-users", { token: other.token })).status).toBe(401);
    const again = await api.post("/login", { json: { email: other.email, password: "admin-pass-1" } });
    expect((await api.get("/all-users", { token: again.body.access_token })).status).toBe(403);
  });
});

describe("ratings: GET /products/{id}/rating, POST /products/{id}/rate", () => {
  it("the user's own rating is 0 until they rate, then their rating; the product's sum and count follow", async () => {
    const product = await makeProduct(t, { name: "Rated Fern", categoryId });
    const rater = await t.signUp();
    const before = await api.get(`/products/${product.id}/rating`, { token: rater.token });
    expect(before).toMatchObject({ status: 200, body: 0 });
    const rated = await api.post(`/products/${product.id}/rate`, { token: rater.token, json: { rating_number: 4 } });
    expect(rated.status).toBe(200);
    expect(rated.body.message).toBe("Thank you for rating this product.");
    expect(rated.body.product).toMatchObject({ id: product.id, rating: 4, people_rated: 1 });
    expect((await api.get(`/products/${product.id}/rating`, { token: rater.token })).body).toBe(4);
  });

  it("a rating outside 1..5 or not a whole number is 422 on rating_number; a second rating is 409", async () => {
    const product = await makeProduct(t, { name: "Strict Fern", categoryId });
    const rater = await t.signUp();
    for (const rating_number of [0, 6, 2.5, "abc", null]) {
      const answer = await api.post(`/products/${product.id}/rate`, { token: rater.token, json: { rating_number } });
      expect(answer.status, String(rating_number)).toBe(422);
      expect(Object.keys(answer.body)).toEqual(["rating_number"]);
    }
    expect((await api.post(`/products/${product.id}/rate`, { token: rater.token, json: { rating_number: "5" } })).status).toBe(200);
    const again = await api.post(`/products/${product.id}/rate`, { token: rater.token, json: { rating_number: 3 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already rated this product.");
  });

  it("an unknown product is 404 and a guest is 401", async () => {
    expect((await api.get(`/products/999999/rating`, { token: user.token })).status).toBe(404);
    expect((await api.post(`/products/999999/rate`, { token: user.token, json: { rating_number: 3 } })).status).toBe(404);
    expect((await api.get(`/products/1/rating`)).status).toBe(401);
    expect((await api.post(`/products/1/rate`, { json: { rating_number: 3 } })).status).toBe(401);
  });
});

describe("wish-list: GET /favourites/check/{id}, POST /favourites/toggle/{id}, GET /favourites", () => {
  it("toggle adds then removes; check answers { isFavourite }; the list is most recently added first", async () => {
    const first = await makeProduct(t, { name: "Wish One", categoryId });
    const second = await makeProduct(t, { name: "Wish Two", categoryId });
    const shopper = await t.signUp();
    expect((await api.get(`/favourites/check/${first.id}`, { token: shopper.token })).body).toEqual({ isFavourite: false });
    const added = await api.post(`/favourites/toggle/${first.id}`, { token: shopper.token });
    expect(added.body).toEqual({ message: "Added to your wishlist.", isFavourite: true });
    await api.post(`/favourites/toggle/${second.id}`, { token: shopper.token });
    expect((await api.get(`/favourites/check/${first.id}`, { token: shopper.token })).body).toEqual({ isFavourite: true });
    const list = await api.get("/favourites", { token: shopper.token });
    expect(list.body.map((product: { id: number }) => product.id)).toEqual([second.id, first.id]);
    expect(list.body[0]).toMatchObject({ name: "Wish Two", category: "Ferns", price: 10, discount_price: null });
    const removed = await api.post(`/favourites/toggle/${first.id}`, { token: shopper.token });
    expect(removed.body).toEqual({ message: "Removed from your wishlist.", isFavourite: false });
  });

  it("an unknown product is 404; a guest is 401 on every wish-list call", async () => {
    expect((await api.get(`/favourites/check/999999`, { token: user.token })).status).toBe(404);
    expect((await api.post(`/favourites/toggle/999999`, { token: user.token })).status).toBe(404);
    expect((await api.get(`/favourites/check/1`)).status).toBe(401);
    expect((await api.post(`/favourites/toggle/1`)).status).toBe(401);
    expect((await api.get(`/favourites`)).status).toBe(401);
  });
});
