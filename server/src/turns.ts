// Work that takes turns: at most `limit` run at once, the rest wait in order of arrival. Used by the search
// lane (domain/search/gate.ts, which also refuses beyond a queue) and by server renders (http/page-cache.ts).
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** Running now (a finished one hands its turn over, so this counts the one woken too). */
  get inFlight(): number {
    return this.running;
  }

  /** Waiting their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The one finishing hands its turn to the next in line: `running` stays counted for it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
