// The admin promotion screens' documents: each a /* GraphQL */ string that codegen reads and types, built
// into a document in this lazy chunk (see ../lazyDocument.ts: not in the first load's generated module).
import type * as Types from "../../../graphql/generated/graphql";
import { lazyDocument } from "../lazyDocument";

/** A promotion as the list and the editor read it. */
const adminPromotionFields = /* GraphQL */ `
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

const adminPromotions = /* GraphQL */ `
  query AdminPromotions {
    promotions {
      ...AdminPromotionFields
    }
  }
`;

const adminPromotion = /* GraphQL */ `
  query AdminPromotion($id: Int!) {
    promotion(id: $id) {
      ...AdminPromotionFields
    }
  }
`;

const createPromotion = /* GraphQL */ `
  mutation CreatePromotion($input: PromotionInput!) {
    createPromotion(input: $input) {
      ...AdminPromotionFields
    }
  }
`;

const updatePromotion = /* GraphQL */ `
  mutation UpdatePromotion($id: Int!, $input: PromotionInput!) {
    updatePromotion(id: $id, input: $input) {
      ...AdminPromotionFields
    }
  }
`;

const setPromotionPaused = /* GraphQL */ `
  mutation SetPromotionPaused($id: Int!, $paused: Boolean!) {
    setPromotionPaused(id: $id, paused: $paused) {
      id
      paused
      status
    }
  }
`;

const deletePromotion = /* GraphQL */ `
  mutation DeletePromotion($id: Int!) {
    deletePromotion(id: $id) {
      message
    }
  }
`;

const generatePromotionCodes = /* GraphQL */ `
  mutation GeneratePromotionCodes($id: Int!, $count: Int!, $prefix: String) {
    generatePromotionCodes(id: $id, count: $count, prefix: $prefix)
  }
`;

const promotionCodesCsv = /* GraphQL */ `
  query PromotionCodesCsv($id: Int!) {
    promotionCodesCsv(id: $id)
  }
`;

/** What the editor offers to choose from: the categories, and the delivery regions for the preview. */
const promotionEditorChoices = /* GraphQL */ `
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
`;

/** The catalogue's products by name, each with its variants on sale (which the preview's sample cart buys). */
const promotionProductChoices = /* GraphQL */ `
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
`;

/**
 * The products a promotion names, and those holding the variants it names, wherever they are in the
 * catalogue (the editor loads only the newest 100): their names, and every variant (those off sale too)
 * by SKU and options, so the chosen ones read as the owner knows them.
 */
const promotionChosenProducts = /* GraphQL */ `
  query PromotionChosenProducts($ids: [Int!]!, $variantIds: [Int!]) {
    productsByIds(ids: $ids, variantIds: $variantIds) {
      id
      name
      variants(everyVariant: true) {
        id
        sku
        enabled
        options {
          name
          value
        }
      }
    }
  }
`;

const promotionPreview = /* GraphQL */ `
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
      totalBeforePromotions
      promotions {
        name
        code
        amount
      }
    }
  }
`;

export const AdminPromotionsDocument = lazyDocument<Types.AdminPromotionsQuery, Types.AdminPromotionsQueryVariables>(adminPromotions, adminPromotionFields);
export const AdminPromotionDocument = lazyDocument<Types.AdminPromotionQuery, Types.AdminPromotionQueryVariables>(adminPromotion, adminPromotionFields);
export const CreatePromotionDocument = lazyDocument<Types.CreatePromotionMutation, Types.CreatePromotionMutationVariables>(createPromotion, adminPromotionFields);
export const UpdatePromotionDocument = lazyDocument<Types.UpdatePromotionMutation, Types.UpdatePromotionMutationVariables>(updatePromotion, adminPromotionFields);
export const SetPromotionPausedDocument = lazyDocument<Types.SetPromotionPausedMutation, Types.SetPromotionPausedMutationVariables>(setPromotionPaused);
export const DeletePromotionDocument = lazyDocument<Types.DeletePromotionMutation, Types.DeletePromotionMutationVariables>(deletePromotion);
export const GeneratePromotionCodesDocument = lazyDocument<Types.GeneratePromotionCodesMutation, Types.GeneratePromotionCodesMutationVariables>(generatePromotionCodes);
export const PromotionCodesCsvDocument = lazyDocument<Types.PromotionCodesCsvQuery, Types.PromotionCodesCsvQueryVariables>(promotionCodesCsv);
export const PromotionEditorChoicesDocument = lazyDocument<Types.PromotionEditorChoicesQuery, Types.PromotionEditorChoicesQueryVariables>(promotionEditorChoices);
export const PromotionProductChoicesDocument = lazyDocument<Types.PromotionProductChoicesQuery, Types.PromotionProductChoicesQueryVariables>(promotionProductChoices);
export const PromotionChosenProductsDocument = lazyDocument<Types.PromotionChosenProductsQuery, Types.PromotionChosenProductsQueryVariables>(promotionChosenProducts);
export const PromotionPreviewDocument = lazyDocument<Types.PromotionPreviewQuery, Types.PromotionPreviewQueryVariables>(promotionPreview);
