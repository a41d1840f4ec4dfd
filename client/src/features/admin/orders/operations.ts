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
