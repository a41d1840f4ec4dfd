// How long the background jobs' queues are, for /metrics (shop_jobs_pending, shop_jobs_oldest_due_age_seconds):
// read-only counts over the rows the messaging room (outbox_messages) and the images room (images) own,
// with the same "due" rules their claims use (domain/messaging/outbox-attempts.ts, domain/images/renditions-worker.ts).
// Both statements use the tables' (state, ...) indexes and count only unfinished rows, which a working shop
// keeps few of; delivered and ready rows are never scanned.
import type { PrismaClient } from "../generated/prisma/client.js";
import { RECIPE } from "../domain/images/index.js";
import type { JobQueueReading } from "../metrics.js";

/** The outbox's channels always reported (0 when empty), so an alert on them has a series from the start. */
const OUTBOX_CHANNELS = ["webhook", "email"];

interface QueueRow {
  kind: string;
  pending: bigint | number;
  oldest_due_age: number | string | null;
}

/**
 * Per outbox channel: pending messages, and how long the oldest due one (available_at passed: not claimed,
 * as a claim pushes available_at forward by its lease) has waited. Pictures: those due (pending, or made by
 * an older recipe), and how long the oldest one nobody holds has waited since it became free.
 */
export async function readJobQueues(prisma: PrismaClient): Promise<JobQueueReading[]> {
  const outbox = await prisma.$queryRaw<QueueRow[]>`
    SELECT channel AS kind, count(*) AS pending,
           COALESCE(EXTRACT(EPOCH FROM now() - min(available_at) FILTER (WHERE available_at <= now())), 0) AS oldest_due_age
    FROM outbox_messages WHERE state = 'pending' GROUP BY channel`;
  const pictures = await prisma.$queryRaw<QueueRow[]>`
    SELECT 'renditions' AS kind, count(*) AS pending,
           COALESCE(EXTRACT(EPOCH FROM now() - min(COALESCE(claimed_until, updated_at)) FILTER (WHERE claimed_until IS NULL OR claimed_until < now())), 0) AS oldest_due_age
    FROM images WHERE state = 'pending' OR (state = 'ready' AND recipe < ${RECIPE})`;
  const readings = new Map<string, JobQueueReading>(OUTBOX_CHANNELS.map((kind) => [kind, { kind, pending: 0, oldestDueAgeSeconds: 0 }]));
  for (const row of [...outbox, ...pictures]) {
    readings.set(row.kind, { kind: row.kind, pending: Number(row.pending), oldestDueAgeSeconds: Math.max(0, Number(row.oldest_due_age ?? 0)) });
  }
  return [...readings.values()];
}
