// The product editor's tax class: the shop's classes and its categories' classes (to name the class a
// product gets from its category), the product's own class when it is being edited, and the change. Each a
// /* GraphQL */ string built into a document in this lazy chunk (see ../lazyDocument.ts: not in the first
// load's generated module).
import type * as Types from "../../../graphql/generated/graphql";
import { lazyDocument } from "../lazyDocument";

const productTaxChoices = /* GraphQL */ `
  query ProductTaxChoices($productId: Int!, $withProduct: Boolean!) {
    taxSettings {
      id
      classes {
        id
        name
        isDefault
      }
      categoryClasses {
        categoryId
        taxClassId
      }
    }
    productTaxClass(productId: $productId) @include(if: $withProduct)
  }
`;

const setProductTaxClass = /* GraphQL */ `
  mutation SetProductTaxClass($productId: Int!, $taxClassId: Int) {
    setProductTaxClass(productId: $productId, taxClassId: $taxClassId) {
      id
    }
  }
`;

export const ProductTaxChoicesDocument = lazyDocument<Types.ProductTaxChoicesQuery, Types.ProductTaxChoicesQueryVariables>(productTaxChoices);
export const SetProductTaxClassDocument = lazyDocument<Types.SetProductTaxClassMutation, Types.SetProductTaxClassMutationVariables>(setProductTaxClass);
