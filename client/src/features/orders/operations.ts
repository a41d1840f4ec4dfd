// The order screens' documents; codegen turns them into typed documents.
export const orderOperations = /* GraphQL */ `
  query MyOrders($first: Int!, $after: String) {
    myOrders(first: $first, after: $after) {
      ...OrderSummaryPage
    }
  }

  query OrderDetail($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      ...OrderDetailFields
    }
  }
`;
