// The checkout's documents; codegen turns them into typed documents.
// CheckoutOptions asks, in one go, what the checkout offers: the delivery regions and how the shop takes
// payment (the spec's card form, or the provider's page after placing the order). Both change seldom: the
// screen reads them from the cache when it has them (cache-first).
export const checkoutOperations = /* GraphQL */ `
  query CheckoutOptions {
    regions(first: 100) {
      nodes {
        id
        name
        fee
      }
    }
    shopPayments {
      provider
      paysOutside
      holdMinutes
    }
  }

  # An order paid on the provider's page answers AWAITING_PAYMENT with its payment page (null when the
  # provider could not open it just then: payForOrder asks again).
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      message
      order {
        id
        orderNumber
        reference
        total
        status
        payment {
          url
        }
      }
    }
  }
`;
