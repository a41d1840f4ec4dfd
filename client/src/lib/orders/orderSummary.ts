// An order as a row of an order list shows it (own orders, the admin's orders, a user's orders), and a page
// of such rows: every order list asks for exactly this.
export const orderSummaryFields = /* GraphQL */ `
  fragment OrderSummaryFields on Order {
    id
    orderNumber
    reference
    status
    totalItems
    total
    createdAt
  }

  fragment OrderSummaryPage on OrderConnection {
    edges {
      cursor
      node {
        ...OrderSummaryFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
    totalCount
  }
`;
