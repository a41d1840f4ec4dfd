// The account screens' documents; codegen turns them into typed documents.
export const accountOperations = /* GraphQL */ `
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      message
    }
  }

  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      accessToken
      user {
        ...SessionUserFields
      }
    }
  }

  mutation Logout {
    logout {
      message
    }
  }

  mutation UpdateAccount($name: String!, $email: String!, $currentPassword: String) {
    updateAccount(name: $name, email: $email, currentPassword: $currentPassword) {
      message
      user {
        ...SessionUserFields
      }
    }
  }

  mutation UpdateContact($phone: String!, $address: String!) {
    updateContact(phone: $phone, address: $address) {
      message
      user {
        ...SessionUserFields
      }
    }
  }

  mutation UpdatePassword($oldPassword: String!, $password: String!, $passwordConfirmation: String!) {
    updatePassword(oldPassword: $oldPassword, password: $password, passwordConfirmation: $passwordConfirmation) {
      message
    }
  }

  # Password reset by email.
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      message
    }
  }

  query PasswordResetLinkValid($token: String!) {
    passwordResetLinkValid(token: $token)
  }

  mutation ResetPassword($token: String!, $password: String!, $passwordConfirmation: String!) {
    resetPassword(token: $token, password: $password, passwordConfirmation: $passwordConfirmation) {
      accessToken
      user {
        ...SessionUserFields
      }
    }
  }

  # The address book (the list itself is lib/addresses' MyAddresses). The regions to pick from are the
  # checkout's delivery regions, the same list and page size, so both read one cached answer.
  query AddressRegions {
    regions(first: 100) {
      nodes {
        id
        name
        fee
      }
    }
  }

  mutation SaveAddress($id: Int, $input: AddressInput!) {
    saveAddress(id: $id, input: $input) {
      ...AddressFields
    }
  }

  mutation SetDefaultAddress($id: Int!) {
    setDefaultAddress(id: $id) {
      ...AddressFields
    }
  }

  mutation DeleteAddress($id: Int!) {
    deleteAddress(id: $id) {
      message
    }
  }
`;

// The account screen's 'Your data': everything the shop keeps about the shopper (one JSON document), and leaving.
export const yourDataOperations = /* GraphQL */ `
  query MyData {
    myData
  }

  mutation DeleteMyAccount($password: String!) {
    deleteMyAccount(password: $password) {
      message
    }
  }
`;
