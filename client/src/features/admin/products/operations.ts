// The admin product screens' documents; codegen turns them into typed documents.
export const adminProductOperations = /* GraphQL */ `
  query AdminProducts($name: String, $first: Int!, $after: String) {
    products(name: $name, sort: NEWEST, first: $first, after: $after) {
      ...ProductCardPage
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
