// The order screens' documents; codegen turns them into typed documents.
export const orderOperations = /* GraphQL */ `
  query MyOrders {
    myOrders {
      id
      orderNumber
      reference
      status
      totalItems
      total
      createdAt
    }
  }

  query OrderDetail($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      id
      orderNumber
      reference
      status
      totalItems
      subtotal
      deliveryFee
      total
      region
      userEmail
      userPhone
      userAddress
      createdAt
      updatedAt
      lines {
        productId
        slug
        name
        imageOne
        unitPrice
        quantity
        lineTotal
      }
    }
  }
`;
