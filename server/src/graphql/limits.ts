// Keeps one request from asking for unbounded work. Checked before anything runs, as graphql validation
// rules (refused with GRAPHQL_VALIDATION_FAILED and a `reason`), on every path that runs GraphQL (Apollo, the
// query lane, the server render and subscriptions all take them from execute.ts), together with graphql's
// own parse limit MAX_TOKENS.
//
// The generic limits are graphql-armor's validation rules, with the shop's settings and the shop's words:
// - depth: at most MAX_DEPTH levels of data (introspection, whose size is the schema's, MAX_INTROSPECTION_DEPTH);
// - aliases: at most MAX_ALIASES, so one request cannot run the same lookup thousands of times;
// - directives: at most MAX_DIRECTIVES;
// - cost: at most MAX_COST, each object counting COST_WEIGHTS.object, each scalar COST_WEIGHTS.scalar, a
//   field with a `first` (or `last`) written in the query counting that many times.
// The shop's own rules, which armor has no notion of:
// - lists: at most MAX_LIST_FIELDS lists, a connection (a page) counting once, its edges and nodes being
//   that same page;
// - page items: at most MAX_PAGE_ITEMS items asked for in pages, nested pages multiplying (a page of
//   users each asking for a page of orders weighs users x orders). Unlike armor's cost, a page size sent in
//   a variable counts as the largest page and a page size left out as the field's default;
// - one at a time: at most one of the mutations that check or set a password, write an email or place an
//   order, so aliases cannot turn one request into many sign-in guesses, sign-ups or orders.
// Every operation the client sends must pass these: a test validates each of its typed documents.
import { ApolloArmor } from "@escape.tech/graphql-armor";
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromAST,
  visitInParallel,
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
export const MAX_DIRECTIVES = 50;
/**
 * What a request may cost in armor's count, with COST_WEIGHTS: about the number of values its answer may
 * hold. The home page costs about 1,100; five pages of 100 users with an order's lines each, 5,500.
 */
export const MAX_COST = 5_000;
/** armor's cost settings: an object 2, a scalar 1, the same at any depth (armor's default grows 1.5x per level). */
export const COST_WEIGHTS = { object: 2, scalar: 1, perLevel: 1 } as const;
/** Enough for any screen of the shop (the home page asks for 6 + 12 products and 100 categories). */
export const MAX_PAGE_ITEMS = 1000;
/** graphql's parse option maxTokens: a document longer than this is not even parsed. */
export const MAX_TOKENS = 2_000;
/**
 * Mutations of which one request may run at most one between them: each checks or hashes a password,
 * writes an email or places an order (requestPasswordReset and resetPassword too, as sign-up does).
 */
export const ONE_AT_A_TIME = ["login", "register", "placeOrder", "updatePassword", "updateAccount", "requestPasswordReset", "resetPassword"] as const;

type Fragments = Record<string, FragmentDefinitionNode>;

export const fragmentsOf = (context: ValidationContext): Fragments =>
  Object.fromEntries(
    context
      .getDocument()
      .definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );

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

// graphql-armor's rules. Each ApolloArmor below enables one protection, so each is a rule of its own, in LIMITS
// below. armor's own refusal ("Syntax Error: Query depth limit of 9 exceeded, found 12.", code
// BAD_USER_INPUT) gives way to the shop's words and reason: propagateOnRejection off, one onReject handler.
type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;
type RejectHandlers = NonNullable<NonNullable<ArmorConfig["maxDepth"]>["onReject"]>;

const ALL_OFF: ArmorConfig = {
  blockFieldSuggestion: { enabled: false },
  maxTokens: { enabled: false },
  costLimit: { enabled: false },
  maxAliases: { enabled: false },
  maxDirectives: { enabled: false },
  maxDepth: { enabled: false },
};

function armorRule(protection: ArmorConfig): ValidationRule {
  const [rule] = new ApolloArmor({ ...ALL_OFF, ...protection }).protect().validationRules;
  return rule;
}

/** What armor found (a depth, a count, a cost), read from its message: it hands reject handlers nothing else. */
function foundIn(error: GraphQLError): number | null {
  const found = / found (\d+(?:\.\d+)?)\.$/.exec(error.message);
  return found ? Math.ceil(Number(found[1])) : null;
}

/** Reports armor's refusal in the shop's words. */
function refusal(reason: string, message: (found: number | null) => string): { propagateOnRejection: false; onReject: RejectHandlers } {
  return {
    propagateOnRejection: false,
    onReject: [(context, error) => context?.reportError(new GraphQLError(message(foundIn(error)), { extensions: { reason } }))],
  };
}

// armor counts the scalar at the bottom as a level (`{ a { b } }` is 2 deep; the shop says 1 level of data),
// and a fragment, spread or inline, as none (flattenFragments).
const levelsOf = (found: number | null) => (found === null ? "too many" : String(found - 1));

/** Data: MAX_DEPTH levels. armor leaves `__schema` out here (ignoreIntrospection), not `__type`. */
export const depthLimitRule = armorRule({
  maxDepth: {
    n: MAX_DEPTH + 1,
    flattenFragments: true,
    ignoreIntrospection: true,
    ...refusal("QUERY_TOO_DEEP", (found) => `This query is ${levelsOf(found)} levels deep; the limit is ${MAX_DEPTH}.`),
  },
});

/** The whole operation, introspection included: MAX_INTROSPECTION_DEPTH levels (Sandbox's own query is 14). */
export const introspectionDepthLimitRule = armorRule({
  maxDepth: {
    n: MAX_INTROSPECTION_DEPTH + 1,
    flattenFragments: true,
    ignoreIntrospection: false,
    ...refusal("QUERY_TOO_DEEP", (found) => `This query is ${levelsOf(found)} levels deep; the limit is ${MAX_INTROSPECTION_DEPTH}.`),
  },
});

export const aliasLimitRule = armorRule({
  maxAliases: {
    n: MAX_ALIASES,
    // Every alias counts, __typename's too (armor's default lets those through).
    allowList: [],
    ...refusal("TOO_MANY_ALIASES", () => `This request uses more than ${MAX_ALIASES} aliases. Send fewer fields per request.`),
  },
});

export const directiveLimitRule = armorRule({
  maxDirectives: {
    n: MAX_DIRECTIVES,
    ...refusal("TOO_MANY_DIRECTIVES", () => `This request uses more than ${MAX_DIRECTIVES} directives. Send fewer per request.`),
  },
});

export const costLimitRule = armorRule({
  costLimit: {
    maxCost: MAX_COST,
    objectCost: COST_WEIGHTS.object,
    scalarCost: COST_WEIGHTS.scalar,
    depthCostFactor: COST_WEIGHTS.perLevel,
    flattenFragments: true,
    ignoreIntrospection: true,
    ...refusal(
      "QUERY_TOO_COSTLY",
      (found) =>
        `This request costs ${found ?? "too much"} (an object ${COST_WEIGHTS.object}, a scalar ${COST_WEIGHTS.scalar}, times the page sizes written in it); the limit is ${MAX_COST}. Ask for smaller pages or fewer fields.`,
    ),
  },
});

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

/** Every limit, in the order its refusals are reported (the first is the one a caller reads first). */
const LIMITS: readonly ValidationRule[] = [
  depthLimitRule,
  introspectionDepthLimitRule,
  listFieldsRule,
  aliasLimitRule,
  directiveLimitRule,
  pageItemsRule,
  costLimitRule,
  oneAtATimeRule,
];

/**
 * The limits as one rule: they run side by side, and their refusals are reported at the end of the
 * document in the order of LIMITS, wherever each was found (armor's where an operation starts, the list
 * count at the field over the limit). A query over both depth limits is refused once.
 */
const limitsInOrder: ValidationRule = (context) => {
  const refusals: GraphQLError[][] = LIMITS.map(() => []);
  const visitors = LIMITS.map((rule, index) => {
    // The rule sees the document's context, its refusals going to its own list.
    const own = Object.create(context) as ValidationContext;
    own.reportError = (error) => refusals[index].push(error);
    return rule(own);
  });
  const report: ASTVisitor = {
    Document: {
      leave() {
        let tooDeep = false;
        for (const error of refusals.flat()) {
          if (error.extensions.reason === "QUERY_TOO_DEEP") {
            if (tooDeep) continue;
            tooDeep = true;
          }
          context.reportError(error);
        }
      },
    },
  };
  return visitInParallel([...visitors, report]);
};

/** The rules Apollo, the query lane, the server render and subscriptions check after graphql's own (see execute.ts). */
export const queryLimitRules: readonly ValidationRule[] = [limitsInOrder];
