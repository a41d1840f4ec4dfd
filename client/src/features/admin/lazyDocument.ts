// Typed documents built from their /* GraphQL */ text when the lazy admin screen's chunk loads. Written when the
// client preset's one generated module put every document in the first load; since the browser build gives
// each generated document a module of its own (client/build/documents-apart.ts), an area could import its
// generated documents instead and skip this parse. The areas that use it (promotions, taxes, activity, staff
// roles, an order's view, a product's tax class) still do: behaviour and types are the same either way.
import type { TypedDocumentNode } from "@apollo/client";
import { parse } from "graphql";

/** The operation (and the fragments it spreads) as a typed document: the generated types, this chunk's AST. */
export function lazyDocument<TData, TVariables>(...texts: string[]): TypedDocumentNode<TData, TVariables> {
  return parse(texts.join("\n")) as TypedDocumentNode<TData, TVariables>;
}
