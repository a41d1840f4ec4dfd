// The admin region screens' documents; codegen turns them into typed documents. The list is the
// shop's catalogue (lib/catalog/shopCatalog).
export const adminRegionOperations = /* GraphQL */ `
  query AdminRegion($id: Int!) {
    region(id: $id) {
      id
      name
      fee
    }
  }

  mutation CreateRegion($name: String!, $fee: Money!) {
    createRegion(name: $name, fee: $fee) {
      message
      region {
        id
        name
        fee
      }
    }
  }

  mutation UpdateRegion($id: Int!, $name: String!, $fee: Money!) {
    updateRegion(id: $id, name: $name, fee: $fee) {
      message
      region {
        id
        name
        fee
      }
    }
  }

  mutation DeleteRegion($id: Int!) {
    deleteRegion(id: $id) {
      message
    }
  }
`;
