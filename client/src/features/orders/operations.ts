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

  # What was given back of the order's payment, for its page and its printed invoice: the sum refunded, the
  # payment status and the refunds (the page lists only those that went through: a failed one gave nothing back).
  fragment OrderRefundFields on Order {
    refunded
    paymentStatus
    refunds {
      id
      amount
      reason
      state
      createdAt
    }
  }

  # The order's payment on the provider's page, while the shopper pays: until when its items are held and
  # its page (null for an order paid at checkout).
  fragment OrderOnlinePaymentFields on Order {
    paymentStatus
    payment {
      provider
      state
      url
      expiresAt
      paidAt
    }
  }

  query OrderDetail($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      ...OrderDetailFields
      ...OrderPricingFields
      ...OrderRefundFields
      ...OrderOnlinePaymentFields
    }
  }

  # The shopper cancels their own order while it is awaiting payment or pending; the answer's status puts
  # Cancelled on screen, its payment status what became of the payment (Unpaid, Refunded).
  mutation CancelMyOrder($id: Int!) {
    cancelMyOrder(id: $id) {
      message
      order {
        id
        status
        paymentStatus
        updatedAt
      }
    }
  }

  # Back from the provider's page: the server asks the provider where the payment stands and answers the
  # order as it is then, whole (the page shows it from the answer).
  mutation ConfirmPayment($id: Int!) {
    confirmPayment(id: $id) {
      message
      order {
        ...OrderDetailFields
        ...OrderPricingFields
        ...OrderRefundFields
        ...OrderOnlinePaymentFields
      }
    }
  }
`;
