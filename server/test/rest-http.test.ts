// The REST shim as HTTP: its OpenAPI document, bodies it refuses, unknown calls, CORS, and a check
// derived from the document that the domain requires every field the document calls required.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { routes } from "../src/rest/routes.js";
import { API, componentPointer, documentValidator, makeCategory, makeProduct, openRestApi, type RestApi } from "./rest-support.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: RestApi;
let admin: Awaited<ReturnType<TestShop["signUp"]>>;
let user: Awaited<ReturnType<TestShop["signUp"]>>;

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  admin = await t.signUp({ role: "admin" });
  user = await t.signUp();
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const raw = (path: string, init: RequestInit) => fetch(`${api.url}${API}${path}`, init);

describe("the OpenAPI document at /public/api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document by the official 3.1 schema (which does refuse a broken one)", async () => {
    expect(api.document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(api.document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");

    const broken = structuredClone(api.document) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    broken.paths["/login"].post.responses = { ok: "yes" };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("every operation it documents is served, and nothing else: other paths are 404, other methods 405", async () => {
    const sample: Record<string, string> = { id: "999999", slug: "no-such-product", order_number: "ORD-000000-XXXXXX", userId: "999999" };
    for (const [path, item] of Object.entries(api.document.paths)) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name]);
      for (const method of Object.keys(item)) {
        const answer = await raw(url, { method: method.toUpperCase() });
        const body = (await answer.json()) as { message?: string };
        expect(answer.status, `${method.toUpperCase()} ${path}`).not.toBe(405);
        expect(body.message, `${method.toUpperCase()} ${path}`).not.toBe("There is no such API call.");
      }
      const undocumented = ["get", "post", "delete"].find((method) => !(method in item))!;
      const refused = await raw(url, { method: undocumented.toUpperCase() });
      expect(refused.status, `${undocumented.toUpperCase()} ${path}`).toBe(405);
      expect(refused.headers.get("allow")?.split(", ").sort()).toEqual(Object.keys(item).map((method) => method.toUpperCase()).sort());
    }
    const unknown = await raw("/no-such-call", { method: "GET" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: "There is no such API call." });
  });

  it("the domain refuses exactly whom the document says it refuses: no token 401, a user on admin calls 403", async () => {
    for (const route of routes) {
      if (route.access === "guest") continue;
      const path = route.path.replace(/\{\w+\}/g, "1");
      const asGuest = await raw(path, { method: route.method.toUpperCase() });
      expect(asGuest.status, `${route.name} as a guest`).toBe(401);
      if (route.access !== "admin") continue;
      const asUser = await raw(path, { method: route.method.toUpperCase(), headers: { authorization: `Bearer ${user.token}` } });
      expect(asUser.status, `${route.name} as a user`).toBe(403);
    }
  });

  it("names every call of the older client with its method and path", () => {
    const section7 = [
      "POST /register", "POST /login", "POST /logout", "POST /me", "GET /products", "GET /categories", "GET /products/{slug}",
      "GET /products/{id}/rating", "POST /products/{id}/rate", "GET /favourites/check/{id}", "POST /favourites/toggle/{id}",
      "GET /favourites", "POST /check-cart", "POST /update-account", "POST /update-contact", "POST /update-password",
      "GET /get-analytics", "GET /get-top-products", "POST /product-store", "POST /product-update/{id}",
      "DELETE /product-destroy/{id}", "POST /category-store", "GET /categories/{id}", "POST /category-update/{id}",
      "DELETE /category-destroy/{id}", "GET /regions", "GET /region/{id}", "POST /region-store", "POST /region-update/{id}",
      "DELETE /region-destroy/{id}", "POST /order-store", "GET /orders", "GET /order/{order_number}",
      "POST /order-status-update/{id}", "GET /user-order/{userId}", "GET /all-users", "GET /user/{id}", "POST /user-role/{id}",
    ];
    for (const call of section7) {
      const [method, path] = call.split(" ");
      expect(api.document.paths[path]?.[method.toLowerCase()], call).toBeDefined();
    }
  });

  it("every $ref in the document resolves and every operation has an id and documented answers", () => {
    const text = JSON.stringify(api.document);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) expect(api.document.components.schemas[name], name).toBeDefined();
    for (const item of Object.values(api.document.paths)) {
      for (const operation of Object.values(item)) {
        expect(operation.operationId).toBeTruthy();
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      }
    }
  });

  it("operations that need a user document 401, admin operations 403 too, and guests' ones need no token", () => {
    for (const route of routes) {
      const operation = api.document.paths[route.path][route.method];
      if (route.access !== "guest") expect(operation.responses["401"], route.name).toBeDefined();
      if (route.access === "admin") expect(operation.responses["403"], route.name).toBeDefined();
      expect(operation.security, route.name).toEqual(route.access === "guest" ? [] : [{ bearerAuth: [] }]);
    }
  });

  it("the validator used by every REST test does reject an answer that does not fit", () => {
    const validate = documentValidator(api.document);
    expect(validate(componentPointer("Region"), { id: 1, name: "North", fee: 5 })).toEqual([]);
    expect(validate(componentPointer("Region"), { id: 1, name: "North", fee: "5" })).not.toEqual([]);
    expect(validate(componentPointer("Region"), { id: 1, name: "North" })).not.toEqual([]);
    expect(validate(componentPointer("Region"), { id: 1, name: "North", fee: 5, extra: 1 })).not.toEqual([]);
    expect(validate(componentPointer("ValidationErrors"), { email: ["Taken."] })).toEqual([]);
    expect(validate(componentPointer("ValidationErrors"), { email: { nested: true } })).not.toEqual([]);
    expect(validate(componentPointer("Order"), { id: 1 })).not.toEqual([]);
  });
});

describe("the domain requires what the document says is required", () => {
  // For every JSON or multipart operation: an empty body must come back 422 naming each required field.
  it("an empty body answers 422 naming every required field of the documented payload", async () => {
    const category = await makeCategory(t, "Required Fields");
    const product = await makeProduct(t, { name: "Required Fern", categoryId: category.id });
    const region = await t.shop.prisma.region.create({ data: { name: "Required Region", feeCents: 500 } });
    const someone = await t.signUp();
    const order = await t.shop.orders.placeOrder(
      { userId: someone.id, role: "user", tokenId: "x", tokenExpiresAt: new Date(Date.now() + 60_000) },
      { lines: [{ productId: product.id, quantity: 1 }], region: region.id, reference: "REQUIREDFIELDS01" },
    );
    const ids: Record<string, string> = {
      "/product-update/{id}": String(product.id),
      "/category-update/{id}": String(category.id),
      "/region-update/{id}": String(region.id),
      "/user-role/{id}": String(someone.id),
      "/order-status-update/{id}": String(order.id),
      "/products/{id}/rate": String(product.id),
    };
    let checked = 0;
    for (const route of routes) {
      if (route.body.kind === "none") continue;
      const content = (api.document.paths[route.path][route.method].requestBody as { content: Record<string, { schema: { required?: string[] } }> }).content;
      const required = Object.values(content)[0].schema.required ?? [];
      if (required.length === 0) continue;
      const path = route.path.replace(/\{\w+\}/, () => ids[route.path]);
      // A fresh user for the account forms, so a password change cannot lock out the shared tokens.
      const token = route.access === "admin" ? admin.token : (await t.signUp()).token;
      const answer =
        route.body.kind === "multipart"
          ? await api.call(route.method.toUpperCase() as "POST", path, { token, form: new FormData() })
          : await api.call(route.method.toUpperCase() as "POST", path, { token, json: {} });
      expect(answer.status, `${route.name}: ${JSON.stringify(answer.body)}`).toBe(422);
      for (const field of required) expect(Object.keys(answer.body), `${route.name} should name ${field}`).toContain(field);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});

describe("bodies the shim refuses with a 4xx and a message, never a 500", () => {
  it("malformed JSON answers 400 with a message", async () => {
    const answer = await api.post("/login", { raw: { body: "{ not json", type: "application/json" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "The request body is not valid JSON.", message: "The request body is not valid JSON." });
  });

  it("a JSON array, string or null body answers 400: the body must be a JSON object", async () => {
    for (const body of ["[1,2]", '"text"', "null", "42"]) {
      const answer = await api.post("/register", { raw: { body, type: "application/json" } });
      expect(answer.status, body).toBe(400);
      expect(answer.body.message).toMatch(/JSON/);
    }
  });

  it("a body over 1 MB answers 413 and writes nothing", async () => {
    const before = await t.shop.prisma.category.count();
    const answer = await api.post("/category-store", { token: admin.token, json: { name: "x".repeat(1_100_000) } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/too large/);
    expect(await t.shop.prisma.category.count()).toBe(before);
  });

  it("a body in a media type the call does not read answers 415", async () => {
    const answer = await api.post("/login", { raw: { body: "email=a", type: "text/plain" } });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toMatch(/JSON/);
    const xml = await api.post("/region-store", { token: admin.token, raw: { body: "<region/>", type: "application/xml" } });
    expect(xml.status).toBe(415);
  });

  it("a form-encoded body is read like JSON, as Laravel did", async () => {
    const answer = await api.post("/region-store", { token: admin.token, raw: { body: "name=Form%20Valley&fee=7.25", type: "application/x-www-form-urlencoded" } });
    expect(answer.status).toBe(201);
    expect(answer.body.region).toMatchObject({ name: "Form Valley", fee: 7.25 });
  });

  it("wrong types in a JSON body answer 422 on each field, not 500", async () => {
    const answer = await api.post("/register", { json: { name: 42, email: ["a"], password: { x: 1 }, password_confirmation: true } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body)).toEqual(expect.arrayContaining(["email", "name", "password"]));
  });

  it("a product form sent as JSON answers 415 and a text/plain multipart boundary-less body answers 4xx", async () => {
    const json = await api.post("/product-store", { token: admin.token, json: { name: "Fern" } });
    expect(json.status).toBe(415);
    const broken = await api.post("/product-store", { token: admin.token, raw: { body: "garbage", type: "multipart/form-data" } });
    expect(broken.status).toBe(400);
  });

  it("a truncated multipart body answers 400", async () => {
    const body = '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nFern\r\n--XYZ\r\nContent-Disposition: form-data; name="description"\r\n\r\nhalf';
    const answer = await api.post("/product-store", { token: admin.token, raw: { body, type: "multipart/form-data; boundary=XYZ" } });
    expect(answer.status).toBe(400);
  });
});

describe("unknown calls", () => {
  it("an unknown path under /public/api answers 404 JSON", async () => {
    const answer = await api.get("/no-such-call");
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBeTruthy();
  });

  it("a known path with the wrong method answers 405 with Allow", async () => {
    const answer = await api.get("/login");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    const destroy = await api.post("/product-destroy/1");
    expect(destroy.status).toBe(405);
    expect(destroy.headers.get("allow")).toBe("DELETE");
  });
});

describe("CORS for configured origins", () => {
  it("a configured origin may call the API and its preflight is answered", async () => {
    const preflight = await raw("/login", {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/i);
    const get = await raw("/categories", { headers: { origin: "http://localhost:5173" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  it("another origin gets no CORS headers", async () => {
    const get = await raw("/categories", { headers: { origin: "https://evil.example" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("tokens", () => {
  it("no, malformed, forged, expired and revoked tokens are all 401 with { error, message }", async () => {
    const jwt = await import("jsonwebtoken");
    const forged = jwt.default.sign({ sub: String(user.id), jti: "forged" }, "another-secret-another-secret-another-secret", { expiresIn: 3600 });
    const { TEST_JWT_SECRET } = await import("./support.js");
    const expired = jwt.default.sign({ sub: String(user.id), jti: "expired", exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET);
    const revoked = await t.signUp();
    expect((await api.post("/logout", { token: revoked.token })).status).toBe(200);
    for (const [label, headers] of [
      ["none", {}],
      ["malformed", { authorization: "Bearer not.a.token" }],
      ["not bearer", { authorization: `Basic ${user.token}` }],
      ["forged", { authorization: `Bearer ${forged}` }],
      ["expired", { authorization: `Bearer ${expired}` }],
      ["revoked", { authorization: `Bearer ${revoked.token}` }],
    ] as const) {
      const answer = await api.post("/me", { headers });
      expect(answer.status, label).toBe(401);
      expect(answer.body.error, label).toBe(answer.body.message);
    }
    expect((await api.post("/me", { token: user.token })).status).toBe(200);
  });
});
