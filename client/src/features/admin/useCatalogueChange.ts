// A create, update or delete of a product, category or region, and what it changes in the cache: every
// list of products, categories and regions (and the wish-lists) reloads (spec section 4), storefront
// included. Each admin area names its changes with this hook (categories/useCategoryChanges.ts, ...).
import type { OperationVariables, TypedDocumentNode } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { reloadListsAfter } from "../../lib/apollo/reloadLists";

const reloadCatalogue = reloadListsAfter("catalogueChange");

export function useCatalogueChange<TData, TVariables extends OperationVariables>(change: TypedDocumentNode<TData, TVariables>) {
  return useMutation(change, { update: reloadCatalogue });
}
