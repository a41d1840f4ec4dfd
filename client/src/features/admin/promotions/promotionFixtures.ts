// Promotions as the API answers them, for the promotion screens' tests.
import type { AdminPromotionFieldsFragment } from "../../../graphql/generated/graphql";

export type PromotionFixture = AdminPromotionFieldsFragment & { __typename: "Promotion" };

export function promotionFixture(id: number, overrides: Partial<AdminPromotionFieldsFragment> = {}): PromotionFixture {
  return {
    __typename: "Promotion",
    id,
    name: `Promotion ${id}`,
    kind: "PERCENT_OFF",
    percent: 10,
    amount: null,
    buyQuantity: null,
    getQuantity: null,
    categoryIds: [],
    productIds: [],
    variantIds: [],
    minItems: null,
    minQuantity: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    combinable: false,
    onDiscountedItems: false,
    automatic: false,
    paused: false,
    status: "ACTIVE",
    uses: 0,
    code: `CODE${id}`,
    codeCount: 1,
    createdAt: "2026-10-01T00:00:00.000Z",
    ...overrides,
  };
}
