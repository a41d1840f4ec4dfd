// The order list's and 'Manage Status''s documents; codegen turns them into typed documents. The order view's
// own (the order with its figures and refunds, and refundOrder) travel with its lazy chunk: viewOperations.ts.
export const adminOrderOperations = /* GraphQL */ `
  # The admin's list adds each order's payment status to the rows every order list shows.
  query AdminOrders($search: String, $status: OrderStatus, $paymentStatus: PaymentStatus, $first: Int!, $after: String) {
    orders(search: $search, status: $status, paymentStatus: $paymentStatus, first: $first, after: $after) {
      ...OrderSummaryPage
      edges {
        node {
          id
          paymentStatus
        }
      }
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
