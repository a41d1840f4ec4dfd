// The order screens' documents; codegen turns them into typed documents.
export const orderOperations = /* GraphQL */ `
  query MyOrders($first: Int!, $after: String) {
    myOrders(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          orderNumber
          reference
          status
          totalItems
          total
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }

  query OrderDetail($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      ...OrderDetailFields
    }
  }
`;
