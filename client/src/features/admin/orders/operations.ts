// The order list's and 'Manage Status''s documents; codegen turns them into typed documents. The order view's
// own (the order with its figures and refunds, and refundOrder) travel with its lazy chunk: viewOperations.ts.
export const adminOrderOperations = /* GraphQL */ `
  query AdminOrders($search: String, $status: OrderStatus, $first: Int!, $after: String) {
    orders(search: $search, status: $status, first: $first, after: $after) {
      ...OrderSummaryPage
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
