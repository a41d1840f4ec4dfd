// The outbox: messages the shop sends out (webhooks, emails), written by a domain service INSIDE the
// transaction of the change they report. A rolled-back change leaves no message; a committed one cannot be
// lost by a crash, because the message is a row of the same commit. The workers' outbox runner
// (delivery/outbox-runner.ts) delivers each message at least once through the deliverer registered for its
// channel, and records every attempt's outcome here.
import { Prisma, type OutboxMessage, type PrismaClient } from "../../generated/prisma/client.js";
import { notFound } from "../shared/index.js";

/** The client a domain service holds inside `prisma.$transaction(async (tx) => ...)`. */
export type Transaction = Prisma.TransactionClient;

export type OutboxState = "pending" | "delivered" | "failed";

export interface NewOutboxMessage {
  /** Which deliverer sends it: "webhook", "email", ... (see delivery/outbox-runner.ts registerDeliverer). */
  channel: string;
  /** What it says, in the channel's words, e.g. "order.placed" or "password-reset". */
  type: string;
  /** Everything the deliverer needs, as JSON. Stored as written; the deliverer reads it back as JSON. */
  payload: Prisma.InputJsonValue;
  /** The user the message is about or for (e.g. an email's recipient), so it shows in their history. */
  userId?: number | null;
  /** Messages sharing a lane (e.g. one webhook endpoint) share a per-process concurrency limit. */
  lane?: string | null;
}

/** A message as deliverers and the back office read it. */
export interface OutboxMessageView {
  id: string;
  channel: string;
  type: string;
  payload: Prisma.JsonValue;
  userId: number | null;
  lane: string | null;
  state: OutboxState;
  /** Attempts since the message was last queued. */
  attempts: number;
  /** When the next attempt may run (pending messages); for others, when the last one was due. */
  availableAt: Date;
  queuedAt: Date;
  lastAttemptAt: Date | null;
  /** The last answer's status code (HTTP for webhooks, SMTP for email), when there was one. */
  lastStatus: number | null;
  lastError: string | null;
  /** The start of the last answer's body (at most RESPONSE_EXCERPT_LENGTH characters). */
  lastResponse: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/**
 * How long a settled message (delivered, or given up) is kept: the back office shows it in an endpoint's or
 * a user's history meanwhile, and a failed one can be sent again. Pending messages are never removed.
 */
export const KEEP_SETTLED_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Removes settled messages older than `keepMs` (by their last attempt, else their creation), a batch at a
 * time so that no statement holds many rows at once; returns how many went. Safe to run in every process
 * at once: a row deleted by one is simply not found by the others.
 */
export async function removeSettledMessages(prisma: PrismaClient, keepMs = KEEP_SETTLED_MS, batchSize = 1000): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM outbox_messages WHERE id IN (
        SELECT id FROM outbox_messages
        WHERE state IN ('delivered', 'failed')
          AND COALESCE(last_attempt_at, created_at) < now() - (${keepMs}::double precision * interval '1 millisecond')
        LIMIT ${batchSize})`;
    removed += count;
    if (count < batchSize) return removed;
  }
}

/** How much of an answer's body is kept: enough to debug, never a whole response. */
export const RESPONSE_EXCERPT_LENGTH = 1000;
/** How much of an error message is kept. */
export const ERROR_LENGTH = 500;

/**
 * Writes one message to the outbox, inside the caller's transaction: it exists if and only if the
 * transaction commits. Every runner hears about it at commit (a database trigger) and sends it.
 */
export async function addToOutbox(tx: Transaction, message: NewOutboxMessage): Promise<string> {
  const row = await tx.outboxMessage.create({ data: toRow(message), select: { id: true } });
  return row.id;
}

/** Writes several messages in one statement (e.g. one event for each webhook endpoint). */
export async function addManyToOutbox(tx: Transaction, messages: NewOutboxMessage[]): Promise<void> {
  if (messages.length > 0) await tx.outboxMessage.createMany({ data: messages.map(toRow) });
}

function toRow(message: NewOutboxMessage) {
  return {
    channel: message.channel,
    type: message.type,
    payload: message.payload,
    userId: message.userId ?? null,
    lane: message.lane ?? null,
  };
}

/** A page of messages, newest first. */
export interface OutboxListOptions {
  /** Only this channel's messages. */
  channel?: string;
  /** Only this lane's messages (e.g. one webhook endpoint's delivery log). */
  lane?: string;
  /** 1..100; 20 when absent. */
  first?: number;
  /** Only messages created before this one (the id of the last message of the page before). */
  before?: string | null;
}

const OUTBOX_PAGE_SIZE = 20;

/**
 * The messages the shop wrote for one user (e.g. the emails sent to them), newest first, with their
 * delivery state. For the back office's user screen: callers check the viewer's permission first.
 */
export async function messagesForUser(prisma: PrismaClient, userId: number, options: OutboxListOptions = {}): Promise<OutboxMessageView[]> {
  return listMessages(prisma, { userId }, options);
}

/** The messages of one lane (e.g. a webhook endpoint's delivery log), newest first. */
export async function messagesOfLane(prisma: PrismaClient, lane: string, options: OutboxListOptions = {}): Promise<OutboxMessageView[]> {
  return listMessages(prisma, { lane }, options);
}

async function listMessages(prisma: PrismaClient, where: Prisma.OutboxMessageWhereInput, options: OutboxListOptions): Promise<OutboxMessageView[]> {
  const size = Math.min(Math.max(Math.trunc(options.first ?? OUTBOX_PAGE_SIZE), 1), 100);
  const filter: Prisma.OutboxMessageWhereInput = { ...where, ...(options.channel ? { channel: options.channel } : {}), ...(options.lane ? { lane: options.lane } : {}) };
  if (options.before) {
    const last = await prisma.outboxMessage.findUnique({ where: { id: options.before }, select: { createdAt: true, id: true } });
    if (last) {
      filter.OR = [{ createdAt: { lt: last.createdAt } }, { createdAt: last.createdAt, id: { lt: last.id } }];
    }
  }
  const rows = await prisma.outboxMessage.findMany({ where: filter, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: size });
  return rows.map(viewMessage);
}

/** One message by id, or NOT_FOUND. */
export async function outboxMessage(prisma: PrismaClient | Transaction, id: unknown): Promise<OutboxMessageView> {
  const row = typeof id === "string" && UUID.test(id) ? await prisma.outboxMessage.findUnique({ where: { id } }) : null;
  if (!row) throw notFound("Message");
  return viewMessage(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Queues a message again ("Send again"): pending, due now, its attempts counted afresh and its day of
 * retries starting over. Same id, so a receiver that already has it can tell. Wakes every runner.
 */
export async function sendAgain(prisma: PrismaClient | Transaction, id: unknown): Promise<OutboxMessageView> {
  const known = await outboxMessage(prisma, id);
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE outbox_messages SET state = 'pending', attempts = 0, available_at = now(), queued_at = now(), delivered_at = NULL
    WHERE id = ${known.id}::uuid RETURNING id::text`;
  // The insert trigger does not see updates: say it ourselves (delivered at commit, like the trigger's).
  await prisma.$queryRaw`SELECT pg_notify(${outboxChannelSql()}, '{"type":"outboxMessagesAdded"}')::text AS sent`;
  if (rows.length === 0) throw notFound("Message");
  return outboxMessage(prisma, known.id);
}

/** The shop's event channel for the current schema, computed in SQL exactly as the migrations' triggers do. */
function outboxChannelSql(): Prisma.Sql {
  return Prisma.sql`left(regexp_replace(lower(CASE WHEN current_schema() = 'public' THEN 'shop_events' ELSE 'shop_events_' || current_schema() END), '[^a-z0-9_]', '_', 'g'), 63)`;
}

export function viewMessage(row: OutboxMessage): OutboxMessageView {
  return {
    id: row.id,
    channel: row.channel,
    type: row.type,
    payload: row.payload,
    userId: row.userId,
    lane: row.lane,
    state: row.state,
    attempts: row.attempts,
    availableAt: row.availableAt,
    queuedAt: row.queuedAt,
    lastAttemptAt: row.lastAttemptAt,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastResponse: row.lastResponse,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
  };
}

/** A message id as callers may send it; null when it cannot be one. */
export const parseMessageId = (value: unknown): string | null => (typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null);
