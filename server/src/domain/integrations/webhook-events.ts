// The events the shop reports to webhook endpoints, and how a domain service reports one: inside the
// transaction of the change, one outbox message per active endpoint that wants the event (so a rolled-back
// change reports nothing, and a committed one cannot be lost). The message holds the event as it will be
// sent: its id (the webhook-id every retry repeats), type, time, and a snapshot of the object, which the
// webhook deliverer shows as the GraphQL API does (delivery/webhooks.ts).
import crypto from "node:crypto";
import type { Prisma } from "../../generated/prisma/client.js";
import { addManyToOutbox, type Transaction } from "../messaging/index.js";

export const WEBHOOK_EVENTS = [
  "order.placed",
  "order.paid",
  "order.status_changed",
  "order.cancelled",
  "order.refunded",
  "product.created",
  "product.updated",
  "product.deleted",
  "product.stock_low",
  "customer.registered",
  "customer.deleted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by 'Send a test event', to one endpoint, whatever events it wants. */
export const TEST_EVENT = "webhook.test";

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "order.placed": "A shopper placed an order (data.order): at checkout, or once its payment arrives when the shopper pays on the payment provider's page.",
  "order.paid": "An order's payment was taken (data.order): at checkout with the simulated payments, or when the payment provider confirms it.",
  "order.status_changed": "An order's status changed (data.order, data.previousStatus).",
  "order.cancelled": "An order was cancelled; its stock and promotion uses were given back (data.order, data.previousStatus). Also reported as order.status_changed.",
  "order.refunded": "Money was given back on an order, all or part of it (data.order with its refunds, data.refund: amount, reason, lines).",
  "product.created": "A product was added to the catalogue (data.product).",
  "product.updated": "A product's details, price or stock were edited in the back office (data.product).",
  "product.deleted": "A product was deleted (data.product, as it was).",
  "product.stock_low": "A product's stock fell to the endpoint's threshold or below (data.product, data.threshold).",
  "customer.registered": "A shopper created an account (data.customer).",
  "customer.deleted": "A customer deleted their account (data.customer, as it is left: anonymised). Their orders are kept without their personal details.",
};

/** The outbox channel webhooks travel on, and the lane of one endpoint (its own concurrency limit). */
export const WEBHOOK_CHANNEL = "webhook";
export const endpointLane = (endpointId: number) => `webhook-endpoint:${endpointId}`;

/** What the outbox holds for one delivery: the endpoint, and the event exactly as it will be sent. */
export interface WebhookMessage {
  endpointId: number;
  event: WebhookEvent;
}

export interface WebhookEvent {
  /** evt_ + 32 hex digits: the body's id and the webhook-id header, the same on every retry. */
  id: string;
  type: WebhookEventType | typeof TEST_EVENT;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  /** The objects, by name: order, product, customer (rows, shown as the GraphQL API shows them), and plain values. */
  data: Record<string, Prisma.InputJsonValue | null>;
}

export const newEventId = () => `evt_${crypto.randomUUID().replace(/-/g, "")}`;

/** Rows become plain JSON (dates as ISO strings) as the outbox stores them. */
const asJson = (data: Record<string, unknown>) => JSON.parse(JSON.stringify(data)) as WebhookEvent["data"];

export function webhookEvent(type: WebhookEvent["type"], data: Record<string, unknown>): WebhookEvent {
  return { id: newEventId(), type, timestamp: new Date().toISOString(), data: asJson(data) };
}

/** One event a domain service reports. */
export interface ReportedEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
  /**
   * For product.stock_low: the product's stock before and after the change. Only endpoints whose
   * threshold it crossed (from above to at-or-below) hear of it, so once per crossing.
   */
  stock?: { before: number; after: number };
}

/**
 * Reports events to every active endpoint that wants them, inside `tx` (one query for the endpoints, one
 * insert for the messages). Without endpoints wanting them, it writes nothing.
 */
export async function reportWebhookEvents(tx: Transaction, events: ReportedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await reportWebhookEventsBuilt(tx, [...new Set(events.map((event) => event.type))], async () => events);
}

/**
 * As reportWebhookEvents, for events whose data costs reads to build (a batch of products): `build` runs only
 * when an active endpoint wants one of `types`, so a shop without endpoints reads nothing more.
 */
export async function reportWebhookEventsBuilt(tx: Transaction, types: WebhookEventType[], build: () => Promise<ReportedEvent[]>): Promise<void> {
  if (types.length === 0) return;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { active: true, events: { hasSome: types } },
    select: { id: true, events: true, stockLowThreshold: true },
  });
  if (endpoints.length === 0) return;
  const messages = (await build()).flatMap(({ type, data, stock }) => {
    const wanting = endpoints.filter(
      (endpoint) => endpoint.events.includes(type) && (!stock || (stock.before > endpoint.stockLowThreshold && stock.after <= endpoint.stockLowThreshold)),
    );
    if (wanting.length === 0) return [];
    // One event, one id, for every endpoint: receivers that share a store can tell it is the same event.
    const event = webhookEvent(type, data);
    return wanting.map((endpoint) => ({
      channel: WEBHOOK_CHANNEL,
      type,
      lane: endpointLane(endpoint.id),
      payload: {
        endpointId: endpoint.id,
        event: stock ? { ...event, data: { ...event.data, threshold: endpoint.stockLowThreshold } } : event,
      } satisfies WebhookMessage as unknown as Prisma.InputJsonValue,
    }));
  });
  await addManyToOutbox(tx, messages);
}

/** One event; see reportWebhookEvents. */
export const reportWebhookEvent = (tx: Transaction, type: WebhookEventType, data: Record<string, unknown>, stock?: ReportedEvent["stock"]) =>
  reportWebhookEvents(tx, [{ type, data, stock }]);
