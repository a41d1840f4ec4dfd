// The checkout's documents; codegen turns them into typed documents.
export const checkoutOperations = /* GraphQL */ `
  query CheckoutRegions {
    regions(first: 100) {
      nodes {
        id
        name
        fee
      }
    }
  }

  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      message
      order {
        id
        orderNumber
        reference
        total
      }
    }
  }
`;
