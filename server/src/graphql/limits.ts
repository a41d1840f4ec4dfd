// Keeps one request from asking for unbounded work: a maximum selection depth and a maximum number
// of list-returning fields (each list may be a full table). Checked before anything runs.
import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isListType,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

export const MAX_DEPTH = 8;
export const MAX_LIST_FIELDS = 20;

function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, seen) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      if (seen.has(name) || !fragments[name]) continue; // cycles are reported by graphql's own rules
      deepest = Math.max(deepest, depthOf(fragments[name].selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return deepest;
}

export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = Object.fromEntries(
    context
      .getDocument()
      .definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  let listFields = 0;
  return {
    OperationDefinition(operation) {
      const depth = depthOf(operation.selectionSet, fragments, new Set());
      if (depth > MAX_DEPTH) {
        context.reportError(
          new GraphQLError(`This query is ${depth} levels deep; the limit is ${MAX_DEPTH}.`, {
            nodes: [operation],
            extensions: { reason: "QUERY_TOO_COMPLEX" },
          }),
        );
      }
    },
    Field(node) {
      const type = context.getType();
      if (!type || !isListType(getNullableType(type))) return;
      listFields += 1;
      if (listFields === MAX_LIST_FIELDS + 1) {
        context.reportError(
          new GraphQLError(
            `This request asks for more than ${MAX_LIST_FIELDS} lists (${getNamedType(type).name} at "${node.name.value}"). Split it into smaller requests.`,
            { nodes: [node], extensions: { code: "QUERY_TOO_COMPLEX" } },
          ),
        );
      }
    },
  };
}
