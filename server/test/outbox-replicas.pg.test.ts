// Several processes run an outbox runner on one PostgreSQL database: FOR UPDATE SKIP LOCKED hands each
// due message to exactly one of them, so each message is delivered once (duplicates only on a real retry).
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/client.js";
import { addManyToOutbox } from "../src/domain/messaging/outbox.js";
import { OutboxRunner } from "../src/delivery/outbox-runner.js";
import { privateSchemaUrl, stopAll } from "./processes.js";

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
  await stopAll();
});

describe("two replicas on one database", () => {
  it("deliver each of 300 messages exactly once between them", async () => {
    const url = privateSchemaUrl("outbox22");
    const replicas = [await openDatabase({ kind: "postgres", url }), await openDatabase({ kind: "postgres", url })];
    opened.push(...replicas);
    await replicas[0].migrate();

    const deliveries = new Map<string, number>();
    const byReplica = [0, 0];
    const runners = replicas.map((db, index) =>
      new OutboxRunner({ prisma: db.prisma, events: db.events, pollMs: 60_000 })
        .register("test", {
          concurrency: 4,
          deliver: async (message) => {
            deliveries.set(message.id, (deliveries.get(message.id) ?? 0) + 1);
            byReplica[index] += 1;
            await new Promise((resolve) => setTimeout(resolve, 2));
            return { result: "delivered" };
          },
        })
        .start(),
    );
    for (let batch = 0; batch < 10; batch += 1) {
      await replicas[batch % 2].prisma.$transaction((tx) =>
        addManyToOutbox(tx, Array.from({ length: 30 }, (_, index) => ({ channel: "test", type: `m${batch}-${index}`, payload: {} }))),
      );
    }
    const deadline = Date.now() + 20_000;
    while ((await replicas[0].prisma.outboxMessage.count({ where: { state: "delivered" } })) < 300 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const runner of runners) await runner.stop();

    expect(deliveries.size).toBe(300);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    // Both took part: the work was shared, not merely done by one while the other waited.
    expect(byReplica[0]).toBeGreaterThan(0);
    expect(byReplica[1]).toBeGreaterThan(0);
  });
});
