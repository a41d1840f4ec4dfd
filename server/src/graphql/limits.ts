// Keeps one request from asking for unbounded work. Checked before anything runs (graphql validation
// rules; Apollo answers 400 GRAPHQL_VALIDATION_FAILED), together with Apollo's parse limit MAX_TOKENS:
// - depth: at most MAX_DEPTH levels of data (introspection, whose size is the schema's, MAX_INTROSPECTION_DEPTH);
// - lists: at most MAX_LIST_FIELDS lists, a connection (a page) counting once, its edges and nodes being
//   that same page;
// - page items: at most MAX_PAGE_ITEMS items asked for in pages, nested pages multiplying (a page of
//   users each asking for a page of orders weighs users x orders);
// - aliases: at most MAX_ALIASES, so one request cannot run the same lookup thousands of times;
// - cost: at most MAX_COST objects the answer may hold, a list counting its page size (`first`, or the
//   old `limit`) times what each item asks for (see queryCost);
// - one at a time: at most one of the mutations that check or set a password or place an order, so
//   aliases cannot turn one request into many sign-in guesses, sign-ups or orders.
// Every operation the client sends must pass these: a test validates each of its typed documents.
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromAST,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { MAX_PAGE_SIZE } from "../domain/shared/index.js";

export const MAX_DEPTH = 8;
export const MAX_INTROSPECTION_DEPTH = 15;
export const MAX_LIST_FIELDS = 20;
export const MAX_ALIASES = 20;
export const MAX_COST = 5_000;
/** Enough for any screen of the shop (the home page asks for 6 + 12 products and 100 categories). */
export const MAX_PAGE_ITEMS = 1000;
/** Apollo's parseOptions.maxTokens: a document longer than this is not even parsed. */
export const MAX_TOKENS = 2_000;
/** The largest page a list serves (`first` up to 100): a page size sent in a variable counts as this. */
export const LARGEST_PAGE = 100;
/** What a list without any page-size argument counts as (categories, regions, an order's lines). */
export const UNSIZED_LIST = 20;
/** Mutations of which one request may run at most one between them. */
// requestPasswordReset and resetPassword (issue 23): each hashes a password or writes an email, like sign-up.
export const ONE_AT_A_TIME = ["login", "register", "placeOrder", "updatePassword", "updateAccount", "requestPasswordReset", "resetPassword"] as const;

const PAGE_SIZE_ARGUMENTS = ["first", "limit"];

type Fragments = Record<string, FragmentDefinitionNode>;

export const fragmentsOf = (context: ValidationContext): Fragments =>
  Object.fromEntries(
    context
      .getDocument()
      .definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );

const isIntrospection = (name: string) => name.startsWith("__");

/**
 * How many levels of data a selection holds. A fragment's depth is the same wherever it is spread, so each
 * is walked once (memo): a fragment spread twice in a fragment spread twice... would otherwise be walked
 * 2^n times, a way to stall the server with a document of a few hundred tokens.
 */
function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Fragments, seen: Set<string>, memo = new Map<string, number>()): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, seen, memo) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen, memo));
    } else {
      const name = selection.name.value;
      if (seen.has(name) || !fragments[name]) continue; // cycles are reported by graphql's own rules
      if (!memo.has(name)) memo.set(name, depthOf(fragments[name].selectionSet, fragments, new Set([...seen, name]), memo));
      deepest = Math.max(deepest, memo.get(name)!);
    }
  }
  return deepest;
}

/** The root fields an operation selects, through fragments and inline fragments at the root. */
export function rootFields(selectionSet: SelectionSetNode, fragments: Fragments, seen = new Set<string>()): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...rootFields(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
      seen.add(selection.name.value);
      fields.push(...rootFields(fragments[selection.name.value].selectionSet, fragments, seen));
    }
  }
  return fields;
}

function tooComplex(message: string, node: OperationDefinitionNode | FieldNode, reason: string): GraphQLError {
  return new GraphQLError(message, { nodes: [node], extensions: { reason } });
}

/** Depth, per root field: data fields MAX_DEPTH, introspection MAX_INTROSPECTION_DEPTH (Sandbox's own query is 14). */
export function depthLimitRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context);
  const memo = new Map<string, number>();
  return {
    OperationDefinition(operation) {
      for (const field of rootFields(operation.selectionSet, fragments)) {
        const limit = isIntrospection(field.name.value) ? MAX_INTROSPECTION_DEPTH : MAX_DEPTH;
        const depth = field.selectionSet ? 1 + depthOf(field.selectionSet, fragments, new Set(), memo) : 0;
        if (depth > limit) {
          context.reportError(tooComplex(`This query is ${depth} levels deep; the limit is ${limit}.`, operation, "QUERY_TOO_DEEP"));
          return;
        }
      }
    },
  };
}

/** A Relay connection type of the schema: ProductConnection, OrderConnection, ... */
const isConnection = (type: GraphQLNamedType | undefined | null): boolean =>
  isObjectType(type) && type.name.endsWith("Connection") && "pageInfo" in type.getFields();

export function listFieldsRule(context: ValidationContext): ASTVisitor {
  let listFields = 0;
  return {
    Field(node) {
      const type = context.getType();
      // A page counts once: at its connection field, not again at its edges and nodes.
      const isPage = isConnection(type ? getNamedType(type) : undefined);
      const isPartOfPage = isConnection(context.getParentType());
      if (!type || isPartOfPage || (!isPage && !isListType(getNullableType(type)))) return;
      listFields += 1;
      if (listFields === MAX_LIST_FIELDS + 1) {
        context.reportError(
          tooComplex(
            `This request asks for more than ${MAX_LIST_FIELDS} lists (${getNamedType(type).name} at "${node.name.value}"). Split it into smaller requests.`,
            node,
            "TOO_MANY_LISTS",
          ),
        );
      }
    },
  };
}

export function aliasLimitRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  return {
    Field(node) {
      if (!node.alias) return;
      aliases += 1;
      if (aliases === MAX_ALIASES + 1) {
        context.reportError(
          tooComplex(`This request uses more than ${MAX_ALIASES} aliases. Send fewer fields per request.`, node, "TOO_MANY_ALIASES"),
        );
      }
    },
  };
}

export function oneAtATimeRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context);
  const guarded = new Set<string>(ONE_AT_A_TIME);
  return {
    OperationDefinition(operation) {
      if (operation.operation !== "mutation") return;
      const fields = rootFields(operation.selectionSet, fragments).filter((field) => guarded.has(field.name.value));
      if (fields.length > 1) {
        context.reportError(
          tooComplex(
            `A request may run only one of ${ONE_AT_A_TIME.join(", ")}; this one asks for ${fields.length}. Send them one at a time.`,
            fields[1],
            "ONE_AT_A_TIME",
          ),
        );
      }
    },
  };
}

/**
 * The page size a field asks for: its `first` (or `limit`) as written, that argument's default when
 * left out, LARGEST_PAGE when it comes in a variable (the request may send any value) or has no default.
 * Undefined when the field takes no page size at all.
 */
function pageSize(node: FieldNode, field: GraphQLField<unknown, unknown>): number | undefined {
  for (const name of PAGE_SIZE_ARGUMENTS) {
    const argument = field.args.find((candidate) => candidate.name === name);
    if (!argument) continue;
    const given = node.arguments?.find((candidate) => candidate.name.value === name)?.value;
    if (given?.kind === Kind.INT) return Math.max(0, Number(given.value));
    if (given === undefined || given.kind === Kind.NULL) {
      return typeof argument.defaultValue === "number" ? argument.defaultValue : LARGEST_PAGE;
    }
    return LARGEST_PAGE;
  }
  return undefined;
}

/**
 * How many objects an operation's answer may hold: every object-valued field counts 1 per object, every
 * root field at least 1 (each is a database call), scalars 0, introspection 0 (bounded by the schema).
 * A list multiplies what each item asks for by its size: its own page size, else the page size of the
 * field right above it (a connection's `first` sizes its `edges` and `nodes`), else UNSIZED_LIST.
 */
export function queryCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Fragments): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const memo = new Map<string, number>();

  const costOf = (selectionSet: SelectionSetNode, parent: GraphQLNamedType, inheritedSize: number | undefined, atRoot: boolean, seen: Set<string>): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (isIntrospection(selection.name.value) || !(isObjectType(parent) || isInterfaceType(parent))) continue;
        const field = parent.getFields()[selection.name.value];
        if (!field) continue; // unknown fields are reported by graphql's own rules
        const named = getNamedType(field.type);
        const isList = isListType(getNullableType(field.type));
        const size = pageSize(selection, field);
        const own = atRoot || isCompositeType(named) ? 1 : 0;
        const children = selection.selectionSet
          ? costOf(selection.selectionSet, named, isList ? undefined : size, false, seen)
          : 0;
        total += isList ? (size ?? inheritedSize ?? UNSIZED_LIST) * (own + children) : own + children;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) ?? parent) : parent;
        total += costOf(selection.selectionSet, type, inheritedSize, atRoot, seen);
      } else {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (!fragment || seen.has(name)) continue; // cycles are reported by graphql's own rules
        const key = `${name}:${inheritedSize ?? ""}:${atRoot}`;
        if (!memo.has(key)) {
          const type = schema.getType(fragment.typeCondition.name.value) ?? parent;
          memo.set(key, costOf(fragment.selectionSet, type, inheritedSize, atRoot, new Set([...seen, name])));
        }
        total += memo.get(key)!;
      }
    }
    return total;
  };
  return costOf(operation.selectionSet, root, undefined, true, new Set());
}

export function costLimitRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context);
  return {
    OperationDefinition(operation) {
      const cost = queryCost(context.getSchema(), operation, fragments);
      if (cost > MAX_COST) {
        context.reportError(
          tooComplex(
            `This request may return up to ${cost} objects; the limit is ${MAX_COST}. Ask for smaller pages or fewer fields.`,
            operation,
            "QUERY_TOO_COSTLY",
          ),
        );
      }
    },
  };
}

/** How many items a connection field asks for: its `first`, within 1..100 (the resolver refuses the rest). */
function connectionPageSize(node: FieldNode, field: GraphQLField<unknown, unknown>, operation: OperationDefinitionNode): number {
  const argument = field.args.find((arg) => arg.name === "first");
  const given = node.arguments?.find((arg) => arg.name.value === "first")?.value;
  let size: unknown = argument?.defaultValue ?? MAX_PAGE_SIZE;
  if (given?.kind === Kind.VARIABLE) {
    const definition = operation.variableDefinitions?.find((variable) => variable.variable.name.value === given.name.value);
    size = definition?.defaultValue && argument ? valueFromAST(definition.defaultValue, argument.type) : MAX_PAGE_SIZE;
  } else if (given && argument) {
    size = valueFromAST(given, argument.type) ?? size;
  }
  return typeof size === "number" && Number.isInteger(size) ? Math.min(Math.max(size, 1), MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
}

/**
 * The items a selection asks for in pages, each page weighing `times` (the items of the pages around it).
 * The count is proportional to `times`, so a fragment is counted once for one page (memo) and scaled
 * wherever it is spread.
 */
function pageItems(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  selectionSet: SelectionSetNode | undefined,
  parent: GraphQLNamedType | undefined,
  times: number,
  fragments: Fragments,
  seen: Set<string>,
  memo = new Map<string, number>(),
): number {
  if (!selectionSet) return 0;
  let items = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
      if (!field || !selection.selectionSet) continue;
      const type = getNamedType(field.type);
      const size = isConnection(type) ? connectionPageSize(selection, field, operation) : 1;
      if (isConnection(type)) items += times * size;
      items += pageItems(schema, operation, selection.selectionSet, type, times * size, fragments, seen, memo);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
      items += pageItems(schema, operation, selection.selectionSet, type ?? undefined, times, fragments, seen, memo);
    } else {
      const fragment = fragments[selection.name.value];
      if (!fragment || seen.has(fragment.name.value)) continue; // cycles are reported by graphql's own rules
      const name = fragment.name.value;
      if (!memo.has(name)) {
        const type = schema.getType(fragment.typeCondition.name.value) ?? undefined;
        memo.set(name, pageItems(schema, operation, fragment.selectionSet, type, 1, fragments, new Set([...seen, name]), memo));
      }
      items += times * memo.get(name)!;
    }
  }
  return items;
}

export function pageItemsRule(context: ValidationContext): ASTVisitor {
  const fragments = fragmentsOf(context);
  return {
    OperationDefinition(operation) {
      const schema = context.getSchema();
      const root = schema.getRootType(operation.operation) ?? undefined;
      const items = pageItems(schema, operation, operation.selectionSet, root, 1, fragments, new Set());
      if (items > MAX_PAGE_ITEMS) {
        context.reportError(
          tooComplex(
            `This request asks for up to ${items} items in pages (each page's first, times the items of the pages around it); the limit is ${MAX_PAGE_ITEMS}. Ask for smaller pages or split the request.`,
            operation,
            "TOO_MANY_PAGE_ITEMS",
          ),
        );
      }
    },
  };
}

/** Every limit above, in the order Apollo runs them after graphql's own rules. */
export const queryLimitRules: ValidationRule[] = [depthLimitRule, listFieldsRule, aliasLimitRule, pageItemsRule, costLimitRule, oneAtATimeRule];
