// The address book (domain/accounts/address-book.ts), on both databases: several addresses per customer, one
// default, mirrored into the account's contact details (which the spec's contact screen edits, and checkout
// uses when no address is chosen); an address chosen at checkout is the order's; another customer's is not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/index.js";
import { createTestShop, failure, type TestShop } from "./support.js";

let t: TestShop;
let regionId: number;
let productId: number;

beforeAll(async () => {
  t = await createTestShop();
  regionId = (await t.shop.prisma.region.create({ data: { name: "Book Region", feeCents: 300 } })).id;
  const category = await t.shop.prisma.category.create({ data: { name: "Book Ferns" } });
  productId = (await t.shop.prisma.product.create({ data: { slug: "book-fern", name: "Book Fern", description: "Green.", categoryId: category.id, priceCents: 1_000, quantity: 100, imageOne: "/uploads/b.png" } })).id;
});
afterAll(async () => {
  await t?.close();
});

const SAVE = `mutation($id: Int, $input: AddressInput!) { saveAddress(id: $id, input: $input) { id label name phone address regionId isDefault } }`;
const LIST = `{ myAddresses { id label isDefault } }`;
const ME = `{ me { phone address } }`;
const home = { label: "Home", name: "Fern Green", phone: "+1 555 0100", address: "1 Garden Lane" };
const work = { label: "Work", name: "Fern at Work", phone: "+1 555 0199", address: "9 Office Park" };

describe("the address book", () => {
  it("a customer's existing contact details are their default address; a second address is added beside it", async () => {
    const shopper = await t.signUp({ phone: "+1 555 0123", address: "5 Old Road" });
    // Contact details saved on the spec's screen become the default address.
    await t.gql(`mutation { updateContact(phone: "+1 555 0123", address: "5 Old Road") { message } }`, {}, shopper.token);
    expect((await t.gql<{ myAddresses: unknown[] }>(LIST, {}, shopper.token)).data!.myAddresses).toEqual([{ id: expect.any(Number), label: "Home", isDefault: true }]);
    const added = await t.gql<{ saveAddress: { isDefault: boolean } }>(SAVE, { input: work }, shopper.token);
    expect(added.data!.saveAddress).toMatchObject({ ...work, isDefault: false });
    expect((await t.gql<{ myAddresses: { label: string }[] }>(LIST, {}, shopper.token)).data!.myAddresses.map((one) => one.label)).toEqual(["Home", "Work"]);
    expect((await t.gql<{ me: unknown }>(ME, {}, shopper.token)).data!.me).toEqual({ phone: "+1 555 0123", address: "5 Old Road" });
  });

  it("the first address is the default; making another the default changes the account's contact details; the contact screen edits the default", async () => {
    const shopper = await t.signUp({ phone: null, address: null });
    const first = (await t.gql<{ saveAddress: { id: number; isDefault: boolean } }>(SAVE, { input: home }, shopper.token)).data!.saveAddress;
    expect(first.isDefault).toBe(true);
    expect((await t.gql<{ me: unknown }>(ME, {}, shopper.token)).data!.me).toEqual({ phone: home.phone, address: home.address });
    const second = (await t.gql<{ saveAddress: { id: number } }>(SAVE, { input: { ...work, regionId, makeDefault: true } }, shopper.token)).data!.saveAddress;
    expect((await t.gql<{ me: unknown }>(ME, {}, shopper.token)).data!.me).toEqual({ phone: work.phone, address: work.address });
    expect((await t.gql<{ myAddresses: { id: number; isDefault: boolean }[] }>(LIST, {}, shopper.token)).data!.myAddresses.map((one) => [one.id, one.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    await t.gql(`mutation { updateContact(phone: "+1 555 0777", address: "7 New Office") { message } }`, {}, shopper.token);
    expect(await t.shop.prisma.address.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ phone: "+1 555 0777", address: "7 New Office", isDefault: true });
  });

  it("removing the default makes the oldest other the default; removing the last leaves no contact details", async () => {
    const shopper = await t.signUp({ phone: null, address: null });
    const a = (await t.gql<{ saveAddress: { id: number } }>(SAVE, { input: home }, shopper.token)).data!.saveAddress;
    const b = (await t.gql<{ saveAddress: { id: number } }>(SAVE, { input: work }, shopper.token)).data!.saveAddress;
    expect((await t.gql<{ deleteAddress: { message: string } }>(`mutation($id: Int!) { deleteAddress(id: $id) { message } }`, { id: a.id }, shopper.token)).data!.deleteAddress.message).toBe("Address removed.");
    expect(await t.shop.prisma.address.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ isDefault: true });
    expect((await t.gql<{ me: unknown }>(ME, {}, shopper.token)).data!.me).toEqual({ phone: work.phone, address: work.address });
    await t.gql(`mutation($id: Int!) { deleteAddress(id: $id) { message } }`, { id: b.id }, shopper.token);
    expect((await t.gql<{ me: unknown }>(ME, {}, shopper.token)).data!.me).toEqual({ phone: null, address: null });
  });

  it("another customer's address is not found, to change, to make default, to remove or to deliver to", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const theirs = (await t.gql<{ saveAddress: { id: number } }>(SAVE, { input: work }, owner.token)).data!.saveAddress;
    expect(failure(await t.gql(SAVE, { id: theirs.id, input: home }, other.token))).toMatchObject({ code: "NOT_FOUND" });
    expect(failure(await t.gql(`mutation($id: Int!) { setDefaultAddress(id: $id) { id } }`, { id: theirs.id }, other.token))).toMatchObject({ code: "NOT_FOUND" });
    expect(failure(await t.gql(`mutation($id: Int!) { deleteAddress(id: $id) { message } }`, { id: theirs.id }, other.token))).toMatchObject({ code: "NOT_FOUND" });
    const placed = await t.gql(`mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { message } }`, { input: { lines: [{ productId, quantity: 1 }], regionId, reference: newReference(), addressId: theirs.id } }, other.token);
    expect(failure(placed)).toMatchObject({ code: "BAD_USER_INPUT", fields: { address: ["The selected address is invalid."] } });
  });

  it("an address chosen at checkout is the order's, its recipient named; without one the order has the default", async () => {
    const shopper = await t.signUp({ name: "Fern Green", phone: null, address: null });
    await t.gql(SAVE, { input: home }, shopper.token);
    const office = (await t.gql<{ saveAddress: { id: number } }>(SAVE, { input: work }, shopper.token)).data!.saveAddress;
    const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { userPhone userAddress } } }`;
    const toOffice = await t.gql<{ placeOrder: { order: unknown } }>(PLACE, { input: { lines: [{ productId, quantity: 1 }], regionId, reference: newReference(), addressId: office.id } }, shopper.token);
    expect(toOffice.data!.placeOrder.order).toEqual({ userPhone: work.phone, userAddress: `Fern at Work, ${work.address}` });
    const toHome = await t.gql<{ placeOrder: { order: unknown } }>(PLACE, { input: { lines: [{ productId, quantity: 1 }], regionId, reference: newReference() } }, shopper.token);
    expect(toHome.data!.placeOrder.order).toEqual({ userPhone: home.phone, userAddress: home.address });
  });

  it("at most 20 addresses, counted one save at a time even when sent together; bad fields are named", async () => {
    const shopper = await t.signUp({ phone: null, address: null });
    const saves = await Promise.all(Array.from({ length: 25 }, (_, i) => t.gql(SAVE, { input: { ...home, label: `Place ${i}` } }, shopper.token)));
    expect(saves.filter((answer) => !answer.errors)).toHaveLength(20);
    expect(new Set(saves.filter((answer) => answer.errors).map((answer) => answer.errors![0].message))).toEqual(new Set(["You can keep up to 20 addresses. Remove one to add another."]));
    expect(await t.shop.prisma.address.count({ where: { userId: shopper.id, isDefault: true } })).toBe(1);
    const bad = await t.gql(SAVE, { input: { label: "", name: "X", phone: "12", address: "Somewhere", regionId: 999_999 } }, (await t.signUp()).token);
    expect(Object.keys(failure(bad).fields ?? {}).sort()).toEqual(["label", "phone"]);
  });
});
