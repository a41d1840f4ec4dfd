// The checkout's document; codegen turns it into a typed document.
export const checkoutOperations = /* GraphQL */ `
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
