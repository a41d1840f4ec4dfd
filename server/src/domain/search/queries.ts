// A search's queries, built from its plan: as the in-memory index takes them (IndexQuery), and as SQL (the
// matching condition and the rank of every match, RANK), so both ways answer the same products in the
// same order.
import { Prisma, type Category } from "../../generated/prisma/client.js";
import { containsText, type CategoryMatches, type ProductSortOrder, type ProductWithCategory, type SearchPageOptions } from "../catalog/index.js";
import { containsPattern, pageOf, type Page, type PageRequest, type SortKey } from "../shared/index.js";
import { RANK, type IndexQuery } from "./product-index.js";
import { matchQuery, nameOrCategoryQuery, nameQuery, type ReadWord } from "./words.js";

/** What is known about a search before its page is read: the categories it depends on, its words read. */
export interface SearchPlan {
  categories: CategoryMatches & { found: Category[] };
  words: ReadWord[];
}

// A tsquery as a parameter of that type: parsed once per statement, never per row (words are letters and
// digits only, lower-cased as the 'simple' configuration keeps them).
export const tsquery = (query: string) => Prisma.sql`${query}::tsquery`;

export const emptyPage = (request: PageRequest, list: string): Page<ProductWithCategory> =>
  pageOf([], request, list, () => [], (row: never) => row, async () => 0);

/** A page without a search text as the index takes it: every product, under the chosen filters. */
export function browseQuery(category: number | null, options: SearchPageOptions): IndexQuery {
  return indexQuery("", { words: [], categories: { chosen: category === null ? null : [category], containing: [], found: [] } }, options);
}

export const planKey = (search: string, category: string | null, suggesting: boolean) =>
  JSON.stringify([search.toLowerCase(), category?.toLowerCase() ?? null, suggesting]);

/** A search as the index takes it: the plan's words and categories, the chosen filters. */
export function indexQuery(
  search: string,
  plan: SearchPlan,
  filters: Partial<Pick<SearchPageOptions, "inStock" | "discounted" | "minPrice" | "maxPrice" | "options">> & { sort: ProductSortOrder },
): IndexQuery {
  return {
    text: search,
    words: plan.words,
    containing: plan.categories.containing,
    category: plan.categories.chosen?.[0] ?? null,
    inStock: filters.inStock ?? null,
    discounted: filters.discounted ?? null,
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
    options: filters.options ?? [],
    sort: filters.sort,
  };
}

/** A product matches: every word (or a correction of it) among its words, or the spec's substring rule. */
export function matches(search: string, plan: SearchPlan): Prisma.Sql {
  const substring = containsText(search, plan.categories);
  if (plan.words.length === 0) return substring;
  return Prisma.sql`(p.search_vector @@ ${tsquery(matchQuery(plan.words))} OR ${substring})`;
}

/**
 * The rank of a matching product (RANK). Without a plan (checking a cursor) only its shape matters: a
 * whole number, lowest first. Every matching row is ranked, so the cheap tests go first: the name is
 * only compared with the text (lower-cased once) when the name holds every word, which a name equal to
 * or starting with the text does; ILIKE (costly per row) only for the few rows no word test placed.
 */
export function rankKey(search: string, plan: SearchPlan | null): SortKey {
  if (plan === null) return { sql: Prisma.sql`0`, descending: false, kind: "int" };
  const text = search.toLowerCase();
  const startsOrEquals = Prisma.sql`(CASE
      WHEN NOT starts_with(lower(p.name), ${text}::text) THEN ${RANK.allWordsInName}::int4
      WHEN length(p.name) = ${text.length}::int4 THEN ${RANK.exactName}::int4
      ELSE ${RANK.nameStarts}::int4 END)`;
  const byName = plan.words.length ? Prisma.sql`WHEN p.search_vector @@ ${tsquery(nameQuery(plan.words))} THEN ${startsOrEquals}` : Prisma.empty;
  const inCategory = [
    ...(plan.categories.containing.length ? [Prisma.sql`p.category_id = ANY(${plan.categories.containing}::int4[])`] : []),
    ...(plan.words.length ? [Prisma.sql`p.search_vector @@ ${tsquery(nameOrCategoryQuery(plan.words))}`] : []),
  ];
  const byCategory = inCategory.length ? Prisma.sql`WHEN ${Prisma.join(inCategory, " OR ")} THEN ${RANK.category}::int4` : Prisma.empty;
  const sql = Prisma.sql`(CASE ${byName}
    WHEN p.name ILIKE ${containsPattern(search)} THEN ${startsOrEquals}
    ${byCategory}
    ELSE ${RANK.other}::int4 END)`;
  return { sql, descending: false, kind: "int" };
}
