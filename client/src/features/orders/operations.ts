// The order screens' documents; codegen turns them into typed documents.
export const orderOperations = /* GraphQL */ `
  query MyOrders($first: Int!, $after: String) {
    myOrders(first: $first, after: $after) {
      ...OrderSummaryPage
    }
  }

  # What promotions and tax did to an order, for its page and its printed invoice: each line's share of the
  # promotions, the promotions with what each took off the items and the delivery (and their codes), and tax per rate.
  fragment OrderPricingFields on Order {
    discountTotal
    deliveryDiscount
    pricesIncludeTax
    taxLines {
      name
      net
      tax
    }
    promotions {
      name
      code
      amount
      itemsAmount
      deliveryAmount
    }
    lines {
      discount
    }
  }

  query OrderDetail($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      ...OrderDetailFields
      ...OrderPricingFields
    }
  }

  # The shopper cancels their own order while it is pending; the answer's status puts Cancelled on screen.
  mutation CancelMyOrder($id: Int!) {
    cancelMyOrder(id: $id) {
      message
      order {
        id
        status
        updatedAt
      }
    }
  }
`;
