// The admin user screens' documents; codegen turns them into typed documents.
export const adminUserOperations = /* GraphQL */ `
  query AdminUsers($search: String, $first: Int!, $after: String) {
    users(search: $search, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          name
          email
          role
          staffRole
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }

  query AdminUser($id: Int!, $first: Int!, $after: String) {
    user(id: $id) {
      id
      name
      email
      role
      staffRole
      address
      phone
      createdAt
      orders(first: $first, after: $after) {
        ...OrderSummaryPage
      }
    }
  }

  # The emails the shop wrote to the user, newest first.
  query AdminUserEmails($id: Int!, $first: Int!, $after: String) {
    user(id: $id) {
      id
      emails(first: $first, after: $after) {
        edges {
          cursor
          node {
            id
            subject
            recipient
            state
            attempts
            lastError
            createdAt
            sentAt
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
        totalCount
      }
    }
  }

  mutation SetUserRole($id: Int!, $role: Role!) {
    setUserRole(id: $id, role: $role) {
      message
      user {
        id
        role
        staffRole
      }
    }
  }
`;
