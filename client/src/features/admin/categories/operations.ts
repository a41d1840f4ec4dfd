// The admin category screens' documents; codegen turns them into typed documents. The list is the
// shop's catalogue (lib/catalog/shopCatalog).
export const adminCategoryOperations = /* GraphQL */ `
  query AdminCategory($id: Int!) {
    category(id: $id) {
      id
      name
    }
  }

  mutation CreateCategory($name: String!) {
    createCategory(name: $name) {
      message
      category {
        id
        name
      }
    }
  }

  mutation UpdateCategory($id: Int!, $name: String!) {
    updateCategory(id: $id, name: $name) {
      message
      category {
        id
        name
      }
    }
  }

  mutation DeleteCategory($id: Int!) {
    deleteCategory(id: $id) {
      message
    }
  }
`;
