// A create, update or delete of a product, category or region, and what it changes in the cache: every
// list of products, categories and regions (and the wish-lists) reloads, storefront
// included. Each admin area names its changes with these hooks (categories/useCategoryChanges.ts, ...).
import type { OperationVariables, TypedDocumentNode } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { reloadListsAfter } from "../../lib/apollo/reloadLists";
import { messages } from "../../lib/messages";
import { reportChange } from "../../lib/notify";
import { notifyServerFailure } from "./adminFeedback";

const reloadCatalogue = reloadListsAfter("catalogueChange");

export function useCatalogueChange<TData, TVariables extends OperationVariables>(change: TypedDocumentNode<TData, TVariables>) {
  return useMutation(change, { update: reloadCatalogue });
}

/**
 * Deleting a product, category or region from its list: which entry is being
 * deleted (its button spins), the server's message on success, and on failure the server's message,
 * else 'Try again later'.
 */
export function useCatalogueDelete<TData>(deletion: TypedDocumentNode<TData, { id: number }>, messageOf: (data: TData) => string) {
  const [deleteEntry] = useCatalogueChange(deletion);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const remove = async (id: number) => {
    setDeletingId(id);
    await reportChange(deleteEntry({ variables: { id } }), messageOf, (failure) => notifyServerFailure(failure, messages.deleteFailedFallback));
    setDeletingId(null);
  };
  return { deletingId, remove };
}
