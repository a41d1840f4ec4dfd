// The audit trail for orders, accounts and integrations (domain/audit): an order's status changed by an admin
// (over GraphQL and REST) or by an API key, a refund, a role, an API key, a webhook endpoint, a customer's
// export and deletion of their own account: each entered in the change's transaction, naming who and from
// where; a change that fails or changes nothing leaves no entry; no entry holds a secret or a customer's data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/index.js";
import { openRestApi, type RestApi } from "./rest-support.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let api: RestApi;
let owner: { id: number; token: string; email: string };
let regionId: number;
let productId: number;

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  owner = await t.signUp({ role: "admin", email: "audit-orders-owner@example.com" });
  regionId = (await t.shop.prisma.region.create({ data: { name: "Audit Region", feeCents: 500 } })).id;
  const category = await t.shop.prisma.category.create({ data: { name: "Audit Orders Ferns" } });
  productId = (await t.shop.prisma.product.create({ data: { slug: "audit-orders-fern", name: "Audit Fern", description: "Green.", categoryId: category.id, priceCents: 2_000, quantity: 1_000, imageOne: "/uploads/a.png" } })).id;
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const entries = () => t.shop.prisma.activityEntry.findMany({ orderBy: { id: "asc" } });
/** An entry as text, every column of it (ids are big integers). */
const asText = (entry: object) => JSON.stringify(entry, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
/** The entries written while `work` ran. */
async function enteredBy(work: () => Promise<unknown>) {
  const before = (await entries()).length;
  await work();
  return (await entries()).slice(before);
}

/** GraphQL over real HTTP, so the request's client address reaches the entry. */
async function overHttp<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<{ data?: T; errors?: { message: string }[] }> {
  const answer = await fetch(`${api.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  return (await answer.json()) as { data?: T; errors?: { message: string }[] };
}

async function placeOrder(quantity = 1) {
  const shopper = await t.signUp();
  const order = await t.shop.orders.placeOrder(await t.shop.tokens.verify(shopper.token), { lines: [{ productId, quantity }], region: regionId, reference: newReference() });
  return { shopper, order };
}

const SET_STATUS = "mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { message } }";

describe("an order's status", () => {
  it("an admin's change over GraphQL is entered: kind, who, the order, the status before and after, from where; choosing it again adds nothing", async () => {
    const { order } = await placeOrder();
    const added = await enteredBy(async () => expect((await overHttp(SET_STATUS, { id: order.id, status: "IN_TRANSIT" }, owner.token)).errors).toBeUndefined());
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorKind: "staff",
      actorId: owner.id,
      actorName: owner.email,
      kind: "order.status-changed",
      subjectType: "order",
      subjectId: String(order.id),
      subjectLabel: order.orderNumber,
      changes: { status: { before: "pending", after: "in-transit" } },
    });
    expect(added[0].ip).toMatch(/127\.0\.0\.1/);
    expect(await enteredBy(() => overHttp(SET_STATUS, { id: order.id, status: "IN_TRANSIT" }, owner.token))).toEqual([]);
  });

  it("the same change through the REST shim is entered too", async () => {
    const { order } = await placeOrder();
    const added = await enteredBy(async () => expect((await api.post(`/order-status-update/${order.id}`, { token: owner.token, json: { status: "delivered" } })).status).toBe(200));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actorKind: "staff", actorName: owner.email, kind: "order.status-changed", subjectLabel: order.orderNumber, changes: { status: { before: "pending", after: "delivered" } } });
    expect(added[0].ip).toMatch(/127\.0\.0\.1/);
  });

  it("an API key holding orders:write is named by the key's name, as an API key", async () => {
    const made = await t.shop.apiKeys.create(await t.shop.tokens.verify(owner.token), { name: "Audit Fulfilment", scopes: ["orders:write"] });
    const { order } = await placeOrder();
    const added = await enteredBy(async () => expect((await t.gql(SET_STATUS, { id: order.id, status: "IN_TRANSIT" }, made.secret)).errors).toBeUndefined());
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actorKind: "api-key", actorName: "Audit Fulfilment", apiKeyId: made.key.id, actorId: null, kind: "order.status-changed", changes: { status: { before: "pending", after: "in-transit" } } });
  });

  it("an admin's cancellation is entered with the refund of what was paid; the shopper's own cancellation and a refused move are not", async () => {
    const { order } = await placeOrder(2);
    const cancelled = await enteredBy(async () => expect((await t.gql(SET_STATUS, { id: order.id, status: "CANCELLED" }, owner.token)).errors).toBeUndefined());
    expect(cancelled.map((entry) => entry.kind)).toEqual(["order.status-changed", "order.refunded"]);
    expect(cancelled[1]).toMatchObject({ actorName: owner.email, subjectLabel: order.orderNumber, changes: { amountCents: { before: null, after: order.totalCents }, reason: { before: null, after: "Order cancelled" } } });
    expect(await enteredBy(async () => expect(failure(await t.gql(SET_STATUS, { id: order.id, status: "PENDING" }, owner.token)).code).toBe("BAD_USER_INPUT"))).toEqual([]);

    const own = await placeOrder();
    const byShopper = await enteredBy(async () => expect((await t.gql("mutation($id: Int!) { cancelMyOrder(id: $id) { message } }", { id: own.order.id }, own.shopper.token)).errors).toBeUndefined());
    expect(byShopper).toEqual([]);
  });
});

describe("refunds", () => {
  const REFUND = "mutation($id: Int!, $input: RefundInput!) { refundOrder(id: $id, input: $input) { message } }";

  it("a refund is entered with its amount in cents and its reason; one for more than is left leaves no entry", async () => {
    const { order } = await placeOrder();
    const refunded = await enteredBy(async () => expect((await t.gql(REFUND, { id: order.id, input: { amount: 5, reason: "Bent frond" } }, owner.token)).errors).toBeUndefined());
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ kind: "order.refunded", actorName: owner.email, subjectType: "order", subjectId: String(order.id), subjectLabel: order.orderNumber, changes: { amountCents: { before: null, after: 500 }, reason: { before: null, after: "Bent frond" } } });
    const tooMuch = await enteredBy(async () => expect(failure(await t.gql(REFUND, { id: order.id, input: { amount: 1_000, reason: "Everything" } }, owner.token)).code).toBe("BAD_USER_INPUT"));
    expect(tooMuch).toEqual([]);
  });
});

describe("roles", () => {
  it("a role and a staff role changed are entered under the user's e-mail, before and after; the same role again adds nothing", async () => {
    const person = await t.signUp({ email: "audit-promoted@example.com" });
    const SET_ROLE = "mutation($id: Int!, $role: Role!) { setUserRole(id: $id, role: $role) { message } }";
    const SET_STAFF = "mutation($id: Int!, $role: StaffRole) { setStaffRole(id: $id, staffRole: $role) { message } }";
    const promoted = await enteredBy(() => t.gql(SET_ROLE, { id: person.id, role: "ADMIN" }, owner.token));
    expect(promoted).toEqual([expect.objectContaining({ kind: "user.role-changed", actorName: owner.email, subjectType: "user", subjectId: String(person.id), subjectLabel: person.email, changes: { role: { before: "user", after: "admin" } } })]);
    expect(await enteredBy(() => t.gql(SET_ROLE, { id: person.id, role: "ADMIN" }, owner.token))).toEqual([]);
    const staffed = await enteredBy(() => t.gql(SET_STAFF, { id: person.id, role: "SUPPORT" }, owner.token));
    expect(staffed).toEqual([expect.objectContaining({ kind: "user.staff-role-changed", subjectLabel: person.email, changes: { staffRole: { before: null, after: "support" } } })]);
    const demoted = await enteredBy(() => t.gql(SET_ROLE, { id: person.id, role: "USER" }, owner.token));
    expect(demoted).toEqual([expect.objectContaining({ kind: "user.role-changed", changes: { role: { before: "admin", after: "user" }, staffRole: { before: "support", after: null } } })]);
  });
});

describe("API keys", () => {
  it("a new key is entered with its name, scopes and expiry and nothing of its secret; revoking is entered once", async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    let secret = "";
    let keyId = 0;
    const created = await enteredBy(async () => {
      const answer = await t.gql<any>("mutation($e: DateTimeISO) { createApiKey(input: { name: \"Audit ERP\", scopes: [ORDERS_READ, CATALOGUE_READ], expiresAt: $e }) { secret apiKey { id } } }", { e: expiresAt }, owner.token);
      expect(answer.errors).toBeUndefined();
      secret = answer.data.createApiKey.secret;
      keyId = answer.data.createApiKey.apiKey.id;
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      kind: "api-key.created",
      actorName: owner.email,
      subjectType: "api-key",
      subjectId: String(keyId),
      subjectLabel: "Audit ERP",
      changes: { name: { before: null, after: "Audit ERP" }, scopes: { before: null, after: ["catalogue:read", "orders:read"] }, expiresAt: { before: null, after: expiresAt } },
    });
    const row = asText(created[0]);
    expect(row).not.toContain("vrd_");
    expect(row).not.toContain(secret.slice(4, 20));

    const REVOKE = "mutation($id: Int!) { revokeApiKey(id: $id) { active } }";
    const revoked = await enteredBy(() => t.gql(REVOKE, { id: keyId }, owner.token));
    expect(revoked).toEqual([expect.objectContaining({ kind: "api-key.revoked", subjectLabel: "Audit ERP", changes: { revokedAt: { before: null, after: expect.any(String) } } })]);
    expect(await enteredBy(() => t.gql(REVOKE, { id: keyId }, owner.token))).toEqual([]);
  });
});

describe("webhook endpoints", () => {
  it("made, edited, rotated, tested, resent and deleted: each entered; the rotation holds no value at all", async () => {
    const INPUT = { url: "http://127.0.0.1:9/audit-hook", events: ["ORDER_PLACED"] };
    let id = 0;
    let secret = "";
    const created = await enteredBy(async () => {
      const answer = await t.gql<any>("mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id } } }", { input: INPUT }, owner.token);
      expect(answer.errors).toBeUndefined();
      id = answer.data.createWebhookEndpoint.endpoint.id;
      secret = answer.data.createWebhookEndpoint.secret;
    });
    expect(created).toEqual([expect.objectContaining({ kind: "webhook.created", subjectType: "webhook", subjectId: String(id), subjectLabel: INPUT.url })]);
    expect(created[0].changes).toMatchObject({ url: { before: null, after: INPUT.url }, events: { before: null, after: ["order.placed"] }, active: { before: null, after: true } });

    const UPDATE = "mutation($id: Int!, $input: WebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { id } }";
    const updated = await enteredBy(() => t.gql(UPDATE, { id, input: { ...INPUT, events: ["ORDER_PLACED", "ORDER_REFUNDED"], active: false } }, owner.token));
    expect(updated).toEqual([
      expect.objectContaining({ kind: "webhook.updated", changes: { events: { before: ["order.placed"], after: ["order.placed", "order.refunded"] }, active: { before: true, after: false } } }),
    ]);
    expect(await enteredBy(() => t.gql(UPDATE, { id, input: { ...INPUT, events: ["ORDER_PLACED", "ORDER_REFUNDED"], active: false } }, owner.token))).toEqual([]);

    let rotatedSecret = "";
    const rotated = await enteredBy(async () => {
      const answer = await t.gql<any>("mutation($id: Int!) { rotateWebhookSecret(id: $id) { secret } }", { id }, owner.token);
      rotatedSecret = answer.data.rotateWebhookSecret.secret;
    });
    expect(rotated).toEqual([expect.objectContaining({ kind: "webhook.secret-rotated", subjectId: String(id), changes: {} })]);
    for (const value of ["whsec_", secret.slice(6, 26), rotatedSecret.slice(6, 26)]) expect(asText(rotated[0])).not.toContain(value);

    let deliveryId = "";
    const tested = await enteredBy(async () => {
      const answer = await t.gql<any>("mutation($id: Int!) { sendTestWebhook(endpointId: $id) { id } }", { id }, owner.token);
      deliveryId = answer.data.sendTestWebhook.id;
    });
    expect(tested).toEqual([expect.objectContaining({ kind: "webhook.test-sent", subjectType: "webhook", subjectId: String(id) })]);
    const resent = await enteredBy(async () => expect((await t.gql("mutation($id: String!) { resendWebhookDelivery(id: $id) { id } }", { id: deliveryId }, owner.token)).errors).toBeUndefined());
    expect(resent).toEqual([expect.objectContaining({ kind: "webhook.delivery-resent", subjectType: "webhook-delivery", subjectId: deliveryId })]);

    const DELETE = "mutation($id: Int!) { deleteWebhookEndpoint(id: $id) { message } }";
    const deleted = await enteredBy(() => t.gql(DELETE, { id }, owner.token));
    expect(deleted).toEqual([expect.objectContaining({ kind: "webhook.deleted", subjectLabel: INPUT.url })]);
    expect(deleted[0].changes).toMatchObject({ url: { before: INPUT.url, after: null }, active: { before: false, after: null } });
    expect(await enteredBy(async () => expect(failure(await t.gql(DELETE, { id }, owner.token)).code).toBe("NOT_FOUND"))).toEqual([]);
    for (const entry of [...created, ...updated, ...rotated, ...tested, ...resent, ...deleted]) {
      expect(asText(entry)).not.toContain("whsec_");
      expect(Object.keys(entry.changes as object).join()).not.toMatch(/secret/i);
    }
  });
});

describe("a customer's own account", () => {
  const DELETE = "mutation($password: String!) { deleteMyAccount(password: $password) { message } }";

  it("an export is entered as the customer's, naming them Customer #id and nothing else of them", async () => {
    const person = await t.signUp({ name: "Fern Gully", email: "fern.gully@example.com" });
    const exported = await enteredBy(async () => expect((await overHttp("{ myData }", {}, person.token)).errors).toBeUndefined());
    expect(exported).toEqual([expect.objectContaining({ kind: "account.exported", actorKind: "customer", actorName: `Customer #${person.id}`, subjectType: "user", subjectId: String(person.id), subjectLabel: `Customer #${person.id}` })]);
    expect(exported[0].ip).toMatch(/127\.0\.0\.1/);
    expect(asText(exported[0])).not.toMatch(/fern\.gully|Fern Gully/i);
  });

  it("a deletion is entered in its transaction naming Customer #id, nothing of the e-mail or name; a wrong password leaves no entry", async () => {
    const person = await t.signUp({ name: "Moss Bloom", email: "moss.bloom@example.com" });
    expect(await enteredBy(async () => expect(failure(await t.gql(DELETE, { password: "not-the-password" }, person.token)).code).toBe("BAD_USER_INPUT"))).toEqual([]);
    const deleted = await enteredBy(async () => expect((await t.gql(DELETE, { password: person.password }, person.token)).errors).toBeUndefined());
    expect(deleted).toEqual([expect.objectContaining({ kind: "account.deleted", actorKind: "customer", actorId: person.id, actorName: `Customer #${person.id}`, subjectLabel: `Customer #${person.id}`, changes: {} })]);
    expect(asText(deleted[0])).not.toMatch(/moss|bloom|deleted\.invalid/i);
  });

  it("a staff member deleting their own account is entered as a customer too, not by their e-mail", async () => {
    const staff = await t.signUp({ role: "admin", staffRole: "support", email: "leaving.staff@example.com" });
    const deleted = await enteredBy(() => t.gql(DELETE, { password: staff.password }, staff.token));
    expect(deleted).toEqual([expect.objectContaining({ kind: "account.deleted", actorKind: "customer", actorName: `Customer #${staff.id}` })]);
    expect(asText(deleted[0])).not.toContain("leaving.staff");
  });
});
