// The owner's staff roles: its document travels with the user screen's lazy chunk (see ../lazyDocument.ts),
// not with the storefront's first load. Codegen reads the text and types it.
import type * as Types from "../../../graphql/generated/graphql";
import { lazyDocument } from "../lazyDocument";

const setStaffRole = /* GraphQL */ `
  # The owner gives a staff role (null: the spec's admin), making a shopper an admin on the way.
  mutation SetStaffRole($id: Int!, $staffRole: StaffRole) {
    setStaffRole(id: $id, staffRole: $staffRole) {
      message
      user {
        id
        role
        staffRole
      }
    }
  }
`;

export const SetStaffRoleDocument = lazyDocument<Types.SetStaffRoleMutation, Types.SetStaffRoleMutationVariables>(setStaffRole);
