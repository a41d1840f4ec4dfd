// The catalog room's public surface: other folders import it only from here.
export { categoryForm, CategoryService } from "./categories.js";
export { FavouriteService } from "./favourites.js";
export { countFilters, groupChoices, NO_FILTER_COUNTS, OPTION_FACET_LIMITS, optionFacets, PRICE_RANGES } from "./filters.js";
export type { FilterCounts, OptionChoice, OptionFacet } from "./filters.js";
export { averageRating, containsText, readsCatalogueFromPrimary, filterConditions, listKey, PRODUCT_COLUMNS, PRODUCT_PAGE_SIZE, PRODUCT_SORTS, productFromListRow, PRODUCTS_JOINED, SORT_KEYS } from "./listing.js";
export type { Category, CategoryMatches, ProductListOptions, ProductListRow, ProductPageOptions, ProductSearch, ProductSortOrder, ProductWithCategory, SearchPageOptions } from "./listing.js";
export { UNIT_PRICE_SQL, unitPriceCents } from "./prices.js";
export type { Priced } from "./prices.js";
export { CatalogService, productForm } from "./products.js";
export type { ProductInput } from "./products.js";
export { ratingForm, RatingService } from "./ratings.js";
export { SitemapSource } from "./sitemap.js";
export type { SitemapEntry } from "./sitemap.js";
export { firstFreeSlug, slugify } from "./slugs.js";
export { checkVariants, defaultVariant, optionWords, readVariants, saveVariants, SKU_PATTERN, storedOptions, VARIANT_LIMITS, variantLabel, withVariants, writeVariantGrid } from "./variants.js";
export type { CheckedGrid, CheckedVariant, ChosenValue, ProductOptionView, ProductVariants, VariantsInput, VariantView } from "./variants.js";
