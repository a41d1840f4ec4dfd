// The outbox's side of sending: claiming due messages for one process, and recording how each attempt
// went. Claims and outcomes are single statements on the outbox's rows, so several processes and replicas
// share the work without a coordinator:
// - a claim takes due pending messages with FOR UPDATE SKIP LOCKED (rows another process is claiming are
//   passed over, not waited for) and pushes their available_at forward by a lease: a process that dies
//   mid-attempt leaves the message due again when the lease ends, and it is sent again with the same id;
// - an outcome settles the message (delivered, or failed for good), or makes it due again later; a retry
//   that would come after the channel's limit since the message was queued fails it instead.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { ERROR_LENGTH, RESPONSE_EXCERPT_LENGTH, viewMessage, type OutboxMessageView, type OutboxState } from "./outbox.js";

/** An interval of `ms` milliseconds, as SQL. */
const milliseconds = (ms: number) => Prisma.sql`(${ms}::double precision * interval '1 millisecond')`;

const cut = (text: string | null | undefined, length: number) => (text == null ? null : text.length > length ? text.slice(0, length) : text);

export interface ClaimRequest {
  channel: string;
  /** How many messages to claim at most. */
  count: number;
  /** Attempts of one lane that may run at once in this process. */
  laneLimit: number;
  /** Attempts of each lane this process is running now. */
  busyLanes: ReadonlyMap<string, number>;
  /** How long a claimed message stays out of the others' reach. */
  leaseMs: number;
}

/** Claims up to `count` due messages of the channel, no lane above its limit; answers them, oldest due first. */
export async function claimDueMessages(prisma: PrismaClient, request: ClaimRequest): Promise<OutboxMessageView[]> {
  const ids = await prisma.$transaction(async (tx) => {
    // The extra candidates let lanes at their limit be passed over without starving the others.
    const due = await tx.$queryRaw<{ id: string; lane: string | null }[]>`
      SELECT id::text AS id, lane FROM outbox_messages
      WHERE state = 'pending' AND channel = ${request.channel} AND available_at <= now()
      ORDER BY available_at, id
      LIMIT ${request.count * 4}
      FOR UPDATE SKIP LOCKED`;
    const taken: string[] = [];
    const lanes = new Map(request.busyLanes);
    for (const row of due) {
      if (taken.length >= request.count) break;
      const busy = row.lane === null ? 0 : (lanes.get(row.lane) ?? 0);
      if (busy >= request.laneLimit) continue;
      if (row.lane !== null) lanes.set(row.lane, busy + 1);
      taken.push(row.id);
    }
    if (taken.length === 0) return [];
    await tx.$executeRaw`
      UPDATE outbox_messages
      SET attempts = attempts + 1, last_attempt_at = now(), available_at = now() + ${milliseconds(request.leaseMs)}
      WHERE id = ANY(${taken}::uuid[])`;
    return taken;
  });
  if (ids.length === 0) return [];
  const rows = await prisma.outboxMessage.findMany({ where: { id: { in: ids } }, orderBy: { availableAt: "asc" } });
  return rows.map(viewMessage);
}

/** How one attempt went, as the outbox records it. */
export type AttemptOutcome =
  | { result: "delivered"; status?: number | null; response?: string | null }
  | { result: "failed"; error: string; status?: number | null; response?: string | null }
  /** Due again in `retryInMs`, unless that is past `giveUpAfterMs` since the message was queued: then failed. */
  | { result: "retry"; error: string; status?: number | null; response?: string | null; retryInMs: number; giveUpAfterMs: number };

/** Records an attempt's outcome; answers the message's state after it (unchanged when it was no longer pending). */
export async function recordAttempt(prisma: PrismaClient, message: Pick<OutboxMessageView, "id" | "state">, outcome: AttemptOutcome): Promise<OutboxState> {
  const status = outcome.status ?? null;
  const response = cut(outcome.response, RESPONSE_EXCERPT_LENGTH);
  if (outcome.result === "delivered") {
    await prisma.$executeRaw`
      UPDATE outbox_messages SET state = 'delivered', delivered_at = now(), last_status = ${status}, last_response = ${response}, last_error = NULL
      WHERE id = ${message.id}::uuid`;
    return "delivered";
  }
  const error = cut(outcome.error, ERROR_LENGTH);
  if (outcome.result === "failed") {
    await prisma.$executeRaw`
      UPDATE outbox_messages SET state = 'failed', last_status = ${status}, last_response = ${response}, last_error = ${error}
      WHERE id = ${message.id}::uuid AND state = 'pending'`;
    return "failed";
  }
  const rows = await prisma.$queryRaw<{ state: OutboxState }[]>`
    UPDATE outbox_messages
    SET state = CASE WHEN now() + ${milliseconds(outcome.retryInMs)} > queued_at + ${milliseconds(outcome.giveUpAfterMs)}
                     THEN 'failed'::"OutboxState" ELSE 'pending'::"OutboxState" END,
        available_at = now() + ${milliseconds(outcome.retryInMs)},
        last_status = ${status}, last_response = ${response}, last_error = ${error}
    WHERE id = ${message.id}::uuid AND state = 'pending'
    RETURNING state::text AS state`;
  return rows[0]?.state ?? message.state;
}
