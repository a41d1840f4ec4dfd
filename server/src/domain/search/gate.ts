// Isolation: searches are the costliest reads a shopper can cause, and the most frequent while typing.
// The gate bounds how many this process runs at once; one more is refused straight away with a clear
// "busy, try again" (TOO_MANY_REQUESTS, retry after a second) instead of queueing behind the others, so a
// burst of searches, or one script, can never stall the rest of the shop. Statements that still run too
// long are cancelled by the database (search's statement timeout, db/client.ts) and answered the same way.
import { ShopError, tooManyRequests } from "../errors.js";

export const SEARCH_BUSY = "Search is busy right now. Please try again in a moment.";

/** A statement cancelled by search's statement timeout (PostgreSQL's query_canceled, 57014). */
function isCancelled(error: unknown): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failure?.code === "57014" || failure?.cause?.code === "57014";
}

export class SearchGate {
  private running = 0;

  constructor(readonly limit: number) {}

  /** Searches running now. */
  get inFlight(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) throw tooManyRequests(SEARCH_BUSY, 1);
    this.running += 1;
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ShopError) && isCancelled(error)) throw tooManyRequests(SEARCH_BUSY, 1);
      throw error;
    } finally {
      this.running -= 1;
    }
  }
}
