// For tests: addresses and the address book's answer (MyAddresses), shaped as the API answers them.
import type { MockLink } from "@apollo/client/testing";
import { MyAddressesDocument } from "../../graphql/generated/graphql";
import type { Address } from "./addressBook";

export type AddressFixture = Address & { __typename: "Address" };

export function addressFixture(id: number, overrides: Partial<Address> = {}): AddressFixture {
  return {
    __typename: "Address",
    id,
    label: `Address ${id}`,
    name: "Ada Gardener",
    phone: "+1 555 0100",
    address: `${id} Fern Street, Portland`,
    regionId: null,
    isDefault: false,
    ...overrides,
  };
}

/** The book as the server answers it, once (the default's phone and address are the account's contact details). */
export function myAddressesMock(userId: number, addresses: readonly AddressFixture[], options: { times?: number } = {}): MockLink.MockedResponse {
  const byDefault = addresses.find((address) => address.isDefault);
  return {
    request: { query: MyAddressesDocument },
    result: {
      data: {
        myAddresses: addresses,
        me: { __typename: "User", id: userId, phone: byDefault?.phone ?? null, address: byDefault?.address ?? null },
      },
    },
    maxUsageCount: options.times ?? 1,
  };
}
