// A customer's own data (domain/accounts/my-data.ts), on both databases: the export holds everything kept about
// them and no secret; deleting the account (password confirmed) erases or anonymises the personal data at once,
// keeps the orders without personal fields, ends sessions and keys, e-mails the address it had and reports
// customer.deleted; the account can no longer be signed in to, and the e-mail address is free again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/index.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let regionId: number;
let productId: number;

beforeAll(async () => {
  t = await createTestShop();
  regionId = (await t.shop.prisma.region.create({ data: { name: "Data Region", feeCents: 300 } })).id;
  const category = await t.shop.prisma.category.create({ data: { name: "Data Ferns" } });
  productId = (await t.shop.prisma.product.create({ data: { slug: "data-fern", name: "Data Fern", description: "Green.", categoryId: category.id, priceCents: 1_000, quantity: 100, imageOne: "/uploads/d.png" } })).id;
  await t.shop.prisma.webhookEndpoint.create({ data: { url: "http://127.0.0.1:9/hook", events: ["customer.deleted"], secret: "whsec_ZGF0YQ==" } });
});
afterAll(async () => {
  await t?.close();
});

async function customerWithHistory() {
  const person = await t.signUp({ name: "Ivy Leaf", phone: "+1 555 0142", address: "4 Ivy Court" });
  await t.gql(`mutation { updateContact(phone: "+1 555 0142", address: "4 Ivy Court") { message } }`, {}, person.token);
  await t.gql(`mutation($id: Int!) { toggleFavourite(productId: $id) { isFavourite } }`, { id: productId }, person.token);
  await t.gql(`mutation($id: Int!) { rateProduct(productId: $id, rating: 5) { message } }`, { id: productId }, person.token);
  const placed = await t.gql<{ placeOrder: { order: { id: number; orderNumber: string } } }>(
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id orderNumber } } }`,
    { input: { lines: [{ productId, quantity: 2 }], regionId, reference: newReference() } },
    person.token,
  );
  return { ...person, order: placed.data!.placeOrder.order };
}

describe("export my data", () => {
  it("one JSON document: the account, addresses, orders, ratings, wish-list and e-mails sent; no password hash", async () => {
    const person = await customerWithHistory();
    const answer = await t.gql<{ myData: string }>(`{ myData }`, {}, person.token);
    const data = JSON.parse(answer.data!.myData);
    expect(data.account).toMatchObject({ id: person.id, name: "Ivy Leaf", email: person.email, phone: "+1 555 0142", address: "4 Ivy Court" });
    expect(data.addresses).toEqual([expect.objectContaining({ label: "Home", address: "4 Ivy Court", isDefault: true })]);
    expect(data.orders).toEqual([expect.objectContaining({ orderNumber: person.order.orderNumber, totalCents: 2_300, lines: [expect.objectContaining({ name: "Data Fern", quantity: 2 })] })]);
    expect(data.ratings).toEqual([expect.objectContaining({ value: 5, product: { slug: "data-fern", name: "Data Fern" } })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ product: { slug: "data-fern", name: "Data Fern" } })]);
    expect(data.emailsSent.map((email: { kind: string }) => email.kind)).toContain("order-confirmation");
    expect(answer.data!.myData).not.toMatch(/password|passwordHash|\$argon2|\$2[aby]\$/i);
  });
});

describe("delete my account", () => {
  const DELETE = `mutation($password: String!) { deleteMyAccount(password: $password) { message } }`;

  it("needs the password; then erases the account, keeps its orders without personal fields, and nobody can sign in to it", async () => {
    const person = await customerWithHistory();
    expect(failure(await t.gql(DELETE, { password: "wrong-password" }, person.token))).toMatchObject({ code: "BAD_USER_INPUT", fields: { password: ["The password is incorrect."] } });
    const deleted = await t.gql<{ deleteMyAccount: { message: string } }>(DELETE, { password: person.password }, person.token);
    expect(deleted.data!.deleteMyAccount.message).toBe("Your account has been deleted.");

    const user = await t.shop.prisma.user.findUniqueOrThrow({ where: { id: person.id } });
    expect(user).toMatchObject({ name: "Deleted customer", email: `deleted-${person.id}@deleted.invalid`, phone: null, address: null, role: "user", staffRole: null });
    const order = await t.shop.prisma.order.findUniqueOrThrow({ where: { id: person.order.id }, include: { lines: true } });
    expect(order).toMatchObject({ userEmail: `deleted-${person.id}@deleted.invalid`, userPhone: "", userAddress: "", totalCents: 2_300 });
    expect(order.lines).toHaveLength(1);
    expect(await t.shop.prisma.address.count({ where: { userId: person.id } })).toBe(0);
    expect(await t.shop.prisma.favourite.count({ where: { userId: person.id } })).toBe(0);
    // Sessions ended; the old e-mail and password sign nobody in; the address is free for a new account.
    expect(await t.shop.tokens.verify(person.token)).toBeNull();
    expect(failure(await t.gql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, { e: person.email, p: person.password }))).toMatchObject({ code: "UNAUTHENTICATED" });
    const again = await t.gql(`mutation($input: RegisterInput!) { register(input: $input) { message } }`, {
      input: { name: "Ivy Again", email: person.email, password: "new-password-1", passwordConfirmation: "new-password-1" },
    });
    expect(again.errors).toBeUndefined();
  });

  it("a last e-mail to the address it had, customer.deleted to webhooks; the e-mails before it are gone", async () => {
    const person = await customerWithHistory();
    await t.gql(DELETE, { password: person.password }, person.token);
    const emails = await t.shop.prisma.outboxMessage.findMany({ where: { userId: person.id, channel: "email" } });
    expect(emails.map((email) => [email.type, (email.payload as { to: string }).to])).toEqual([["account-deleted", person.email]]);
    const hooks = await t.shop.prisma.outboxMessage.findMany({ where: { channel: "webhook", type: "customer.deleted" } });
    const customers = hooks.map((hook) => (hook.payload as { event: { data: { customer: { id: number; email: string } } } }).event.data.customer);
    expect(customers).toContainEqual(expect.objectContaining({ id: person.id, email: `deleted-${person.id}@deleted.invalid` }));
  });

  it("the shop's only owner cannot leave before making another owner", async () => {
    const onlyOwners = await t.shop.prisma.user.count({ where: { staffRole: "owner" } });
    expect(onlyOwners).toBe(0);
    const owner = await t.signUp({ role: "admin" });
    const refused = await t.gql(DELETE, { password: owner.password }, owner.token);
    expect(failure(refused)).toMatchObject({ code: "FORBIDDEN", message: "You are the shop's only owner: make another owner before deleting your account." });
    await t.signUp({ role: "admin", staffRole: "owner" });
    expect((await t.gql(DELETE, { password: owner.password }, owner.token)).errors).toBeUndefined();
  });
});
