// The back office's webhooks: endpoints (URL, events, active flag, secret), secret rotation, each
// endpoint's delivery log, 'Send again' and 'Send a test event'. Admins who signed in only: no API key
// manages webhooks. Each of these commands is entered in the audit trail in its own transaction (webhook.*):
// the endpoint's fields before and after, never a signing secret (a rotation is entered without any value).
import crypto from "node:crypto";
import { Prisma, type PrismaClient, type WebhookEndpoint } from "../../generated/prisma/client.js";
import { changesBetween, recordActivity } from "../audit/index.js";
import { Checks, conflict, keysetPage, notFound, oneById, received, requireAdmin, wholeNumber, type Deferred, type Page, type SortKey, type Viewer } from "../shared/index.js";
import { addToOutbox, parseMessageId, sendAgain, viewMessage, type OutboxMessageView } from "../messaging/index.js";
import { webhookUrlProblem, type WebhookSafety } from "./webhook-addresses.js";
import { endpointLane, EVENT_DESCRIPTIONS, TEST_EVENT, WEBHOOK_CHANNEL, WEBHOOK_EVENTS, webhookEvent, type WebhookEventType, type WebhookMessage } from "./webhook-events.js";

/** Enough for any shop's integrations; keeps the back office's list one short page. */
export const MAX_ENDPOINTS = 20;
/** After a rotation the old secret keeps signing (a second signature) this long, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
const DELIVERY_PAGE_SIZE = 20;
const DESCRIPTION_MAX = 200;
const DEFAULT_STOCK_LOW_THRESHOLD = 5;

/** An endpoint as the back office sees it: never its secret, only the secret's first characters. */
export type EndpointRow = Omit<WebhookEndpoint, "secret" | "previousSecret" | "events"> & {
  events: WebhookEventType[];
  secretStart: string;
};

export interface EndpointInput {
  url: string;
  description?: string | null;
  events: string[];
  active?: boolean | null;
  stockLowThreshold?: number | null;
}

export interface EndpointWithSecret {
  endpoint: EndpointRow;
  /** whsec_...: shown on creation and rotation only. */
  secret: string;
}

/** A delivery as the endpoint's log shows it: the outbox message and the event it carries. */
export interface WebhookDelivery extends OutboxMessageView {
  endpointId: number;
  eventId: string;
  eventType: string;
}

export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString("base64")}`;

export function viewEndpoint(row: WebhookEndpoint): EndpointRow {
  const { secret, previousSecret: _previousSecret, ...rest } = row;
  return {
    ...rest,
    events: row.events.filter((event): event is WebhookEventType => WEBHOOK_EVENTS.includes(event as WebhookEventType)),
    secretStart: `${secret.slice(0, 10)}…`,
  };
}

export function viewDelivery(message: OutboxMessageView): WebhookDelivery {
  const payload = message.payload as unknown as WebhookMessage;
  return { ...message, endpointId: payload.endpointId, eventId: payload.event.id, eventType: payload.event.type };
}

const thresholdField = wholeNumber("stock low threshold", { min: 0, max: 1_000_000 });

/** What the audit trail keeps of an endpoint: its business fields, never its secrets. */
const ENTERED_FIELDS = ["url", "description", "events", "active", "stockLowThreshold"] as const;
/** The audit trail's subject for an endpoint. */
const endpointSubject = (endpoint: { id: number; url: string }) => ({ type: "webhook", id: endpoint.id, label: endpoint.url });

// Newest first; ids are uuids, compared as text (only ties of created_at need them).
const DELIVERY_KEYS: SortKey[] = [
  { sql: Prisma.raw("m.created_at"), descending: true, kind: "time" },
  { sql: Prisma.raw("m.id::text"), descending: true, kind: "text" },
];

export class WebhookService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly safety: WebhookSafety,
  ) {}

  /** Admin: every event an endpoint may ask for, with what it reports (the back office's form). */
  eventTypes(viewer: Viewer | null): { type: WebhookEventType; description: string }[] {
    requireAdmin(viewer, "integrations:manage");
    return WEBHOOK_EVENTS.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] }));
  }

  /** Admin: every endpoint (at most MAX_ENDPOINTS), newest first. */
  async endpoints(viewer: Viewer | null): Promise<EndpointRow[]> {
    requireAdmin(viewer, "integrations:manage");
    const rows = await this.prisma.webhookEndpoint.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_ENDPOINTS });
    return rows.map(viewEndpoint);
  }

  /** Admin: one endpoint. */
  async endpoint(viewer: Viewer | null, id: unknown): Promise<EndpointRow> {
    requireAdmin(viewer, "integrations:manage");
    return viewEndpoint(await this.find(id));
  }

  /** Admin: a new endpoint; its signing secret is in the answer (and can be rotated later). */
  async create(viewer: Viewer | null, given: Deferred<EndpointInput>): Promise<EndpointWithSecret> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const fields = await this.check(await received(given));
    if ((await this.prisma.webhookEndpoint.count()) >= MAX_ENDPOINTS) {
      throw conflict(`A shop may have at most ${MAX_ENDPOINTS} webhook endpoints. Delete one you no longer use.`);
    }
    const secret = newWebhookSecret();
    const row = await this.prisma.$transaction(async (tx) => {
      const made = await tx.webhookEndpoint.create({ data: { ...fields, secret } });
      await recordActivity(tx, admin, { kind: "webhook.created", subject: endpointSubject(made), changes: changesBetween(null, made, ENTERED_FIELDS) });
      return made;
    });
    return { endpoint: viewEndpoint(row), secret };
  }

  /** Admin: edits an endpoint. Turning it on again clears a disabled endpoint's failures. */
  async update(viewer: Viewer | null, id: unknown, given: Deferred<EndpointInput>): Promise<EndpointRow> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const found = await this.find(id);
    const fields = await this.check(await received(given));
    const row = await this.prisma.$transaction(async (tx) => {
      // Read again under the row's lock: the entry's "before" is what this update replaced.
      const endpoint = await this.locked(tx, found.id);
      const reenabled = fields.active && !endpoint.active;
      const saved = await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { ...fields, ...(reenabled ? { disabledAt: null, disabledReason: null, failingSince: null } : {}) },
      });
      const changes = changesBetween(endpoint, saved, ENTERED_FIELDS);
      if (Object.keys(changes).length > 0) await recordActivity(tx, admin, { kind: "webhook.updated", subject: endpointSubject(saved), changes });
      return saved;
    });
    return viewEndpoint(row);
  }

  /** Admin: deletes an endpoint and its delivery log; messages not yet sent are dropped. */
  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const found = await this.find(id);
    await this.prisma.$transaction(async (tx) => {
      const endpoint = await this.locked(tx, found.id);
      await tx.outboxMessage.deleteMany({ where: { lane: endpointLane(endpoint.id) } });
      await tx.webhookEndpoint.delete({ where: { id: endpoint.id } });
      await recordActivity(tx, admin, { kind: "webhook.deleted", subject: endpointSubject(endpoint), changes: changesBetween(endpoint, null, ENTERED_FIELDS) });
    });
  }

  /** Admin: a new signing secret. The old one also signs for ROTATION_OVERLAP_MS, so receivers can switch over. */
  async rotateSecret(viewer: Viewer | null, id: unknown): Promise<EndpointWithSecret> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const found = await this.find(id);
    const secret = newWebhookSecret();
    const row = await this.prisma.$transaction(async (tx) => {
      // Under the row's lock, so two rotations at once each keep the secret the other replaced.
      const endpoint = await this.locked(tx, found.id);
      const saved = await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { secret, previousSecret: endpoint.secret, previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS) },
      });
      // No value at all: neither secret, nor their first characters.
      await recordActivity(tx, admin, { kind: "webhook.secret-rotated", subject: endpointSubject(saved) });
      return saved;
    });
    return { endpoint: viewEndpoint(row), secret };
  }

  /** Admin: an endpoint's delivery log, newest first: state, attempts, last response code and time. */
  async deliveries(viewer: Viewer | null, endpointId: unknown, options: { first?: unknown; after?: unknown } = {}): Promise<Page<WebhookDelivery>> {
    requireAdmin(viewer, "integrations:manage");
    const endpoint = await this.find(endpointId);
    const lane = endpointLane(endpoint.id);
    return keysetPage<{ id: string }, WebhookDelivery>(
      this.prisma,
      {
        list: JSON.stringify(["webhook-deliveries", endpoint.id]),
        first: options.first,
        after: options.after,
        defaultSize: DELIVERY_PAGE_SIZE,
        columns: Prisma.sql`m.id::text AS id`,
        from: Prisma.sql`outbox_messages m`,
        conditions: [Prisma.sql`m.lane = ${lane}`],
        keys: DELIVERY_KEYS,
      },
      async (rows) => {
        const ids = rows.map((row) => String(row.id));
        const found = new Map((await this.prisma.outboxMessage.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, viewDelivery(viewMessage(row))]));
        return ids.map((id) => found.get(id));
      },
    );
  }

  /** Admin: 'Send again': the same event (same webhook-id) is queued anew for its endpoint. */
  async resend(viewer: Viewer | null, deliveryId: unknown): Promise<WebhookDelivery> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const id = parseMessageId(deliveryId);
    const message = id === null ? null : await this.prisma.outboxMessage.findUnique({ where: { id }, select: { id: true, channel: true } });
    if (!message || message.channel !== WEBHOOK_CHANNEL) throw notFound("Delivery");
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.outboxMessage.findUniqueOrThrow({ where: { id: message.id }, select: { state: true, attempts: true } });
      const delivery = viewDelivery(await sendAgain(tx, message.id));
      await recordActivity(tx, admin, {
        kind: "webhook.delivery-resent",
        subject: { type: "webhook-delivery", id: delivery.id, label: `${delivery.eventType} to endpoint #${delivery.endpointId}` },
        changes: changesBetween(before, delivery, ["state", "attempts"]),
      });
      return delivery;
    });
  }

  /** Admin: 'Send a test event': a webhook.test event to this endpoint alone, whatever events it wants. */
  async sendTest(viewer: Viewer | null, endpointId: unknown): Promise<WebhookDelivery> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const endpoint = await this.find(endpointId);
    const event = webhookEvent(TEST_EVENT, { message: "A test event from the Verdant back office.", endpointId: endpoint.id });
    const id = await this.prisma.$transaction(async (tx) => {
      const queued = await addToOutbox(tx, {
        channel: WEBHOOK_CHANNEL,
        type: TEST_EVENT,
        lane: endpointLane(endpoint.id),
        payload: { endpointId: endpoint.id, event } satisfies WebhookMessage as unknown as Prisma.InputJsonValue,
      });
      await recordActivity(tx, admin, { kind: "webhook.test-sent", subject: endpointSubject(endpoint) });
      return queued;
    });
    return viewDelivery(viewMessage(await this.prisma.outboxMessage.findUniqueOrThrow({ where: { id } })));
  }

  private async find(id: unknown): Promise<WebhookEndpoint> {
    return oneById(id, "Webhook endpoint", (endpointId) => this.prisma.webhookEndpoint.findUnique({ where: { id: endpointId } }));
  }

  /** The endpoint as it is now, its row locked for the rest of `tx` (deleted meanwhile: not found). */
  private async locked(tx: Prisma.TransactionClient, id: number): Promise<WebhookEndpoint> {
    await tx.$queryRaw`SELECT id FROM webhook_endpoints WHERE id = ${id} FOR UPDATE`;
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id } });
    if (!endpoint) throw notFound("Webhook endpoint");
    return endpoint;
  }

  private async check(input: EndpointInput | null | undefined) {
    const fields: Partial<EndpointInput> = typeof input === "object" && input !== null ? input : {};
    const checks = new Checks();
    const url = typeof fields.url === "string" ? fields.url.trim() : "";
    if (!url) checks.add("url", "The URL field is required.");
    else {
      const problem = await webhookUrlProblem(url, this.safety);
      if (problem) checks.add("url", problem);
    }
    const description = typeof fields.description === "string" ? fields.description.trim() : "";
    if (description.length > DESCRIPTION_MAX) checks.add("description", `The description may not be greater than ${DESCRIPTION_MAX} characters.`);
    const events = Array.isArray(fields.events) ? fields.events : [];
    if (events.length === 0) checks.add("events", "Choose at least one event.");
    const unknown = events.filter((event) => !WEBHOOK_EVENTS.includes(event as WebhookEventType));
    if (unknown.length > 0) checks.add("events", `Unknown event: ${unknown.map(String).slice(0, 3).join(", ")}.`);
    const stockLowThreshold =
      fields.stockLowThreshold === undefined || fields.stockLowThreshold === null
        ? DEFAULT_STOCK_LOW_THRESHOLD
        : checks.field("stock_low_threshold", thresholdField, fields.stockLowThreshold);
    if (fields.active !== undefined && fields.active !== null && typeof fields.active !== "boolean") checks.add("active", "The active field must be true or false.");
    checks.done();
    return {
      url,
      description,
      events: WEBHOOK_EVENTS.filter((event) => events.includes(event)),
      active: fields.active ?? true,
      stockLowThreshold,
    };
  }
}
