// The admin order screens' documents; codegen turns them into typed documents.
export const adminOrderOperations = /* GraphQL */ `
  query AdminOrders($search: String, $status: OrderStatus, $first: Int!, $after: String) {
    orders(search: $search, status: $status, first: $first, after: $after) {
      ...OrderSummaryPage
    }
  }

  query AdminOrder($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      ...OrderDetailFields
      ...AdminOrderAdjustments
    }
  }

  mutation UpdateOrderStatus($id: Int!, $status: OrderStatus!) {
    updateOrderStatus(id: $id, status: $status) {
      message
      order {
        id
        status
        updatedAt
      }
    }
  }
`;

/** What the order view adds under the figures: the promotions the order got, its discounts and its tax. */
export const adminOrderAdjustmentFields = /* GraphQL */ `
  fragment AdminOrderAdjustments on Order {
    id
    discountTotal
    deliveryDiscount
    taxTotal
    pricesIncludeTax
    promotions {
      name
      code
      amount
    }
    taxLines {
      name
      rate
      net
      tax
    }
  }
`;
