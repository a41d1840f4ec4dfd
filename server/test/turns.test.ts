import { describe, expect, it } from "vitest";
import { Turns } from "../src/turns.js";

describe("work that takes turns", () => {
  it("runs at most `limit` at once and the rest in order of arrival, a failure passing its turn on", async () => {
    const turns = new Turns(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const job = (id: number, fails = false) =>
      turns.run(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(id);
            finish.set(id, () => (fails ? reject(new Error(`job ${id}`)) : resolve(id)));
          }),
      );
    const results = [job(1, true), job(2), job(3), job(4)].map((promise) => promise.catch((error: Error) => error.message));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect([turns.inFlight, turns.queued]).toEqual([2, 2]);
    finish.get(1)!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    finish.get(2)!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3, 4]);
    finish.get(3)!();
    finish.get(4)!();
    expect(await Promise.all(results)).toEqual(["job 1", 2, 3, 4]);
    expect([turns.inFlight, turns.queued]).toEqual([0, 0]);
  });
});
