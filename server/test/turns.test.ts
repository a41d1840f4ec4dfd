// Work that takes turns: the server renders (http/page-cache.ts) and the search gate (domain/search/gate.ts)
// run through p-limit. What they rely on from it, pinned here so an upgrade that changes it fails a test.
import pLimit from "p-limit";
import { describe, expect, it } from "vitest";

describe("work that takes turns (p-limit)", () => {
  it("runs at most `limit` at once and the rest in order of arrival, a failure passing its turn on", async () => {
    const turns = pLimit(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const job = (id: number, fails = false) =>
      turns(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(id);
            finish.set(id, () => (fails ? reject(new Error(`job ${id}`)) : resolve(id)));
          }),
      );
    const results = [job(1, true), job(2), job(3), job(4)].map((promise) => promise.catch((error: Error) => error.message));
    // Counted as soon as they are asked for: the search gate decides "busy" from these before the work starts.
    expect([turns.activeCount, turns.pendingCount]).toEqual([2, 2]);
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    finish.get(1)!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    expect([turns.activeCount, turns.pendingCount]).toEqual([2, 1]);
    finish.get(2)!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3, 4]);
    finish.get(3)!();
    finish.get(4)!();
    expect(await Promise.all(results)).toEqual(["job 1", 2, 3, 4]);
    expect([turns.activeCount, turns.pendingCount]).toEqual([0, 0]);
  });

  it("a turn is free again by the time its caller hears the answer", async () => {
    const turns = pLimit(1);
    await turns(async () => "done");
    expect(turns.activeCount).toBe(0);
    await expect(turns(async () => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(turns.activeCount).toBe(0);
  });
});
