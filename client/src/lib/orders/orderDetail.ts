// One order with its lines, as the shopper's order page, the admin's order view and the printed invoice
// read it. Both order screens ask for exactly these fields, so the two views of an order cannot drift.
export const orderDetailFields = /* GraphQL */ `
  fragment OrderDetailFields on Order {
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
      variantId
      sku
      options {
        name
        value
      }
      slug
      name
      imageOne
      image {
        ...ProductPictureFields
      }
      unitPrice
      quantity
      lineTotal
    }
  }
`;
