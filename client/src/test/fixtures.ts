// Sample shop data for screen tests, shaped like the API's answers (with __typename, as Apollo's cache
// expects): products, categories and regions, pages of connections, and the storefront's queries.
import type { DocumentNode } from "graphql";
import type { MockLink } from "@apollo/client/testing";
import {
  CartQuoteDocument,
  CategoryPageDocument,
  CategoryProductsDocument,
  CheckoutOptionsDocument,
  HomePageDocument,
  ProductCategoriesDocument,
  SearchPageDocument,
  SearchProductsDocument,
  type CartQuoteQueryVariables,
  type ProductCardFieldsFragment,
  type ProductFilterCountsFragment,
  type ProductSort,
} from "../graphql/generated/graphql";
import { STOREFRONT_PAGE_SIZE } from "../lib/apollo/pages";
import type { ProductFilterVariables } from "../lib/catalog/productFilters";

const indoor = { __typename: "Category" as const, id: 1, name: "Indoor Plants" };
const tools = { __typename: "Category" as const, id: 2, name: "Garden Tools" };

export type ProductFixture = ProductCardFieldsFragment & { __typename: "Product" };

/** A picture as the API answers it: renditions at 320 and 640 px in AVIF, WebP and JPEG. */
export function picture(name: string, alt = name) {
  const at = (width: number, extension: string) => `/uploads/${name}-${width}.${extension} ${width}w`;
  return {
    __typename: "Image" as const,
    url: `/uploads/${name}-640.jpg`,
    width: 800,
    height: 600,
    placeholder: "data:image/webp;base64,UklGRg==",
    alt,
    srcSet: `${at(320, "jpg")}, ${at(640, "jpg")}`,
    sources: [
      { __typename: "ImageSource" as const, type: "image/avif", srcSet: `${at(320, "avif")}, ${at(640, "avif")}` },
      { __typename: "ImageSource" as const, type: "image/webp", srcSet: `${at(320, "webp")}, ${at(640, "webp")}` },
    ],
  };
}

/**
 * A product card as the API answers it. Sold in one variant unless the overrides say otherwise: its price
 * range is its unit price, its total stock its stock, its best discount its own.
 */
export function product(id: number, overrides: Partial<ProductCardFieldsFragment> = {}): ProductFixture {
  const card = {
    __typename: "Product" as const,
    id,
    slug: `plant-${id}`,
    name: `Plant ${id}`,
    image: picture(`plant-${id}`, `Plant ${id}`),
    price: 20,
    discountPrice: null,
    quantity: 5,
    rating: 0,
    peopleRated: 0,
    ...overrides,
  };
  const unitPrice = card.discountPrice ?? card.price;
  const priceRange = { __typename: "PriceRange" as const, min: unitPrice, max: unitPrice };
  const bestDiscount = card.discountPrice === null ? null : { __typename: "DiscountedPrice" as const, price: card.price, discountPrice: card.discountPrice };
  return {
    priceRange,
    bestDiscount,
    variantCount: 1,
    totalQuantity: card.quantity,
    ...card,
  };
}

export const fern = product(101, { slug: "boston-fern", name: "Boston Fern", price: 30, discountPrice: 20, quantity: 3, rating: 14, peopleRated: 3 });
export const shovel = product(102, { slug: "steel-shovel", name: "Steel Shovel", price: 45, quantity: 10 });
export const cactus = product(103, { slug: "tiny-cactus", name: "Tiny Cactus", price: 8, quantity: 0 });

export const categories = [indoor, tools];
export const regions = [
  { __typename: "Region" as const, id: 1, name: "Portland Metro", fee: 5 },
  { __typename: "Region" as const, id: 2, name: "Rest of Oregon", fee: 12.5 },
];

/** The cursor the fake API gives an entry: its id, so a test can say which `after` it expects. */
export const cursorOf = (entry: { id: number | string }) => `cursor-${entry.id}`;

export interface PageOptions {
  hasNextPage?: boolean;
  /** Over all pages; the page's own length when left out. */
  totalCount?: number;
}

/** One page of a connection (`edges`, `pageInfo`, `totalCount`) as the API answers it. */
export function connection<T extends { id: number | string; __typename?: string }>(typename: string, nodes: readonly T[], options: PageOptions = {}) {
  const last = nodes[nodes.length - 1];
  return {
    __typename: `${typename}Connection`,
    edges: nodes.map((node) => ({ __typename: `${typename}Edge`, cursor: cursorOf(node), node })),
    pageInfo: { __typename: "PageInfo" as const, hasNextPage: options.hasNextPage ?? false, endCursor: last ? cursorOf(last) : null },
    totalCount: options.totalCount ?? nodes.length,
  };
}

/** A list asked for in one go (`nodes`). */
export const nodeList = <T,>(typename: string, nodes: readonly T[]) => ({ __typename: `${typename}Connection`, nodes });

interface MockOptions {
  delay?: number;
  error?: Error;
  /** How often the mock answers; every time when left out. */
  times?: number;
}

function answer(data: object, options: MockOptions) {
  return {
    ...(options.error ? { error: options.error } : { result: { data } }),
    delay: options.delay ?? 0,
    maxUsageCount: options.times ?? Number.POSITIVE_INFINITY,
  };
}

/** The home page's one request: new arrivals, the discounted products and the categories, as the server picks them. */
export function homeMock(
  shelves: { newArrivals?: ProductFixture[]; discounted?: ProductFixture[] } = {},
  options: MockOptions = {},
): MockLink.MockedResponse {
  return {
    request: { query: HomePageDocument },
    ...answer(
      {
        newArrivals: nodeList("Product", shelves.newArrivals ?? [cactus, shovel, fern]),
        discounted: nodeList("Product", shelves.discounted ?? [fern]),
        categories: nodeList("Category", categories),
      },
      options,
    ),
  };
}

/** The price ranges the API offers, in dollars (server domain/product-filters.ts). */
const PRICE_RANGES = [
  [0, 10],
  [10, 25],
  [25, 50],
  [50, 100],
  [100, null],
] as const;

/**
 * The filters' counts as productFilters answers them: `priceRanges` gives each range's count in order
 * (0 for those left out); categories as [category, count].
 */
export function filterCounts(
  counts: {
    total?: number;
    categories?: Array<[{ id: number; name: string }, number]>;
    priceRanges?: number[];
    inStock?: number;
    discounted?: number;
    /** The options offered, each value as [value, count]: { "Pot size": [["12 cm", 2]] }. None by default. */
    options?: Record<string, Array<[string, number]>>;
  } = {},
): ProductFilterCountsFragment & { __typename: "ProductFilters" } {
  return {
    __typename: "ProductFilters",
    total: counts.total ?? 0,
    categories: (counts.categories ?? []).map(([category, count]) => ({
      __typename: "CategoryFilter" as const,
      category: { __typename: "Category" as const, ...category },
      count,
    })),
    priceRanges: PRICE_RANGES.map(([minPrice, maxPrice], index) => ({
      __typename: "PriceRangeFilter" as const,
      minPrice,
      maxPrice,
      count: counts.priceRanges?.[index] ?? 0,
    })),
    inStock: counts.inStock ?? 0,
    discounted: counts.discounted ?? 0,
    options: Object.entries(counts.options ?? {}).map(([name, values]) => ({
      __typename: "OptionFilter" as const,
      name,
      values: values.map(([value, count]) => ({ __typename: "OptionValueFilter" as const, value, count })),
    })),
  };
}

/** Which page of a product list a mock answers, and the filters it was asked with. */
export interface ProductPageOptions extends PageOptions {
  sort?: ProductSort;
  /** A later page ('Load more': products only); the first page comes with the filters' counts. */
  after?: string | null;
  filters?: ProductFilterVariables;
  /** The filters' counts with the first page (by default: the total, nothing else). */
  counts?: ProductFilterCountsFragment;
}

/** A page of a product list: the first with the filters' counts (one request), a later one alone. */
function productPageMock(
  documents: { firstPage: DocumentNode; laterPage: DocumentNode },
  variables: Record<string, unknown>,
  products: ProductFixture[],
  page: ProductPageOptions,
  options: MockOptions,
): MockLink.MockedResponse {
  const { sort = "DEFAULT", after = null, filters = {}, counts, ...pageOptions } = page;
  const asked = { ...variables, sort, first: STOREFRONT_PAGE_SIZE, ...filters };
  const list = connection("Product", products, pageOptions);
  if (after) return { request: { query: documents.laterPage, variables: { ...asked, after } }, ...answer({ products: list }, options) };
  const productFilters = counts ?? filterCounts({ total: list.totalCount });
  return { request: { query: documents.firstPage, variables: asked }, ...answer({ products: list, productFilters }, options) };
}

/** One page of a category's products. */
export function categoryPageMock(category: string, products: ProductFixture[], page: ProductPageOptions = {}, options: MockOptions = {}): MockLink.MockedResponse {
  return productPageMock({ firstPage: CategoryPageDocument, laterPage: CategoryProductsDocument }, { category }, products, page, options);
}

/** One page of search results. */
export function searchPageMock(search: string, products: ProductFixture[], page: ProductPageOptions = {}, options: MockOptions = {}): MockLink.MockedResponse {
  return productPageMock({ firstPage: SearchPageDocument, laterPage: SearchProductsDocument }, { search }, products, page, options);
}

/** The categories for the product form's select. */
export const productCategoriesMock = (options: MockOptions = {}): MockLink.MockedResponse => ({
  request: { query: ProductCategoriesDocument },
  ...answer({ categories: nodeList("Category", categories) }, options),
});

/** How the shop takes payment: by default the spec's card form (simulated); Stripe's page when paysOutside. */
export interface ShopPaymentsFixture {
  provider: string;
  paysOutside: boolean;
  holdMinutes: number;
}

export const simulatedPayments: ShopPaymentsFixture = { provider: "simulated", paysOutside: false, holdMinutes: 30 };
export const stripePayments: ShopPaymentsFixture = { provider: "stripe", paysOutside: true, holdMinutes: 30 };

/** What the checkout offers: the regions for its select, and how the shop takes payment. */
export const checkoutOptionsMock = (options: MockOptions & { payments?: ShopPaymentsFixture } = {}): MockLink.MockedResponse => ({
  request: { query: CheckoutOptionsDocument },
  ...answer({ regions: nodeList("Region", regions), shopPayments: { __typename: "ShopPayments", ...(options.payments ?? simulatedPayments) } }, options),
});

/** The answer to one query with these variables (all of them, as the screen sends them). */
export function queryMock(
  query: DocumentNode,
  variables: Record<string, unknown>,
  data: object,
  options: MockOptions = {},
): MockLink.MockedResponse {
  return { request: { query, variables }, ...answer(data, options) };
}

/**
 * What the fake cartQuote server prices by: today's unit price of each product it has (of its only
 * variant), of each variant it sells by id (a line naming a variant not listed here buys its product's
 * price), and each region's fee.
 */
export interface QuotePrices {
  unitPrices: Record<number, number>;
  variantPrices?: Record<number, number>;
  /** Variants no longer on sale: their lines are left out (their product, still sold in others, is not named). */
  variantsOffSale?: number[];
  fees?: Record<number, number>;
  /** Products now sold in several variants: a line naming the product alone is left out with this choice to make. */
  choices?: Record<number, string>;
}

export interface CartQuoteServer {
  mock: MockLink.MockedResponse;
  /** The variables of every cartQuote request, in order. */
  asked: CartQuoteQueryVariables[];
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * cartQuote as the server answers it, for any cart: each line at the unit price given here (a product not
 * listed no longer exists: left out and named in missingProductIds), the region's fee, the total. Give
 * prices that differ from the cart's saved ones to show that a screen shows the server's figures. A line
 * naming only its product buys the product's only variant, whose id the fake makes the product's.
 */
export function cartQuoteServer(prices: QuotePrices, options: MockOptions = {}): CartQuoteServer {
  const asked: CartQuoteQueryVariables[] = [];
  const mock: MockLink.MockedResponse = {
    request: { query: CartQuoteDocument, variables: () => true },
    result: (variables: CartQuoteQueryVariables) => {
      asked.push(variables);
      const named = [variables.lines].flat();
      const toChoose = named.filter((line) => line.variantId == null && line.productId != null && prices.choices?.[line.productId] !== undefined);
      const lines = named
        .filter((line) => !toChoose.includes(line))
        .map((line) => ({ productId: line.productId ?? 0, variantId: line.variantId ?? line.productId ?? 0, quantity: line.quantity }));
      const unitPrice = (line: { productId: number; variantId: number }) => prices.variantPrices?.[line.variantId] ?? prices.unitPrices[line.productId];
      const known = lines.filter((line) => line.productId in prices.unitPrices && !prices.variantsOffSale?.includes(line.variantId));
      const itemsCents = known.reduce((sum, line) => sum + cents(unitPrice(line)) * line.quantity, 0);
      const feeCents = variables.regionId == null ? 0 : cents(prices.fees?.[variables.regionId] ?? 0);
      return {
        data: {
          cartQuote: {
            __typename: "CartQuote",
            lines: known.map((line) => ({
              __typename: "CartQuoteLine",
              productId: line.productId,
              variantId: line.variantId,
              lineTotal: (cents(unitPrice(line)) * line.quantity) / 100,
            })),
            totalQuantity: known.reduce((sum, line) => sum + line.quantity, 0),
            itemsTotal: itemsCents / 100,
            deliveryFee: feeCents / 100,
            total: (itemsCents + feeCents) / 100,
            missingProductIds: lines.filter((line) => !(line.productId in prices.unitPrices)).map((line) => line.productId),
            choicesToMake: toChoose.map((line) => ({ __typename: "CartChoiceToMake", productId: line.productId!, message: prices.choices![line.productId!] })),
          },
        },
      };
    },
    delay: options.delay ?? 0,
    maxUsageCount: options.times ?? Number.POSITIVE_INFINITY,
  };
  return { mock, asked };
}

/** cartQuote failing (the network is down) for any cart, `times` times (once by default). */
export const cartQuoteFailure = (times = 1): MockLink.MockedResponse => ({
  request: { query: CartQuoteDocument, variables: () => true },
  error: new Error("Failed to fetch"),
  maxUsageCount: times,
});
