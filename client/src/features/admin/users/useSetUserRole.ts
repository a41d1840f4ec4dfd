// Changing a user's role: the user lists reload.
import { useMutation } from "@apollo/client/react";
import { SetUserRoleDocument } from "../../../graphql/generated/graphql";
import { reloadListsAfter } from "../../../lib/apollo/reloadLists";

export function useSetUserRole() {
  return useMutation(SetUserRoleDocument, { update: reloadListsAfter("role") });
}
