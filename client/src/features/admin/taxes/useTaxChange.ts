// A change to the shop's taxes answers the whole of its tax settings: the answer is written over the
// settings the screen shows (TaxSettings has no id of its own, so the cache cannot merge it by itself), and
// the carts' quotes, worked out with the old rates, are dropped.
import type { OperationVariables, TypedDocumentNode } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { type TaxSettingsFieldsFragment } from "../../../graphql/generated/graphql";
import { AdminTaxSettingsDocument } from "./operations";

export function useTaxChange<TData, TVariables extends OperationVariables>(
  change: TypedDocumentNode<TData, TVariables>,
  settingsOf: (data: TData) => TaxSettingsFieldsFragment,
) {
  return useMutation(change, {
    update: (cache, { data }) => {
      if (!data) return;
      const settings = settingsOf(data);
      cache.updateQuery({ query: AdminTaxSettingsDocument }, (current) => (current ? { ...current, taxSettings: settings } : current));
      cache.evict({ id: "ROOT_QUERY", fieldName: "cartQuote" });
      cache.gc();
    },
  });
}

export type TaxSettings = TaxSettingsFieldsFragment;
export type TaxClass = TaxSettings["classes"][number];

/** 20 -> "20%", 8.875 -> "8.875%". */
export const formatRate = (rate: number) => `${Number(rate.toFixed(4))}%`;
