// Sample shop data for screen tests, shaped like the API's answers (with __typename, as Apollo's cache expects).
import type { MockLink } from "@apollo/client/testing";
import { ShopCatalogDocument, type ProductCardFieldsFragment } from "../graphql/generated/graphql";

const indoor = { __typename: "Category" as const, id: 1, name: "Indoor Plants" };
const tools = { __typename: "Category" as const, id: 2, name: "Garden Tools" };

export function product(id: number, overrides: Partial<ProductCardFieldsFragment> = {}): ProductCardFieldsFragment & { __typename: "Product" } {
  return {
    __typename: "Product",
    id,
    slug: `plant-${id}`,
    name: `Plant ${id}`,
    imageOne: `/uploads/plant-${id}.svg`,
    price: 20,
    discountPrice: null,
    quantity: 5,
    rating: 0,
    peopleRated: 0,
    createdAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
    category: indoor,
    ...overrides,
  };
}

export const fern = product(101, { slug: "boston-fern", name: "Boston Fern", price: 30, discountPrice: 20, quantity: 3, rating: 14, peopleRated: 3 });
export const shovel = product(102, { slug: "steel-shovel", name: "Steel Shovel", price: 45, category: tools, quantity: 10 });
export const cactus = product(103, { slug: "tiny-cactus", name: "Tiny Cactus", price: 8, quantity: 0 });

export const categories = [indoor, tools];
export const regions = [
  { __typename: "Region" as const, id: 1, name: "Portland Metro", fee: 5 },
  { __typename: "Region" as const, id: 2, name: "Rest of Oregon", fee: 12.5 },
];

export function catalogMock(products = [fern, shovel, cactus], options: { delay?: number; error?: Error } = {}): MockLink.MockedResponse {
  return {
    request: { query: ShopCatalogDocument },
    ...(options.error ? { error: options.error } : { result: { data: { products, categories, regions } } }),
    delay: options.delay ?? 0,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}
