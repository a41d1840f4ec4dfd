// The admin tax screen's documents; codegen turns them into typed documents. Every change answers the
// shop's whole tax settings (TaxSettingsFields), which the screen writes back over its query.

export const taxSettingsFields = /* GraphQL */ `
  fragment TaxSettingsFields on TaxSettings {
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

export const adminTaxOperations = /* GraphQL */ `
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

  mutation SetPricesIncludeTax($included: Boolean!) {
    setPricesIncludeTax(included: $included) {
      ...TaxSettingsFields
    }
  }

  mutation SaveTaxClass($id: Int, $name: String!) {
    saveTaxClass(id: $id, name: $name) {
      ...TaxSettingsFields
    }
  }

  mutation DeleteTaxClass($id: Int!) {
    deleteTaxClass(id: $id) {
      ...TaxSettingsFields
    }
  }

  mutation SetTaxRate($regionId: Int!, $taxClassId: Int!, $rate: Float, $name: String) {
    setTaxRate(regionId: $regionId, taxClassId: $taxClassId, rate: $rate, name: $name) {
      ...TaxSettingsFields
    }
  }

  mutation SetDeliveryTaxRate($regionId: Int!, $rate: Float, $name: String) {
    setDeliveryTaxRate(regionId: $regionId, rate: $rate, name: $name) {
      ...TaxSettingsFields
    }
  }

  mutation SetCategoryTaxClass($categoryId: Int!, $taxClassId: Int) {
    setCategoryTaxClass(categoryId: $categoryId, taxClassId: $taxClassId) {
      ...TaxSettingsFields
    }
  }
`;
