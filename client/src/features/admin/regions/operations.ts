// The admin region screens' documents; codegen turns them into typed documents.
export const adminRegionOperations = /* GraphQL */ `
  query AdminRegions($search: String, $first: Int!, $after: String) {
    regions(search: $search, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          name
          fee
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }

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
