// The read rule of db/read-routing.ts on its own, with stand-in servers (the real primary and replica:
// read-replicas.replica.pg.test.ts): each side of the rule, one case each.
import { afterEach, describe, expect, it } from "vitest";
import { isConnectionError, lsnOf, ReadRouter, type PrimaryServer, type ReplicaServer } from "../src/db/read-routing.js";
import type { EventBus, ShopEvent } from "../src/domain/shared/index.js";
import { Prisma, type PrismaClient } from "../src/generated/prisma/client.js";

function fakeBus() {
  const listeners = new Set<(event: ShopEvent) => void>();
  const bus = {
    publish: async (event: ShopEvent) => listeners.forEach((listener) => listener(event)),
    listen: (listener: (event: ShopEvent) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    listenerCount: () => listeners.size,
    watchDelivery: () => () => undefined,
    deliveryState: () => ({ listening: true, lastHeardAt: Date.now(), reconnects: 0 }),
    close: async () => undefined,
  };
  return bus as unknown as EventBus;
}

const served: string[] = [];
const fakePrisma = (name: string, answer: () => unknown) =>
  ({ product: { findUnique: async () => (served.push(`${name}:prisma`), answer()) } }) as unknown as PrismaClient;

let primaryLsn = 100n;
const primary: PrimaryServer = {
  rows: async <R>() => (served.push("primary"), [{ from: "primary" }] as R[]),
  searchRows: async <R>() => (served.push("primary:search"), [{ from: "primary" }] as R[]),
  prisma: fakePrisma("primary", () => ({ id: 1 })),
  currentLsn: async () => primaryLsn,
};

interface Fake {
  server: ReplicaServer;
  replayed: bigint;
  answering: boolean;
  rows: unknown[];
}

function fakeReplica(): Fake {
  const fake: Fake = { replayed: 100n, answering: true, rows: [{ from: "replica" }], server: undefined as never };
  const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5443"), { code: "ECONNREFUSED" });
  fake.server = {
    label: "127.0.0.1:5443",
    rows: async <R>() => {
      if (!fake.answering) throw refused();
      served.push("replica");
      return fake.rows as R[];
    },
    searchRows: async <R>() => (served.push("replica:search"), fake.rows as R[]),
    prisma: fakePrisma("replica", () => (fake.rows.length ? { id: 1 } : null)),
    replayedLsn: async () => {
      if (!fake.answering) throw refused();
      return fake.replayed;
    },
    close: async () => undefined,
  };
  return fake;
}

const routers: ReadRouter[] = [];
afterEach(async () => {
  for (const router of routers.splice(0)) await router.close();
  served.length = 0;
  primaryLsn = 100n;
});

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 400 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

function routerWith(replica: Fake, events = fakeBus(), logged: string[] = []) {
  const router = new ReadRouter(primary, [replica.server], events, { info: (_d, message) => logged.push(message), error: (_d, message) => logged.push(message) }, (client) => client);
  routers.push(router);
  return router;
}

const query = Prisma.sql`SELECT 1`;

describe("the read rule (db/read-routing.ts)", () => {
  it("a caught-up replica that answers takes the catalogue's reads", async () => {
    const router = routerWith(fakeReplica());
    await until(() => router.catalogue.onReplica());
    expect(await router.catalogue.rows(query)).toEqual([{ from: "replica" }]);
    expect(await router.catalogue.searchRows(query)).toEqual([{ from: "replica" }]);
    expect(served).toEqual(["replica", "replica:search"]);
  });

  it("news of a write: the primary answers until the replica has replayed past the primary's position", async () => {
    const replica = fakeReplica();
    const events = fakeBus();
    const router = routerWith(replica, events);
    await until(() => router.catalogue.onReplica());
    primaryLsn = 200n;
    await events.publish({ type: "catalogueChanged" });
    expect(router.catalogue.onReplica()).toBe(false); // at once, before the primary's position is even read
    expect(await router.catalogue.rows(query)).toEqual([{ from: "primary" }]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await router.catalogue.rows(query)).toEqual([{ from: "primary" }]); // replayed 100 < 200
    replica.replayed = 200n;
    await until(() => router.catalogue.onReplica());
    expect(await router.catalogue.rows(query)).toEqual([{ from: "replica" }]);
  });

  it("a write this process made counts as news too (read-your-writes)", async () => {
    const router = routerWith(fakeReplica());
    await until(() => router.catalogue.onReplica());
    primaryLsn = 300n;
    router.written();
    expect(router.catalogue.onReplica()).toBe(false);
  });

  it("nothing found on the replica: read again on the primary (hand-written and Prisma's reads)", async () => {
    const replica = fakeReplica();
    replica.rows = [];
    const router = routerWith(replica);
    await until(() => router.catalogue.onReplica());
    expect(await router.catalogue.rows(query)).toEqual([{ from: "primary" }]);
    const viaPrisma = (router as unknown as { prismaRouter(): { product: { findUnique(args: unknown): Promise<unknown> } } }).prismaRouter();
    expect(await viaPrisma.product.findUnique({ where: { id: 1 } })).toEqual({ id: 1 });
    expect(served).toEqual(["replica", "primary", "replica:prisma", "primary:prisma"]);
  });

  it("a replica that does not answer: the primary answers, with a log line; the replica is used again once it answers", async () => {
    const replica = fakeReplica();
    const logged: string[] = [];
    const router = routerWith(replica, fakeBus(), logged);
    await until(() => router.catalogue.onReplica());
    replica.answering = false;
    expect(await router.catalogue.rows(query)).toEqual([{ from: "primary" }]);
    expect(router.catalogue.onReplica()).toBe(false);
    expect(logged.filter((line) => line.startsWith("The read replica does not answer"))).toHaveLength(1);
    replica.answering = true;
    await until(() => router.catalogue.onReplica());
    expect(logged.at(-1)).toMatch(/^The read replica answers again/);
  });

  it("reads WAL positions and connection failures as PostgreSQL and node-postgres give them", () => {
    expect(lsnOf("0/3000A28")).toBe(0x3000a28n);
    expect(lsnOf("1/0") > lsnOf("0/FFFFFFFF")).toBe(true);
    expect(lsnOf(null)).toBe(0n);
    expect(isConnectionError({ code: "ECONNREFUSED" })).toBe(true);
    expect(isConnectionError({ code: "57P01" })).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError({ code: "42P01", message: 'relation "x" does not exist' })).toBe(false);
  });
});
