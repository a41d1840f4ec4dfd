// The outbox: a message is written in the transaction of the change it reports (none for a rolled-back
// change), and the outbox runner delivers it at least once through the deliverer of its channel, retrying
// with backoff and giving up after its limit, recording attempts, state and the last error.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addToOutbox, KEEP_SETTLED_MS, messagesForUser, removeSettledMessages, sendAgain } from "../src/domain/messaging/outbox.js";
import { OutboxRunner, defaultBackoff, type Deliverer, type DeliveryOutcome } from "../src/delivery/outbox-runner.js";
import type { OutboxMessageView } from "../src/domain/messaging/outbox.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
const runners: OutboxRunner[] = [];

beforeAll(async () => {
  t = await createTestShop();
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await t.db.prisma.outboxMessage.deleteMany();
});
afterAll(async () => {
  await t.close();
});

/** A runner over the test shop's database that polls only once a minute: anything sooner was woken by the commit. */
function runner(channel: string, deliverer: Deliverer, backoff = (_attempts: number) => 20): OutboxRunner {
  const made = new OutboxRunner({ prisma: t.db.prisma, events: t.db.events, pollMs: 60_000, backoff }).register(channel, deliverer);
  runners.push(made);
  return made.start();
}

/** Resolves with the first value `read` gives that `done` accepts, polling every 20 ms for up to 10 s. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const stored = (id: string) => t.db.prisma.outboxMessage.findUniqueOrThrow({ where: { id } });

/** Writes one message in a transaction of its own, as a domain service does. */
async function write(channel: string, type = "note", payload: object = { n: 1 }, userId?: number) {
  return t.db.prisma.$transaction((tx) => addToOutbox(tx, { channel, type, payload, userId }));
}

describe("writing to the outbox", () => {
  it("a message exists only if the transaction that wrote it commits", async () => {
    await expect(
      t.db.prisma.$transaction(async (tx) => {
        await addToOutbox(tx, { channel: "test", type: "rolled-back", payload: {} });
        throw new Error("the change fails after writing its message");
      }),
    ).rejects.toThrow("the change fails");
    expect(await t.db.prisma.outboxMessage.count({ where: { type: "rolled-back" } })).toBe(0);

    const id = await write("test", "committed", { order: 7 });
    expect(await stored(id)).toMatchObject({ state: "pending", attempts: 0, payload: { order: 7 } });
  });
});

describe("the outbox runner", () => {
  it("delivers a committed message promptly (woken by the commit, not the poll), once", async () => {
    const seen: OutboxMessageView[] = [];
    runner("prompt", { deliver: async (message) => (seen.push(message), { result: "delivered", status: 204 }) });
    const id = await write("prompt", "hello", { greeting: "hi" });
    const row = await until(() => stored(id), (message) => message.state === "delivered");
    expect(row).toMatchObject({ state: "delivered", attempts: 1, lastStatus: 204, lastError: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, type: "hello", payload: { greeting: "hi" } });
  });

  it("retries a failing delivery with backoff and succeeds on the 4th attempt, the same message each time", async () => {
    const ids: string[] = [];
    runner("flaky", {
      deliver: async (message): Promise<DeliveryOutcome> => {
        ids.push(message.id);
        return ids.length < 4 ? { result: "retry", error: `try ${ids.length} failed`, status: 503, response: "busy" } : { result: "delivered", status: 200 };
      },
    });
    const id = await write("flaky");
    const row = await until(() => stored(id), (message) => message.state === "delivered");
    expect(row).toMatchObject({ state: "delivered", attempts: 4, lastStatus: 200 });
    expect(ids).toEqual([id, id, id, id]);
  });

  it("records the last error and status while retrying, and counts a thrown error as a failure to retry", async () => {
    let calls = 0;
    runner(
      "throwing",
      {
        deliver: async () => {
          calls += 1;
          throw new Error("connect ECONNREFUSED");
        },
      },
      () => 60_000,
    );
    const id = await write("throwing");
    const row = await until(() => stored(id), (message) => message.attempts === 1 && message.lastError !== null);
    expect(row).toMatchObject({ state: "pending", attempts: 1, lastError: "connect ECONNREFUSED" });
    // The next attempt waits for the backoff (a minute here, ±20 % jitter).
    expect(row.availableAt.getTime() - Date.now()).toBeGreaterThan(40_000);
    expect(calls).toBe(1);
  });

  it("gives up once the channel's limit has passed since the message was queued: the state becomes 'failed'", async () => {
    runner("hopeless", { giveUpAfterMs: 200, deliver: async () => ({ result: "retry", error: "HTTP 500", status: 500 }) }, () => 100);
    const id = await write("hopeless");
    const row = await until(() => stored(id), (message) => message.state === "failed");
    expect(row).toMatchObject({ state: "failed", lastError: "HTTP 500", lastStatus: 500 });
    expect(row.attempts).toBeGreaterThanOrEqual(1);
  });

  it("a 'failed' outcome is final: no more attempts", async () => {
    let calls = 0;
    runner("refused", { deliver: async () => (calls++, { result: "failed", error: "HTTP 410 Gone", status: 410 }) });
    const id = await write("refused");
    expect(await until(() => stored(id), (message) => message.state === "failed")).toMatchObject({ attempts: 1, lastStatus: 410 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
  });

  it("an attempt that never answers is cut at the deliverer's timeout and retried", async () => {
    let calls = 0;
    runner("silent", {
      attemptTimeoutMs: 100,
      deliver: (_message, signal) => {
        calls += 1;
        if (calls > 1) return Promise.resolve({ result: "delivered" });
        return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
      },
    });
    const id = await write("silent");
    expect(await until(() => stored(id), (message) => message.state === "delivered")).toMatchObject({ attempts: 2 });
  });

  it("a slow lane does not hold up the others", async () => {
    const delivered: string[] = [];
    runner("lanes", {
      laneConcurrency: 1,
      deliver: async (message) => {
        if (message.lane === "slow") await new Promise((resolve) => setTimeout(resolve, 1_500));
        delivered.push(message.type);
        return { result: "delivered" };
      },
    });
    await t.db.prisma.$transaction(async (tx) => {
      for (let index = 0; index < 4; index += 1) await addToOutbox(tx, { channel: "lanes", type: `slow-${index}`, payload: {}, lane: "slow" });
      await addToOutbox(tx, { channel: "lanes", type: "fast", payload: {}, lane: "fast" });
    });
    await until(async () => delivered, (list) => list.includes("fast"));
    expect(delivered).toEqual(["fast"]);
  });

  it("stop() lets the attempt in flight finish and claims nothing more", async () => {
    let release: () => void = () => undefined;
    const made = runner("stopping", { deliver: () => new Promise((resolve) => (release = () => resolve({ result: "delivered" }))) });
    const id = await write("stopping");
    await until(async () => made.inFlight(), (count) => count === 1);
    const stopped = made.stop();
    const later = await write("stopping", "after-stop");
    release();
    await stopped;
    expect((await stored(id)).state).toBe("delivered");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stored(later)).state).toBe("pending");
  });
});

describe("reading and sending again", () => {
  it("a user's messages, newest first, with their delivery state; 'send again' queues the same message anew", async () => {
    const user = await t.signUp();
    const first = await write("mail", "welcome", {}, user.id);
    const second = await write("mail", "order-confirmation", {}, user.id);
    await write("mail", "someone-else", {});
    runner("mail", { deliver: async (message) => (message.type === "welcome" ? { result: "delivered" } : { result: "failed", error: "mailbox full" }) });
    await until(() => messagesForUser(t.db.prisma, user.id), (list) => list.every((message) => message.state !== "pending"));

    const messages = await messagesForUser(t.db.prisma, user.id);
    expect(messages.map((message) => [message.id, message.type, message.state])).toEqual([
      [second, "order-confirmation", "failed"],
      [first, "welcome", "delivered"],
    ]);
    expect(messages[0].lastError).toBe("mailbox full");
    expect(await messagesForUser(t.db.prisma, user.id, { first: 1, before: second })).toMatchObject([{ id: first }]);

    const before = (await stored(second)).lastAttemptAt!;
    expect((await sendAgain(t.db.prisma, second)).id).toBe(second);
    const resent = await until(() => stored(second), (message) => message.state === "failed" && message.lastAttemptAt! > before);
    expect(resent).toMatchObject({ state: "failed", attempts: 1 });
  });
});

describe("keeping time", () => {
  it("settled messages (delivered or given up) are removed once past their keeping time, in batches; pending ones never", async () => {
    const day = 24 * 60 * 60 * 1000;
    const ids = { oldDelivered: [] as string[], oldFailed: "", recentDelivered: "", oldPending: "" };
    for (let n = 0; n < 3; n += 1) ids.oldDelivered.push(await write("archive"));
    ids.oldFailed = await write("archive");
    ids.recentDelivered = await write("archive");
    ids.oldPending = await write("archive");
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    await t.db.prisma.outboxMessage.updateMany({ where: { id: { in: ids.oldDelivered } }, data: { state: "delivered", lastAttemptAt: at(91), deliveredAt: at(91) } });
    await t.db.prisma.outboxMessage.update({ where: { id: ids.oldFailed }, data: { state: "failed", lastAttemptAt: at(100) } });
    await t.db.prisma.outboxMessage.update({ where: { id: ids.recentDelivered }, data: { state: "delivered", lastAttemptAt: at(89), deliveredAt: at(89) } });
    await t.db.prisma.outboxMessage.update({ where: { id: ids.oldPending }, data: { createdAt: at(200), availableAt: at(200) } });

    // Batches of 2: four old settled messages take three statements, and all go.
    expect(await removeSettledMessages(t.db.prisma, KEEP_SETTLED_MS, 2)).toBe(4);
    const left = await t.db.prisma.outboxMessage.findMany({ where: { channel: "archive" }, select: { id: true } });
    expect(left.map((message) => message.id).sort()).toEqual([ids.recentDelivered, ids.oldPending].sort());
    // The runner does the same on its own (hourly in production), with its own keeping time.
    const keeper = new OutboxRunner({ prisma: t.db.prisma, events: t.db.events, keepSettledMs: 88 * day });
    expect(await keeper.removeSettled()).toBe(1);
    expect(await t.db.prisma.outboxMessage.count({ where: { channel: "archive" } })).toBe(1);
  });
});

describe("backoff", () => {
  it("grows from seconds to hours, so retries span about a day", () => {
    const delays = Array.from({ length: 12 }, (_, index) => defaultBackoff(index + 1));
    expect(delays.slice(0, 3)).toEqual([5_000, 15_000, 45_000]);
    expect(Math.max(...delays)).toBe(6 * 3600_000);
    // Eleven attempts fit in the first day; the twelfth would come after it, so the message is given up.
    const total = delays.slice(0, 11).reduce((sum, ms) => sum + ms, 0);
    expect(total / 3600_000).toBeGreaterThan(20);
    expect(total / 3600_000).toBeLessThan(30);
  });
});
