// Typed documents that travel with the lazy admin screen that uses them, instead of with the first load.
// The client preset writes every document into one generated module, which the storefront's first page
// imports, so each admin operation would weigh on every shopper's first visit (the first-load budget). An
// area whose operations are many (promotions, taxes) writes each as a /* GraphQL */ string as usual —
// codegen still reads it and types it, and leaves the unused generated document to tree-shaking — and
// builds its document here, from the same text, when its screen's chunk loads.
import type { TypedDocumentNode } from "@apollo/client";
import { parse } from "graphql";

/** The operation (and the fragments it spreads) as a typed document: the generated types, this chunk's AST. */
export function lazyDocument<TData, TVariables>(...texts: string[]): TypedDocumentNode<TData, TVariables> {
  return parse(texts.join("\n")) as TypedDocumentNode<TData, TVariables>;
}
