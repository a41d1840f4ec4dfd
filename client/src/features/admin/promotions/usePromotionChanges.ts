// The promotion changes an admin makes, and what each makes stale: a new or deleted promotion changes the
// list; any change may change whether the cart offers its code field (acceptsPromotionCodes) and what carts
// are quoted. An updated or paused promotion updates itself in the cache (it has an id).
import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { CreatePromotionDocument, DeletePromotionDocument, GeneratePromotionCodesDocument, SetPromotionPausedDocument, UpdatePromotionDocument } from "./operations";

const STALE_AFTER_A_CHANGE = ["acceptsPromotionCodes", "cartQuote"] as const;

function forget(cache: ApolloCache, fieldNames: readonly string[]) {
  for (const fieldName of fieldNames) cache.evict({ id: "ROOT_QUERY", fieldName });
  cache.gc();
}

export const useCreatePromotion = () => useMutation(CreatePromotionDocument, { update: (cache) => forget(cache, ["promotions", ...STALE_AFTER_A_CHANGE]) });

export const useUpdatePromotion = () => useMutation(UpdatePromotionDocument, { update: (cache) => forget(cache, STALE_AFTER_A_CHANGE) });

export const useSetPromotionPaused = () => useMutation(SetPromotionPausedDocument, { update: (cache) => forget(cache, STALE_AFTER_A_CHANGE) });

export const useDeletePromotion = () =>
  useMutation(DeletePromotionDocument, {
    update: (cache, _result, { variables }) => {
      if (variables) cache.evict({ id: cache.identify({ __typename: "Promotion", id: variables.id }) });
      forget(cache, STALE_AFTER_A_CHANGE);
    },
  });

/**
 * Adds a batch of single-use codes; the promotion's code count grows by the codes added. Of the statuses only
 * "no codes" depends on the codes, and what follows it is the server's to say (active or scheduled): a
 * promotion that had none has its status dropped, so the screens showing it ask for it again.
 */
export const useGeneratePromotionCodes = () =>
  useMutation(GeneratePromotionCodesDocument, {
    update: (cache, { data }, { variables }) => {
      if (!data || !variables) return;
      const id = cache.identify({ __typename: "Promotion", id: variables.id });
      cache.modify({
        id,
        fields: {
          codeCount: (count: number) => count + data.generatePromotionCodes,
          status: (status: string, { DELETE }) => (status === "NO_CODES" && data.generatePromotionCodes > 0 ? DELETE : status),
        },
      });
      forget(cache, STALE_AFTER_A_CHANGE);
    },
  });
