// The admin tax screen's documents: each a /* GraphQL */ string that codegen reads and types, built into a
// document in this lazy chunk (see ../lazyDocument.ts: not in the first load's generated module). Every
// change answers the shop's whole tax settings (TaxSettingsFields) with their one id, so Apollo's cache
// merges the answer into the settings the screen shows by itself.
import type * as Types from "../../../graphql/generated/graphql";
import { lazyDocument } from "../lazyDocument";

const taxSettingsFields = /* GraphQL */ `
  fragment TaxSettingsFields on TaxSettings {
    id
    pricesIncludeTax
    classes {
      id
      name
      isDefault
    }
    rates {
      regionId
      taxClassId
      rate
      name
    }
    deliveryRates {
      regionId
      rate
      name
    }
    categoryClasses {
      categoryId
      taxClassId
    }
  }
`;

const adminTaxSettings = /* GraphQL */ `
  query AdminTaxSettings {
    taxSettings {
      ...TaxSettingsFields
    }
    regions(first: 100) {
      nodes {
        id
        name
      }
    }
    categories(first: 100) {
      nodes {
        id
        name
      }
    }
  }
`;

const setPricesIncludeTax = /* GraphQL */ `
  mutation SetPricesIncludeTax($included: Boolean!) {
    setPricesIncludeTax(included: $included) {
      ...TaxSettingsFields
    }
  }
`;

const saveTaxClass = /* GraphQL */ `
  mutation SaveTaxClass($id: Int, $name: String!) {
    saveTaxClass(id: $id, name: $name) {
      ...TaxSettingsFields
    }
  }
`;

const deleteTaxClass = /* GraphQL */ `
  mutation DeleteTaxClass($id: Int!) {
    deleteTaxClass(id: $id) {
      ...TaxSettingsFields
    }
  }
`;

const setTaxRate = /* GraphQL */ `
  mutation SetTaxRate($regionId: Int!, $taxClassId: Int!, $rate: Float, $name: String) {
    setTaxRate(regionId: $regionId, taxClassId: $taxClassId, rate: $rate, name: $name) {
      ...TaxSettingsFields
    }
  }
`;

const setDeliveryTaxRate = /* GraphQL */ `
  mutation SetDeliveryTaxRate($regionId: Int!, $rate: Float, $name: String) {
    setDeliveryTaxRate(regionId: $regionId, rate: $rate, name: $name) {
      ...TaxSettingsFields
    }
  }
`;

const setCategoryTaxClass = /* GraphQL */ `
  mutation SetCategoryTaxClass($categoryId: Int!, $taxClassId: Int) {
    setCategoryTaxClass(categoryId: $categoryId, taxClassId: $taxClassId) {
      ...TaxSettingsFields
    }
  }
`;

export const AdminTaxSettingsDocument = lazyDocument<Types.AdminTaxSettingsQuery, Types.AdminTaxSettingsQueryVariables>(adminTaxSettings, taxSettingsFields);
export const SetPricesIncludeTaxDocument = lazyDocument<Types.SetPricesIncludeTaxMutation, Types.SetPricesIncludeTaxMutationVariables>(setPricesIncludeTax, taxSettingsFields);
export const SaveTaxClassDocument = lazyDocument<Types.SaveTaxClassMutation, Types.SaveTaxClassMutationVariables>(saveTaxClass, taxSettingsFields);
export const DeleteTaxClassDocument = lazyDocument<Types.DeleteTaxClassMutation, Types.DeleteTaxClassMutationVariables>(deleteTaxClass, taxSettingsFields);
export const SetTaxRateDocument = lazyDocument<Types.SetTaxRateMutation, Types.SetTaxRateMutationVariables>(setTaxRate, taxSettingsFields);
export const SetDeliveryTaxRateDocument = lazyDocument<Types.SetDeliveryTaxRateMutation, Types.SetDeliveryTaxRateMutationVariables>(setDeliveryTaxRate, taxSettingsFields);
export const SetCategoryTaxClassDocument = lazyDocument<Types.SetCategoryTaxClassMutation, Types.SetCategoryTaxClassMutationVariables>(setCategoryTaxClass, taxSettingsFields);
