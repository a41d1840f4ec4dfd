// A change to the shop's taxes answers the whole of its tax settings with their one id ("tax-settings"):
// Apollo's cache merges the answer into the settings every screen shows by itself. What the cache cannot
// know is left to here: the carts' quotes, worked out with the old rates, are dropped.
import type { OperationVariables, TypedDocumentNode } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { type TaxSettingsFieldsFragment } from "../../../graphql/generated/graphql";

export function useTaxChange<TData, TVariables extends OperationVariables>(change: TypedDocumentNode<TData, TVariables>) {
  return useMutation(change, {
    update: (cache) => {
      cache.evict({ id: "ROOT_QUERY", fieldName: "cartQuote" });
      cache.gc();
    },
  });
}

export type TaxSettings = TaxSettingsFieldsFragment;
export type TaxClass = TaxSettings["classes"][number];

/** 20 -> "20%", 8.875 -> "8.875%". */
export const formatRate = (rate: number) => `${Number(rate.toFixed(4))}%`;
