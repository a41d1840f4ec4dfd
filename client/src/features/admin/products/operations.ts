// The admin product screens' documents; codegen turns them into typed documents.
export const adminProductOperations = /* GraphQL */ `
  query AdminProducts($name: String, $first: Int!, $after: String) {
    products(name: $name, sort: NEWEST, first: $first, after: $after) {
      ...ProductCardPage
      edges {
        node {
          ...AdminProductStock
        }
      }
    }
  }

  query ProductCategories {
    categories(first: 100) {
      nodes {
        id
        name
      }
    }
  }

  query AdminProduct($slug: String!) {
    product(slug: $slug) {
      id
      slug
      name
      description
      price
      discountPrice
      quantity
      images {
        ...ProductPictureFields
      }
      category {
        id
        name
      }
      ...AdminVariantGrid
    }
  }

  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      message
      product {
        ...ProductCardFields
      }
    }
  }

  mutation UpdateProduct($id: Int!, $input: ProductUpdateInput!) {
    updateProduct(id: $id, input: $input) {
      message
      product {
        ...ProductCardFields
        description
        imageTwo
      }
    }
  }

  mutation SaveProductVariants($productId: Int!, $input: ProductVariantsInput!) {
    saveProductVariants(productId: $productId, input: $input) {
      ...AdminVariantGrid
    }
  }

  mutation DeleteProduct($id: Int!) {
    deleteProduct(id: $id) {
      message
    }
  }
`;

/** What the admin product list shows beside each card: the total stock and what tells whether it runs low. */
export const adminProductStockFields = /* GraphQL */ `
  fragment AdminProductStock on Product {
    id
    totalQuantity
    variants(everyVariant: true) {
      id
      enabled
      quantity
    }
  }
`;

/**
 * The variant grid of the edit screen: the options, every variant (admins see those off sale too), and the
 * product's own price, discount price and stock (its default variant's), which new rows start from.
 */
export const adminVariantGridFields = /* GraphQL */ `
  fragment AdminVariantGrid on Product {
    id
    slug
    name
    price
    discountPrice
    quantity
    totalQuantity
    options {
      id
      name
      values {
        id
        value
      }
    }
    variants(everyVariant: true) {
      id
      sku
      price
      discountPrice
      quantity
      enabled
      isDefault
      imageRef
      image {
        ...ProductPictureFields
      }
      options {
        name
        value
      }
    }
  }
`;
