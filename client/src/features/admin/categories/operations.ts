// The admin category screens' documents; codegen turns them into typed documents.
export const adminCategoryOperations = /* GraphQL */ `
  query AdminCategories($search: String, $first: Int!, $after: String) {
    categories(search: $search, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          name
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }

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
