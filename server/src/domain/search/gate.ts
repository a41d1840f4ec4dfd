// Isolation: searches are the costliest reads a shopper can cause, and the most frequent while typing.
// The gate bounds how many this process runs at once; one more is refused straight away with a clear
// "busy, try again" (TOO_MANY_REQUESTS, retry after a second) instead of queueing behind the others, so a
// burst of searches, or one script, can never stall the rest of the shop. Statements that still run too
// long are cancelled by the database (search's statement timeout, db/client.ts) and answered the same way.
// The turns themselves (at most `limit` at once, the rest in order of arrival) are p-limit's; the gate adds
// the refusal beyond its queue and the answer to a cancelled statement.
import pLimit, { type LimitFunction } from "p-limit";
import { ShopError, tooManyRequests } from "../shared/index.js";

export const SEARCH_BUSY = "Search is busy right now. Please try again in a moment.";

/** A statement cancelled by search's statement timeout (PostgreSQL's query_canceled, 57014). */
function isCancelled(error: unknown): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failure?.code === "57014" || failure?.cause?.code === "57014";
}

export class SearchGate {
  private readonly turns: LimitFunction;

  /**
   * `limit` searches run at once; with `queue`, that many more wait their turn (in order) before any is
   * refused: for work that costs this process's CPU rather than database connections, a short wait keeps
   * the loop free for the rest of the shop's requests without turning shoppers away.
   */
  constructor(
    readonly limit: number,
    readonly queue = 0,
  ) {
    this.turns = pLimit(limit);
  }

  /** Searches running now. */
  get inFlight(): number {
    return this.turns.activeCount;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.turns.activeCount >= this.limit && this.turns.pendingCount >= this.queue) throw tooManyRequests(SEARCH_BUSY, 1);
    try {
      return await this.turns(work);
    } catch (error) {
      if (!(error instanceof ShopError) && isCancelled(error)) throw tooManyRequests(SEARCH_BUSY, 1);
      throw error;
    }
  }
}
