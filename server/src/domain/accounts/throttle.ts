// Throttles sign-in and sign-up. Counters live in the database (throttle_counters), so several replicas
// count the same attempts. Each counter is a fixed window: it starts with the first attempt and ends
// `seconds` later, when the caller may try again.
//
// Sign-in counts failed attempts under three keys, so a guesser is stopped without locking the owner
// out for long:
// - account + address: strict (5 per 5 minutes); a correct password clears it;
// - account alone: looser (20 per 15 minutes), for guessing spread over many addresses;
// - address alone: 50 per 15 minutes, for one address trying many accounts.
// Sign-up counts every attempt per address (10 per 15 minutes). A signed-in user's password checks (to
// change the password or the email) count failures per user (5 per 5 minutes).
//
// An attempt is counted BEFORE the password is checked (one atomic upsert for all its keys), so a burst
// of parallel requests cannot slip past the limit; a refused or successful attempt is taken back after.
import net from "node:net";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { inList, prismaReader, tooManyRequests, type RowReader } from "../shared/index.js";

export interface Limit {
  /** Attempts allowed in one window. */
  attempts: number;
  /** Length of the window, in seconds. */
  seconds: number;
}

export const SIGN_IN_LIMITS = {
  accountAndAddress: { attempts: 5, seconds: 5 * 60 },
  account: { attempts: 20, seconds: 15 * 60 },
  address: { attempts: 50, seconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

export const SIGN_UP_LIMITS = {
  address: { attempts: 10, seconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

export const PASSWORD_CHECK_LIMITS = {
  user: { attempts: 5, seconds: 5 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * Password reset by email, counted like sign-in: asking for a link counts every request per
 * account (known or not, so the limit tells nothing about which emails have accounts) and per address;
 * using a link counts failures per address.
 */
export const PASSWORD_RESET_LIMITS = {
  account: { attempts: 5, seconds: 15 * 60 },
  address: { attempts: 20, seconds: 15 * 60 },
  linkUse: { attempts: 20, seconds: 15 * 60 },
} as const satisfies Record<string, Limit>;

// Old counters are deleted at most this often per process (with the next attempt that comes along).
const PRUNE_EVERY_MS = 60_000;

/** "Please wait 4 minutes" / "Please wait 30 seconds". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * The address a counter is kept for. IPv6 hands one subscriber a whole /64, so an address there counts
 * by its /64; IPv4 (also IPv4-mapped IPv6) by the address itself. Null when the address is unknown.
 */
export function addressKey(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return null;
  const [head, tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}

interface Counted {
  key: string;
  hits: number;
  secondsLeft: number;
}

/** One attempt, counted under its keys: `refused` says whether it may go ahead. */
export class Attempt {
  constructor(
    private readonly throttle: Throttle,
    readonly keys: string[],
    private readonly counted: Counted[],
    private readonly limits: Map<string, Limit>,
  ) {}

  /** Seconds until the first exceeded window ends, or 0 when the attempt may go ahead. */
  get retryAfterSeconds(): number {
    let wait = 0;
    for (const row of this.counted) {
      if (row.hits > this.limits.get(row.key)!.attempts) wait = Math.max(wait, Math.max(1, Math.ceil(row.secondsLeft)));
    }
    return wait;
  }

  /** The keys this attempt was the first of in their window (counted once: a first sighting). */
  freshKeys(): string[] {
    return this.counted.filter((row) => row.hits === 1).map((row) => row.key);
  }

  /** Takes the attempt back from these keys (it was refused, or it succeeded and was no failure). */
  async takeBack(keys: string[] = this.keys): Promise<void> {
    await this.throttle.takeBack(keys);
  }

  /** Forgets these counters altogether (a correct password clears the account + address count). */
  async clear(keys: string[]): Promise<void> {
    await this.throttle.clear(keys);
  }
}

export class Throttle {
  private lastPrune = 0;

  constructor(
    private readonly prisma: PrismaClient,
    /**
     * The counting statements' way to the database: the shop's reader (node-postgres's pool, no Prisma work),
     * as cart quotes with promotion codes count tries and look up markers (npm run bench:pricing).
     */
    private readonly run: RowReader = prismaReader(prisma),
  ) {}

  /** Counts one attempt under every key (one statement). */
  async count(limits: Map<string, Limit>): Promise<Attempt> {
    // Every statement here takes its rows in key order: concurrent counts and take-backs of the same keys
    // then queue behind each other instead of deadlocking.
    const keys = [...limits.keys()].sort();
    if (keys.length === 0) return new Attempt(this, [], [], limits);
    await this.pruneNowAndThen();
    const values = keys.map((key) => Prisma.sql`(${key}, 1, now() + make_interval(secs => ${limits.get(key)!.seconds}))`);
    const counted = await this.run<Counted>(Prisma.sql`
      INSERT INTO throttle_counters AS c (key, hits, window_ends_at) VALUES ${Prisma.join(values)}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
        window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
      RETURNING c.key, c.hits, EXTRACT(EPOCH FROM (c.window_ends_at - now()))::float8 AS "secondsLeft"`);
    return new Attempt(this, keys, counted, limits);
  }

  /**
   * Counts an attempt and throws TOO_MANY_REQUESTS (taking the attempt back) when any key is over its
   * limit; `message` words the refusal for a given wait.
   */
  async enter(limits: Map<string, Limit>, message: (wait: string) => string): Promise<Attempt> {
    const attempt = await this.count(limits);
    const wait = attempt.retryAfterSeconds;
    if (wait > 0) {
      // A refused attempt does not count: hammering a locked key must not run up the others.
      await attempt.takeBack();
      throw tooManyRequests(message(waitText(wait)), wait);
    }
    return attempt;
  }

  /** Which of these keys have a counter in its window now (a read: nothing is counted). */
  async held(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.run<{ key: string }>(Prisma.sql`SELECT key FROM throttle_counters WHERE key IN ${inList(keys, "text")} AND window_ends_at > now()`);
    return new Set(rows.map((row) => row.key));
  }

  async takeBack(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.run(Prisma.sql`
      UPDATE throttle_counters AS c SET hits = GREATEST(c.hits - 1, 0)
      FROM (SELECT key FROM throttle_counters WHERE key IN (${Prisma.join(keys)}) ORDER BY key FOR UPDATE) AS locked
      WHERE c.key = locked.key AND c.window_ends_at > now()`);
  }

  async clear(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.prisma.throttleCounter.deleteMany({ where: { key: { in: keys } } });
  }

  /** Deletes counters whose window has ended (at most once a minute per process). */
  async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.prisma.$executeRaw`DELETE FROM throttle_counters WHERE window_ends_at <= now()`;
  }
}
