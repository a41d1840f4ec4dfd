// The read rule of db/read-routing.ts on its own, with stand-in servers (the real primary and replica:
// read-replicas.replica.pg.test.ts): each side of the rule, one case each.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { graphql, type GraphQLSchema } from "graphql";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/client.js";
import { isConnectionError, lsnOf, ReadRouter, type PrimaryServer, type ReplicaServer } from "../src/db/read-routing.js";
import { createShop, type Shop } from "../src/domain/shop.js";
import type { EventBus, ShopEvent, Viewer } from "../src/domain/shared/index.js";
import { createGraphQLContext } from "../src/graphql/context.js";
import { buildShopSchema } from "../src/graphql/schema.js";
import { LocalImageStore } from "../src/storage/index.js";
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

// Which reads take the catalogue's readers (Database.catalogue) and which the primary's, per viewer: the shop
// given stand-in catalogue readers that record what they are asked (the real servers: read-replicas.replica.pg.test.ts).
describe("who reads the catalogue where (domain/shop.ts readingFor)", () => {
  const viewerOf = (role: "admin" | "user"): Viewer => ({ userId: 1, role, tokenId: "token", tokenExpiresAt: new Date(Date.now() + 60_000), staffRole: role === "admin" ? "owner" : null });
  const PAGE = `query { product(slug: "routed-fern") { name category { name } image { url } options { name } variants { sku } } }`;
  let db: Database;
  let schema: GraphQLSchema;
  const asked: string[] = [];

  /** The primary's client, recording each catalogue model's read it is asked. */
  const recording = (prisma: PrismaClient) =>
    new Proxy(prisma, {
      get(target, name) {
        const value = Reflect.get(target, name) as unknown;
        if (typeof name !== "string" || !["product", "category", "productOption", "productVariant", "image"].includes(name)) return value;
        return new Proxy(value as object, {
          get(model, operation) {
            const call = Reflect.get(model, operation) as unknown;
            return typeof call === "function" ? (...args: unknown[]) => (asked.push(`${name}.${String(operation)}`), (call as (...a: unknown[]) => unknown).apply(model, args)) : call;
          },
        });
      },
    });

  const shopWith = (catalogue: boolean) =>
    createShop(db.prisma, {
      jwtSecret: "routing-test-secret-0123456789abcdef",
      tokenTtlSeconds: 3600,
      imageStore: new LocalImageStore(fs.mkdtempSync(path.join(os.tmpdir(), "routing-uploads-"))),
      events: db.events,
      readRows: db.readRows,
      ...(catalogue
        ? { catalogue: { prisma: recording(db.prisma), readRows: <R>(query: Prisma.Sql) => (asked.push("rows"), db.readRows<R>(query)), searchRows: db.searchRows } }
        : {}),
    });

  const page = async (shop: Shop, viewer: Viewer | null) => {
    asked.length = 0;
    const result = await graphql({ schema, source: PAGE, contextValue: createGraphQLContext(shop, viewer, null) });
    expect(result.errors).toBeUndefined();
    expect((result.data as { product: { variants: unknown[] } }).product.variants).toHaveLength(1);
    return [...asked];
  };

  beforeAll(async () => {
    db = await openDatabase({ kind: "pglite", dataDir: "memory" });
    await db.migrate();
    const category = await db.prisma.category.create({ data: { name: "Routed Plants" } });
    await db.prisma.product.create({ data: { slug: "routed-fern", name: "Routed Fern", description: "Green.", categoryId: category.id, priceCents: 900, quantity: 3, imageOne: "/uploads/routed.png" } });
    await db.prisma.image.create({ data: { ref: "/uploads/routed.png", width: 10, height: 10, state: "ready" } });
    schema = await buildShopSchema();
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  it("a guest's and a shopper's product page (its loaders' pictures and variants included) read through the catalogue's readers; an admin's through the primary's", async () => {
    const shop = shopWith(true);
    try {
      for (const viewer of [null, viewerOf("user")]) {
        const reads = await page(shop, viewer);
        expect(reads).toContain("rows");
        expect(reads).toContain("productVariant.findMany");
      }
      // An admin's screens must show their own save at once: none of their reads takes the catalogue's readers.
      expect(await page(shop, viewerOf("admin"))).toEqual([]);
      expect(shop.readingFor(viewerOf("admin"))).not.toBe(shop);
    } finally {
      await shop.images.renditions.stop();
    }
  });

  it("without read replicas (no catalogue readers given) every viewer reads the one shop, as before", async () => {
    const shop = shopWith(false);
    try {
      for (const viewer of [null, viewerOf("user"), viewerOf("admin")]) expect(shop.readingFor(viewer)).toBe(shop);
      expect(await page(shop, viewerOf("admin"))).toEqual([]);
    } finally {
      await shop.images.renditions.stop();
    }
  });
});
