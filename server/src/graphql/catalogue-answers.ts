// Which GraphQL answers are the same for every anonymous visitor, and so may be cached by browsers, CDNs
// and the shop itself (http/catalogue-cache.ts): a query (sent with GET, as automatic persisted queries
// are) without an Authorization header, whose root fields all read the catalogue, answered without errors.
// Everything else (a token, viewer, orders, favourites, users, a mutation, an error) says no-store.
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { rootFields } from "./limits.js";

/**
 * Root fields whose answers depend on the catalogue only: their types (Product, Category, Region and their
 * pages, a cart's quote at today's prices and fees) hold no personal field.
 */
export const CATALOGUE_FIELDS: ReadonlySet<string> = new Set([
  "products",
  "productFilters",
  "product",
  "categories",
  "category",
  "regions",
  "region",
  "searchSuggestions",
  "didYouMean",
  "cartQuote",
  "__typename",
]);

// Apollo keeps one parsed document per query text: the answer is kept with it, per operation.
const known = new WeakMap<OperationDefinitionNode, boolean>();

/** True when the operation is a query of catalogue fields only. */
export function readsOnlyCatalogue(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  let answer = known.get(operation);
  if (answer === undefined) {
    const fragments = Object.fromEntries(
      document.definitions
        .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
        .map((fragment) => [fragment.name.value, fragment]),
    );
    answer = operation.operation === "query" && rootFields(operation.selectionSet, fragments).every((field) => CATALOGUE_FIELDS.has(field.name.value));
    known.set(operation, answer);
  }
  return answer;
}

/** The Cache-Control of a cacheable catalogue answer: fresh for `seconds`, then served stale as long while it is refreshed. */
export const catalogueCacheControl = (seconds: number) => `public, max-age=${seconds}, stale-while-revalidate=${seconds}`;
