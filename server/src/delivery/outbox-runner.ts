// The outbox runner: each worker process runs one. It claims due messages of the outbox (the messaging
// room's claimDueMessages: several processes and replicas never claim the same message at once), hands each
// to the deliverer registered for its channel, and records the outcome (recordAttempt): delivered, retried
// later with exponential backoff and jitter, or failed for good once a day (the channel's limit) has passed
// since it was queued. It owns no SQL: the outbox's rows are the messaging room's.
//
// At least once, never lost: claiming a message pushes its available_at forward by a lease longer than
// any attempt may take. If the process dies mid-attempt (kill -9), the message becomes due again when the
// lease ends and is sent again, with the same id. It wakes at once when a message is committed (a database
// trigger announces it on the shop's event channel, on every replica) and polls as a backstop.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { EventBus } from "../domain/shared/index.js";
import { claimDueMessages, KEEP_SETTLED_MS, recordAttempt, removeSettledMessages, type OutboxMessageView, type OutboxState } from "../domain/messaging/index.js";

/** What one attempt came to. */
export type DeliveryOutcome =
  | { result: "delivered"; status?: number | null; response?: string | null }
  /** Worth trying again later (a timeout, a 5xx, a lost connection): backoff, or `retryAfterMs` when the receiver said. */
  | { result: "retry"; error: string; status?: number | null; response?: string | null; retryAfterMs?: number }
  /** Will never work as it is (e.g. the receiver refused the message): no more attempts. */
  | { result: "failed"; error: string; status?: number | null; response?: string | null };

export interface Deliverer {
  /**
   * Sends one message and says what happened. Throwing counts as a failure worth retrying. `signal` is
   * aborted when the attempt has run for attemptTimeoutMs.
   */
  deliver(message: OutboxMessageView, signal: AbortSignal): Promise<DeliveryOutcome>;
  /** The longest one attempt may take (60 s by default); the claim's lease is twice that plus 5 s. */
  attemptTimeoutMs?: number;
  /** Attempts of this channel running at once in one process (8 by default). */
  concurrency?: number;
  /** Attempts of one lane (e.g. one webhook endpoint) running at once in one process (2 by default). */
  laneConcurrency?: number;
  /** Retries stop this long after the message was queued (24 h by default): it becomes 'failed'. */
  giveUpAfterMs?: number;
  /** Called once an attempt's outcome is recorded, with the message's state after it (e.g. to track a failing endpoint). */
  afterAttempt?(message: OutboxMessageView, outcome: DeliveryOutcome, state: OutboxState): Promise<void>;
}

export interface OutboxLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info?(details: object, message: string): void;
}

export interface OutboxRunnerOptions {
  prisma: PrismaClient;
  /** Where the database announces new messages (outboxMessagesAdded). */
  events: EventBus;
  /** How often to look for due messages when nothing announced any (retries coming due, missed notifications). 5 s by default. */
  pollMs?: number;
  /** Milliseconds to wait after the n-th failed attempt, before jitter. */
  backoff?: (attempts: number) => number;
  logger?: OutboxLogger;
  /** How long delivered and given-up messages are kept (KEEP_SETTLED_MS, 90 days, by default). */
  keepSettledMs?: number;
  /** How often older settled messages are removed: hourly by default. */
  removeEveryMs?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DEFAULT_GIVE_UP_AFTER_MS = 24 * HOUR;
const DEFAULT_ATTEMPT_TIMEOUT_MS = MINUTE;

/**
 * 5 s, 15 s, 45 s, 2¼ min, 7 min, 20 min, 1 h, 3 h, then every 6 h: eleven attempts in the first day,
 * after which the message is given up (DEFAULT_GIVE_UP_AFTER_MS).
 */
export function defaultBackoff(attempts: number): number {
  return Math.min(5_000 * 3 ** Math.max(0, attempts - 1), 6 * HOUR);
}

/** ±20 %, so retries of many messages that failed together do not come back together. */
const withJitter = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

interface Channel {
  name: string;
  deliverer: Deliverer;
  inFlight: number;
  lanes: Map<string, number>;
  /** The last claim took all it asked for: more may be due as soon as a slot frees. */
  backlog: boolean;
}

export class OutboxRunner {
  private readonly channels = new Map<string, Channel>();
  private readonly attempts = new Set<Promise<void>>();
  private readonly pollMs: number;
  private readonly backoff: (attempts: number) => number;
  private pollTimer: NodeJS.Timeout | undefined;
  private removeTimer: NodeJS.Timeout | undefined;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private unlisten: (() => void) | undefined;
  private started = false;
  private stopped = false;
  private passing = false;
  private passAgain = false;

  constructor(private readonly options: OutboxRunnerOptions) {
    this.pollMs = options.pollMs ?? 5_000;
    this.backoff = options.backoff ?? defaultBackoff;
  }

  /** Makes this runner send the messages of `channel` with `deliverer`. Register every channel before start(). */
  register(channel: string, deliverer: Deliverer): this {
    if (this.channels.has(channel)) throw new Error(`A deliverer for the ${channel} channel is already registered.`);
    this.channels.set(channel, { name: channel, deliverer, inFlight: 0, lanes: new Map(), backlog: false });
    if (this.started) this.wake();
    return this;
  }

  /** Starts listening for new messages and polling; sends what is already due. */
  start(): this {
    if (this.started) return this;
    this.started = true;
    this.unlisten = this.options.events.listen((event) => {
      if (event.type === "outboxMessagesAdded") this.wake();
    });
    this.pollTimer = setInterval(() => this.wake(), this.pollMs);
    this.pollTimer.unref();
    // Without this the table grows by every email and webhook event the shop ever sent.
    this.removeTimer = setInterval(() => void this.removeSettled(), this.options.removeEveryMs ?? HOUR);
    this.removeTimer.unref();
    this.wake();
    return this;
  }

  /** Removes settled messages past their keeping time (see removeSettledMessages); never throws. */
  async removeSettled(): Promise<number> {
    try {
      const removed = await removeSettledMessages(this.options.prisma, this.options.keepSettledMs ?? KEEP_SETTLED_MS);
      if (removed > 0) this.options.logger?.info?.({ removed }, "Removed settled outbox messages past their keeping time.");
      return removed;
    } catch (error) {
      this.options.logger?.error({ err: error }, "The outbox runner could not remove old settled messages; it tries again later.");
      return 0;
    }
  }

  /** Looks for due messages now (also called by the event listener and the poll). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    this.passing = true;
    void this.pass()
      .catch((error: unknown) => this.options.logger?.error({ err: error }, "The outbox runner could not claim messages; it tries again at its next poll."))
      .finally(() => {
        this.passing = false;
        if (this.passAgain) {
          this.passAgain = false;
          this.wake();
        }
      });
  }

  /** Stops claiming messages, then waits for the attempts in flight (each ends within its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.removeTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.unlisten?.();
    await this.idle();
  }

  /** Resolves when no attempt is in flight in this process (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.attempts.size > 0) await Promise.allSettled([...this.attempts]);
  }

  /** Attempts running now in this process. */
  inFlight(): number {
    return this.attempts.size;
  }

  private async pass(): Promise<void> {
    for (const channel of this.channels.values()) {
      const free = (channel.deliverer.concurrency ?? 8) - channel.inFlight;
      if (free <= 0 || this.stopped) continue;
      const claimed = await this.claim(channel, free);
      channel.backlog = claimed.length === free;
      for (const message of claimed) this.attempt(channel, message);
    }
  }

  /** Claims up to `count` due messages of the channel, at most laneConcurrency in flight per lane. */
  private claim(channel: Channel, count: number): Promise<OutboxMessageView[]> {
    const { deliverer } = channel;
    return claimDueMessages(this.options.prisma, {
      channel: channel.name,
      count,
      laneLimit: deliverer.laneConcurrency ?? 2,
      busyLanes: channel.lanes,
      leaseMs: (deliverer.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS) * 2 + 5_000,
    });
  }

  private attempt(channel: Channel, message: OutboxMessageView): void {
    channel.inFlight += 1;
    if (message.lane !== null) channel.lanes.set(message.lane, (channel.lanes.get(message.lane) ?? 0) + 1);
    const running = this.run(channel, message).finally(() => {
      channel.inFlight -= 1;
      if (message.lane !== null) {
        const left = (channel.lanes.get(message.lane) ?? 1) - 1;
        if (left > 0) channel.lanes.set(message.lane, left);
        else channel.lanes.delete(message.lane);
      }
      this.attempts.delete(running);
      if (channel.backlog) this.wake();
    });
    this.attempts.add(running);
  }

  private async run(channel: Channel, message: OutboxMessageView): Promise<void> {
    const { deliverer } = channel;
    const timeoutMs = deliverer.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let outcome: DeliveryOutcome;
    try {
      outcome = await Promise.race([
        deliverer.deliver(message, controller.signal),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s.`));
          }, timeoutMs);
        }),
      ]);
    } catch (error) {
      outcome = { result: "retry", error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    try {
      const state = await this.record(message, outcome, deliverer);
      await deliverer.afterAttempt?.(message, outcome, state);
    } catch (error) {
      // The lease brings the message back: it is sent again, never lost.
      this.options.logger?.error({ err: error, messageId: message.id }, "The outcome of an outbox delivery could not be recorded; it will be attempted again.");
    }
  }

  /** Writes the attempt's outcome; answers the message's state after it. */
  private async record(message: OutboxMessageView, outcome: DeliveryOutcome, deliverer: Deliverer): Promise<OutboxState> {
    if (outcome.result !== "retry") return recordAttempt(this.options.prisma, message, outcome);
    const retryInMs = Math.max(0, outcome.retryAfterMs ?? withJitter(this.backoff(message.attempts)));
    const state = await recordAttempt(this.options.prisma, message, { ...outcome, retryInMs, giveUpAfterMs: deliverer.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS });
    if (state === "pending") this.wakeIn(retryInMs);
    return state;
  }

  /** Wakes this runner when a retry comes due, sooner than the poll would (other processes rely on their poll). */
  private wakeIn(ms: number): void {
    if (ms >= this.pollMs || this.stopped) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, ms + 5);
    timer.unref();
    this.retryTimers.add(timer);
  }
}
