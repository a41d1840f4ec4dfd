// The admin promotion screens' documents; codegen turns them into typed documents.

/** A promotion as the list and the editor read it. */
export const adminPromotionFields = /* GraphQL */ `
  fragment AdminPromotionFields on Promotion {
    id
    name
    kind
    percent
    amount
    buyQuantity
    getQuantity
    categoryIds
    productIds
    variantIds
    minItems
    minQuantity
    startsAt
    endsAt
    usageLimit
    perCustomerLimit
    combinable
    onDiscountedItems
    automatic
    paused
    status
    uses
    code
    codeCount
    createdAt
  }
`;

export const adminPromotionOperations = /* GraphQL */ `
  query AdminPromotions {
    promotions {
      ...AdminPromotionFields
    }
  }

  query AdminPromotion($id: Int!) {
    promotion(id: $id) {
      ...AdminPromotionFields
    }
  }

  mutation CreatePromotion($input: PromotionInput!) {
    createPromotion(input: $input) {
      ...AdminPromotionFields
    }
  }

  mutation UpdatePromotion($id: Int!, $input: PromotionInput!) {
    updatePromotion(id: $id, input: $input) {
      ...AdminPromotionFields
    }
  }

  mutation SetPromotionPaused($id: Int!, $paused: Boolean!) {
    setPromotionPaused(id: $id, paused: $paused) {
      id
      paused
      status
    }
  }

  mutation DeletePromotion($id: Int!) {
    deletePromotion(id: $id) {
      message
    }
  }

  mutation GeneratePromotionCodes($id: Int!, $count: Int!, $prefix: String) {
    generatePromotionCodes(id: $id, count: $count, prefix: $prefix)
  }

  query PromotionCodesCsv($id: Int!) {
    promotionCodesCsv(id: $id)
  }
`;

/**
 * What the editor offers to choose from: the categories, and the catalogue's products (each with its variants
 * on sale, which the preview's sample cart buys) and the delivery regions for the preview.
 */
export const promotionEditorOperations = /* GraphQL */ `
  query PromotionEditorChoices {
    categories(first: 100) {
      nodes {
        id
        name
      }
    }
    regions(first: 100) {
      nodes {
        id
        name
      }
    }
  }

  query PromotionProductChoices($name: String, $first: Int!) {
    products(name: $name, sort: NEWEST, first: $first) {
      nodes {
        id
        name
        variants {
          id
          sku
          options {
            name
            value
          }
        }
      }
    }
  }

  query PromotionPreview($input: PromotionInput!, $lines: [CartLineInput!]!, $regionId: Int) {
    promotionPreview(input: $input, lines: $lines, regionId: $regionId) {
      lines {
        productId
        variantId
        quantity
        unitPrice
        lineTotal
        discount
        tax
      }
      itemsTotal
      discountTotal
      deliveryFee
      deliveryDiscount
      taxTotal
      pricesIncludeTax
      total
      promotions {
        name
        code
        amount
      }
    }
  }
`;
