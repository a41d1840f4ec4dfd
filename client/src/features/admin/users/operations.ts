// The admin user screens' documents; codegen turns them into typed documents.
export const adminUserOperations = /* GraphQL */ `
  query AdminUsers {
    users {
      id
      name
      email
      role
      createdAt
    }
  }

  query AdminUser($id: Int!) {
    user(id: $id) {
      id
      name
      email
      role
      address
      phone
      createdAt
      orders {
        id
        orderNumber
        status
        totalItems
        total
        createdAt
      }
    }
  }

  mutation SetUserRole($id: Int!, $role: Role!) {
    setUserRole(id: $id, role: $role) {
      message
      user {
        id
        role
      }
    }
  }
`;
