// The signed-in user's documents; codegen turns them into typed documents.
export const sessionOperations = /* GraphQL */ `
  fragment SessionUserFields on User {
    id
    name
    email
    role
    address
    phone
    createdAt
  }

  query CurrentUser {
    me {
      ...SessionUserFields
    }
  }
`;
