// A webhook's JSON body: the event's id, type and time, and its objects exactly as the GraphQL API shows
// them (same field names, Money in dollars, enums as the schema spells them, dates in ISO 8601). Each
// object is mapped by the GraphQL type's own view function and then serialised field by field through the
// schema, so a field added to the API appears in webhooks too. Fields that need arguments are left out, and
// so are those the view does not fill (connections such as User.orders): a webhook carries the object, not
// its lists. A field whose arguments are all optional (Product.variants) carries what the view gave it.
import { isEnumType, isLeafType, isListType, isNonNullType, isObjectType, type GraphQLOutputType, type GraphQLSchema } from "graphql";
import type { WebhookEvent } from "../domain/integrations/index.js";
import { viewOrder, viewUser } from "../graphql/types.js";
import { viewProductWithVariants } from "../graphql/variants.resolver.js";

type View = (row: never) => unknown;

/** The objects an event's data may hold: the GraphQL type that shows each, and its row -> object view. */
const OBJECTS: Record<string, { type: string; view?: View }> = {
  order: { type: "Order", view: viewOrder as View },
  product: { type: "Product", view: viewProductWithVariants as View },
  customer: { type: "User", view: viewUser as View },
  previousStatus: { type: "OrderStatus" },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The outbox keeps rows as JSON: dates come back as Date objects, as the view functions expect. */
const revived = (value: unknown): unknown =>
  typeof value === "string" && ISO_DATE.test(value)
    ? new Date(value)
    : Array.isArray(value)
      ? value.map(revived)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revived(inner)]))
        : value;

/** A value of `type` as the API would send it. */
function serialise(type: GraphQLOutputType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isNonNullType(type)) return serialise(type.ofType, value);
  if (isListType(type)) return (value as unknown[]).map((item) => serialise(type.ofType, item));
  if (isLeafType(type)) return type.serialize(value);
  if (isObjectType(type)) {
    const object: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(type.getFields())) {
      if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
      const inner = (value as Record<string, unknown>)[name];
      if (inner === undefined || typeof inner === "function") continue;
      object[name] = serialise(field.type, inner);
    }
    return object;
  }
  return null;
}

/** Picture refs as stored on products and order lines -> the URL the API shows for each (imageOne, imageTwo). */
export type PictureUrls = ReadonlyMap<string, string>;

/** The picture refs an event's objects hold (a product's, an order's lines'), to look their URLs up first. */
export function pictureRefsOf(event: WebhookEvent): string[] {
  const refs: string[] = [];
  const add = (holder: unknown) => {
    const { imageOne, imageTwo } = (holder ?? {}) as { imageOne?: unknown; imageTwo?: unknown };
    for (const ref of [imageOne, imageTwo]) if (typeof ref === "string") refs.push(ref);
  };
  add(event.data.product);
  for (const line of ((event.data.order as { lines?: unknown[] } | undefined)?.lines ?? [])) add(line);
  return refs;
}

/** A view whose imageOne/imageTwo are refs, with the URLs the API shows in their place. */
function withPictureUrls<T>(view: T, urls: PictureUrls): T {
  const swap = (holder: Record<string, unknown>) => ({
    ...holder,
    imageOne: typeof holder.imageOne === "string" ? (urls.get(holder.imageOne) ?? holder.imageOne) : holder.imageOne,
    imageTwo: typeof holder.imageTwo === "string" ? (urls.get(holder.imageTwo) ?? holder.imageTwo) : holder.imageTwo,
  });
  const object = view as Record<string, unknown>;
  if (Array.isArray(object.lines)) return { ...object, lines: (object.lines as Record<string, unknown>[]).map(swap) } as T;
  return ("imageOne" in object ? swap(object) : object) as T;
}

/** The body of one event, as the receiver gets it (the same bytes on every retry). */
export function webhookBody(schema: GraphQLSchema, event: WebhookEvent, pictureUrls: PictureUrls = new Map()): string {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.data)) {
    const object = OBJECTS[key];
    const type = object ? schema.getType(object.type) : undefined;
    if (!object || !type || !(isObjectType(type) || isEnumType(type))) {
      data[key] = value;
      continue;
    }
    const row = revived(value);
    data[key] = serialise(type, object.view ? withPictureUrls(object.view(row as never), pictureUrls) : row);
  }
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.timestamp, data });
}
