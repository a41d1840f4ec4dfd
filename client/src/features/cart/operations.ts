// The cart's documents; codegen turns them into typed documents.
export const cartOperations = /* GraphQL */ `
  query CheckCart($lines: [CartLineInput!]!) {
    checkCart(lines: $lines) {
      message
      totalQuantity
      subtotal
    }
  }

  query AcceptsPromotionCodes {
    acceptsPromotionCodes
  }

  mutation ApplyCode($code: String!, $lines: [CartLineInput!]!, $regionId: Int, $codes: [String!]) {
    applyCode(code: $code, lines: $lines, regionId: $regionId, codes: $codes) {
      ...CartQuoteFields
    }
  }
`;
