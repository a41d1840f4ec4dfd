// The admin product screens' documents; codegen turns them into typed documents. The list itself is the
// shop's catalogue (lib/catalog/shopCatalog), so the storefront and the admin share one cached list.
export const adminProductOperations = /* GraphQL */ `
  query AdminProduct($slug: String!) {
    product(slug: $slug) {
      id
      slug
      name
      description
      price
      discountPrice
      quantity
      imageOne
      imageTwo
      category {
        id
        name
      }
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

  mutation DeleteProduct($id: Int!) {
    deleteProduct(id: $id) {
      message
    }
  }
`;
