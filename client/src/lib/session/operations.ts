// The signed-in user's documents; codegen turns them into typed documents. The user comes with their staff
// role and what it lets them do in the back office (abilities), which the admin menu and routes read.
export const sessionOperations = /* GraphQL */ `
  fragment SessionUserFields on User {
    id
    name
    email
    role
    staffRole
    abilities
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
