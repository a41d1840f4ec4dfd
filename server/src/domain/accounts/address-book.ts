// A customer's address book: up to MAX_ADDRESSES delivery addresses (label, name, phone, address, region), one
// of them the default. The default is mirrored into the account's phone and address, in the same transaction:
// those are what the spec's contact details screen edits, the REST shim shows and checkout uses when no
// address is chosen, so all of them keep working unchanged. The first address saved becomes the default;
// removing the default makes the oldest remaining one the default (none left: the account has no contact
// details, and checkout asks for them as the spec says).
import type { Address, PrismaClient } from "../../generated/prisma/client.js";
import { Checks, fieldRule, invalid, notFound, parseId, received, requireUser, text, type Deferred, type Viewer } from "../shared/index.js";
import { ADDRESS_MAX_LENGTH, phoneNumber } from "./contact.js";

export const MAX_ADDRESSES = 20;

export interface AddressInput {
  label?: unknown;
  name?: unknown;
  phone?: unknown;
  address?: unknown;
  regionId?: unknown;
  makeDefault?: unknown;
}

type Transaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

const regionField = fieldRule<number | null>(
  (value, problem) => {
    if (value === undefined || value === null || value === "") return null;
    const id = parseId(value);
    if (id === null) problem("The selected region is invalid.");
    return id;
  },
  { type: "integer", minimum: 1 },
);

const labelField = text("label", { max: 40 });
const nameField = text("name", { max: 100 });
const addressField = text("address", { max: ADDRESS_MAX_LENGTH });

/** The customer's addresses, the default first, then as they were added. */
export class AddressBook {
  constructor(private readonly prisma: PrismaClient) {}

  async list(viewer: Viewer | null): Promise<Address[]> {
    const { userId } = requireUser(viewer);
    return this.prisma.address.findMany({ where: { userId }, orderBy: [{ isDefault: "desc" }, { id: "asc" }] });
  }

  /** Adds an address (id null) or changes one of the customer's own; `makeDefault` makes it the default. */
  async save(viewer: Viewer | null, id: unknown, given: Deferred<AddressInput>): Promise<Address> {
    const { userId } = requireUser(viewer);
    const input = (await received(given)) ?? {};
    const checks = new Checks();
    const fields = {
      label: checks.field("label", labelField, input.label),
      name: checks.field("name", nameField, input.name),
      phone: checks.field("phone", phoneNumber, input.phone),
      address: checks.field("address", addressField, input.address),
      regionId: checks.field("regionId", regionField, input.regionId),
    };
    checks.done();
    const existingId = id === undefined || id === null ? null : parseId(id);
    if (id !== undefined && id !== null && existingId === null) throw notFound("Address");
    return this.prisma.$transaction(async (tx) => {
      // The account's row is locked first: two saves at once count and choose the default one after the other.
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      if (fields.regionId !== null && !(await tx.region.findUnique({ where: { id: fields.regionId }, select: { id: true } }))) {
        throw invalid({ regionId: ["The selected region is invalid."] });
      }
      const count = await tx.address.count({ where: { userId } });
      let saved: Address;
      if (existingId === null) {
        if (count >= MAX_ADDRESSES) throw invalid({ address: [`You can keep up to ${MAX_ADDRESSES} addresses. Remove one to add another.`] });
        saved = await tx.address.create({ data: { userId, ...fields, isDefault: false } });
      } else {
        const own = await tx.address.findFirst({ where: { id: existingId, userId }, select: { id: true } });
        if (!own) throw notFound("Address");
        saved = await tx.address.update({ where: { id: existingId }, data: fields });
      }
      if (count === 0 || input.makeDefault === true || saved.isDefault) saved = await makeDefault(tx, userId, saved.id);
      return saved;
    });
  }

  /** Makes one of the customer's addresses the default (and the account's contact details). */
  async setDefault(viewer: Viewer | null, id: unknown): Promise<Address> {
    const { userId } = requireUser(viewer);
    const addressId = parseId(id);
    if (addressId === null) throw notFound("Address");
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      if (!(await tx.address.findFirst({ where: { id: addressId, userId }, select: { id: true } }))) throw notFound("Address");
      return makeDefault(tx, userId, addressId);
    });
  }

  /** Removes one of the customer's addresses; see the rules above for the default. */
  async remove(viewer: Viewer | null, id: unknown): Promise<void> {
    const { userId } = requireUser(viewer);
    const addressId = parseId(id);
    if (addressId === null) throw notFound("Address");
    await this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      const gone = await tx.address.findFirst({ where: { id: addressId, userId } });
      if (!gone) throw notFound("Address");
      await tx.address.delete({ where: { id: addressId } });
      if (!gone.isDefault) return;
      const next = await tx.address.findFirst({ where: { userId }, orderBy: { id: "asc" }, select: { id: true } });
      if (next) await makeDefault(tx, userId, next.id);
      else await tx.user.update({ where: { id: userId }, data: { phone: null, address: null } });
    });
  }

  /** The spec's contact details screen: its phone and address are the default address's (one made when there is none). */
  static async contactChanged(tx: Transaction, userId: number, contact: { phone: string; address: string }): Promise<void> {
    const current = await tx.address.findFirst({ where: { userId, isDefault: true }, select: { id: true } });
    if (current) await tx.address.update({ where: { id: current.id }, data: contact });
    else {
      const { name } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true } });
      await tx.address.create({ data: { userId, label: "Home", name, ...contact, isDefault: true } });
    }
  }

  /** One of the customer's addresses, for checkout; null when it is not theirs (or gone). */
  static forCheckout(prisma: Pick<PrismaClient, "address">, userId: number, addressId: number): Promise<Address | null> {
    return prisma.address.findFirst({ where: { id: addressId, userId } });
  }
}

/** Makes `addressId` the customer's only default and mirrors it into the account's contact details. */
async function makeDefault(tx: Transaction, userId: number, addressId: number): Promise<Address> {
  await tx.address.updateMany({ where: { userId, isDefault: true, NOT: { id: addressId } }, data: { isDefault: false } });
  const chosen = await tx.address.update({ where: { id: addressId }, data: { isDefault: true } });
  await tx.user.update({ where: { id: userId }, data: { phone: chosen.phone, address: chosen.address } });
  return chosen;
}
