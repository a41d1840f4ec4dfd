// A webhook's JSON body: the event's id, type and time, and its objects exactly as the GraphQL API shows
// them (same field names, Money in dollars, enums as the schema spells them, dates in ISO 8601). Each
// object is mapped by the GraphQL type's own view function and then serialised field by field through the
// schema, so a field added to the API appears in webhooks too. Fields that take arguments (connections
// such as User.orders) are left out: a webhook carries the object, not its lists.
import {
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";
import type { WebhookEvent } from "../domain/webhooks/events.js";
import { viewOrder, viewProduct, viewUser } from "../graphql/types.js";

type View = (row: never) => unknown;

/** The objects an event's data may hold: the GraphQL type that shows each, and its row -> object view. */
const OBJECTS: Record<string, { type: string; view?: View }> = {
  order: { type: "Order", view: viewOrder as View },
  product: { type: "Product", view: viewProduct as View },
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
      if (field.args.length > 0) continue;
      const inner = (value as Record<string, unknown>)[name];
      if (inner === undefined || typeof inner === "function") continue;
      object[name] = serialise(field.type, inner);
    }
    return object;
  }
  return null;
}

/** The body of one event, as the receiver gets it (the same bytes on every retry). */
export function webhookBody(schema: GraphQLSchema, event: WebhookEvent): string {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.data)) {
    const object = OBJECTS[key];
    const type = object ? schema.getType(object.type) : undefined;
    if (!object || !type || !(isObjectType(type) || isEnumType(type))) {
      data[key] = value;
      continue;
    }
    const row = revived(value);
    data[key] = serialise(type, object.view ? object.view(row as never) : row);
  }
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.timestamp, data });
}
