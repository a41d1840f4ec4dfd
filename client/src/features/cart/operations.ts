// The cart's document; codegen turns it into a typed document.
export const cartOperations = /* GraphQL */ `
  query CheckCart($lines: [CartLineInput!]!) {
    checkCart(lines: $lines) {
      message
      totalQuantity
      subtotal
    }
  }
`;
