// The shopper's address book, read by the account's Addresses screen and by the checkout's 'Deliver to'
// choice; codegen turns it into typed documents. The default address is the account's contact details, so
// the answer brings them too (me's phone and address): after a change to the book, asking it again keeps the
// signed-in user's details (the account page, the checkout's customer block) in step through the cache.
export const addressBookOperations = /* GraphQL */ `
  fragment AddressFields on Address {
    id
    label
    name
    phone
    address
    regionId
    isDefault
  }

  query MyAddresses {
    myAddresses {
      ...AddressFields
    }
    me {
      id
      phone
      address
    }
  }
`;
