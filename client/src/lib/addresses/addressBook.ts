// What the address book's screens say about an address, in one place.
import type { AddressFieldsFragment } from "../../graphql/generated/graphql";

export type Address = AddressFieldsFragment;

/** The shop keeps at most this many addresses per customer (the server says so too, at `address`). */
export const MAX_ADDRESSES = 20;

/** The default first, then the others in the order the server gives them. */
export function defaultFirst(addresses: readonly Address[]): Address[] {
  return [...addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** 'Home: Ada Gardener, 1 Fern Street, Portland (default)': one address in a line, for a choice. */
export function addressSummary(address: Address): string {
  const line = `${address.label}: ${address.name}, ${address.address}`;
  return address.isDefault ? `${line} (default)` : line;
}
