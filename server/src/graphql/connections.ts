// Relay-style connections: a page of a list with its items (as edges with cursors, or as plain nodes),
// where it ends, and the number of items over all pages. The paging itself lives in domain/pages.ts;
// here a domain Page is shown as a connection of an object type.
import { Field, Int, ObjectType, type ClassType } from "type-graphql";
import type { Page } from "../domain/shared/index.js";
import { Category, Order, Product, Region, User } from "./types.js";

/** The descriptions of the two arguments every paged list takes (the rules are in domain/pages.ts). */
export const PAGE_SIZE = "How many items: 1 to 100.";
export const AFTER = "The endCursor of the page before; leave out for the first page.";

@ObjectType({ simpleResolvers: true, description: "Where a page of a connection ends, and whether more follows (Relay style)." })
export class PageInfo {
  @Field(() => Boolean, { description: "True when more items follow endCursor." }) hasNextPage!: boolean;
  @Field(() => String, {
    nullable: true,
    description: "The cursor of the page's last item: pass it as `after` for the next page. Null on an empty page.",
  })
  endCursor!: string | null;
}

export interface Connection<TNode> {
  edges: { cursor: string; node: TNode }[];
  nodes: TNode[];
  pageInfo: PageInfo;
  totalCount(): Promise<number>;
}

/** The edge and connection object types of one node type, e.g. ProductEdge and ProductConnection. */
export function connectionOf<TNode extends object>(name: string, Node: ClassType<TNode>): ClassType<Connection<TNode>> {
  @ObjectType(`${name}Edge`, { simpleResolvers: true })
  class Edge {
    @Field(() => String) cursor!: string;
    @Field(() => Node) node!: TNode;
  }

  @ObjectType(`${name}Connection`, { simpleResolvers: true })
  class NodeConnection implements Connection<TNode> {
    @Field(() => [Edge]) edges!: Edge[];
    @Field(() => [Node]) nodes!: TNode[];
    @Field(() => PageInfo) pageInfo!: PageInfo;
    /** The domain page's count: its query runs only when a request asks for totalCount. */
    countItems!: () => Promise<number>;

    @Field(() => Int, { description: "Items matching the filters, over all pages." })
    totalCount(): Promise<number> {
      return this.countItems();
    }
  }
  return NodeConnection;
}

export const ProductConnection = connectionOf("Product", Product);
export const OrderConnection = connectionOf("Order", Order);
export const UserConnection = connectionOf("User", User);
export const CategoryConnection = connectionOf("Category", Category);
export const RegionConnection = connectionOf("Region", Region);

/** A domain page as a connection of `Type`, each row mapped by `view`. */
export function viewConnection<TRow, TNode>(
  Type: ClassType<Connection<TNode>>,
  page: Page<TRow>,
  view: (row: TRow) => TNode,
): Connection<TNode> {
  // Cursors are read from the page only when the query asks for them (see pageOf).
  const edges = page.edges.map((edge) => ({
    node: view(edge.node),
    get cursor() {
      return edge.cursor;
    },
  }));
  return Object.assign(new Type() as Connection<TNode> & { countItems: () => Promise<number> }, {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      get endCursor() {
        return page.endCursor;
      },
    },
    countItems: page.totalCount,
  });
}
