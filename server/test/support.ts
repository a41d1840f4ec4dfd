// Test harness: a fresh, migrated database per test file (in-memory PGlite, or a private schema in the
// PostgreSQL database of TEST_DATABASE_URL), the real services, and the real GraphQL schema.
import "reflect-metadata";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExecutionResult } from "graphql";
import { graphql } from "graphql";
import pg from "pg";
import { expect } from "vitest";
import type * as z from "zod";
import { ShopError } from "../src/domain/shared/errors.js";
import { openDatabase, type Database } from "../src/db/client.js";
import { createShop, type Shop, type ShopOptions } from "../src/domain/shop.js";
import { keyOfRef, type ImageStore } from "../src/domain/images/store.js";
import { LocalImageStore } from "../src/storage/local-store.js";
import type { StaffRole, Viewer } from "../src/domain/shared/viewer.js";
import { createGraphQLContext } from "../src/graphql/context.js";
import { buildShopSchema } from "../src/graphql/schema.js";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";
/** Tests' webhook receivers listen on loopback over http, as in development. */
export const TEST_WEBHOOK_SAFETY = { allowHttp: true, allowPrivateAddresses: true };

export interface TestShop {
  db: Database;
  shop: Shop;
  uploadsDir: string;
  /** The local folder uploadsDir as an image store (the shop's own, unless createTestShop was given another). */
  imageStore: LocalImageStore;
  /** Runs a GraphQL operation through the real schema, as the holder of `token` (or as a guest). */
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, token?: string): Promise<ExecutionResult<T>>;
  /** Creates a user directly and returns a valid access token for them. */
  /** An admin is the shop's owner unless `staffRole` says otherwise (null: the spec's admin, no staff role). */
  signUp(options?: { role?: "user" | "admin"; staffRole?: StaffRole | null; email?: string; name?: string; password?: string; phone?: string | null; address?: string | null }): Promise<{ id: number; token: string; email: string; password: string }>;
  close(): Promise<void>;
}

export const onPostgres = process.env.TEST_DB === "postgres";

/** `poolSize` (PostgreSQL): the connections the shop's pool holds (25); 1 puts every statement on one connection. */
export async function createTestShop(options: { imageStore?: ImageStore; searchIndex?: boolean; payments?: ShopOptions["payments"]; poolSize?: number } = {}): Promise<TestShop> {
  const schemaName = `t_${crypto.randomBytes(6).toString("hex")}`;
  const db = onPostgres
    ? await openDatabase({ kind: "postgres", url: process.env.TEST_DATABASE_URL!, schema: schemaName, poolSize: options.poolSize ?? 25 })
    : await openDatabase({ kind: "pglite", dataDir: "memory" });
  await db.migrate();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-uploads-"));
  const imageStore = new LocalImageStore(uploadsDir);
  const shop = createShop(db.prisma, { jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: 3600, imageStore: options.imageStore ?? imageStore, events: db.events, readRows: db.readRows, searchRows: db.searchRows, webhookSafety: TEST_WEBHOOK_SAFETY, searchIndex: options.searchIndex, payments: options.payments });
  const schema = await buildShopSchema();
  let counter = 0;

  return {
    db,
    shop,
    uploadsDir,
    imageStore,
    async gql(query, variables, token) {
      const viewer: Viewer | null = await shop.tokens.viewerFromAuthorization(token ? `Bearer ${token}` : undefined);
      return graphql({ schema, source: query, variableValues: variables, contextValue: createGraphQLContext(shop, viewer, null) }) as never;
    },
    async signUp(options = {}) {
      counter += 1;
      const email = options.email ?? `shopper${counter}-${crypto.randomBytes(3).toString("hex")}@example.com`;
      const password = options.password ?? "correct-horse-battery";
      const user = await shop.accounts.createUser({
        name: options.name ?? `Shopper ${counter}`,
        email,
        password,
        role: options.role ?? "user",
        phone: options.phone === undefined ? "+1 555 0100" : options.phone,
        address: options.address === undefined ? "1 Garden Lane, Springfield" : options.address,
      });
      if (user.role === "admin") {
        const staffRole = options.staffRole === undefined ? "owner" : options.staffRole;
        await db.prisma.user.update({ where: { id: user.id }, data: { staffRole } });
      }
      const { token } = await shop.tokens.issue(user);
      return { id: user.id, token, email, password };
    },
    async close() {
      await shop.images.renditions.stop();
      if (onPostgres) await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
      await db.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The file on disk behind a stored picture's ref (products' image_one), or null for a ref the store does not hold. */
export function storedFile(t: Pick<TestShop, "uploadsDir">, ref: string): string | null {
  const key = keyOfRef(ref);
  return key ? path.join(t.uploadsDir, key) : null;
}

/** Serves the real Express app for a test shop on a random local port. */
export async function serveTestShop(
  t: TestShop,
  overrides: {
    introspection?: boolean;
    env?: "development" | "production" | "test";
    logger?: import("pino").Logger;
    clientDist?: string;
    storefrontBuild?: string | null;
    publicUrl?: string;
    devMailbox?: import("../src/delivery/email/dev-mailbox.js").DevMailbox;
    trustProxy?: import("../src/config.js").TrustProxy;
    catalogueCacheSeconds?: number;
    metricsToken?: string;
  } = {},
) {
  const { createApp } = await import("../src/http/app.js");
  const http = await import("node:http");
  const { app, serveLive, stop } = await createApp(
    {
      env: overrides.env ?? "test",
      introspection: overrides.introspection ?? true,
      corsOrigins: ["http://localhost:5173"],
      uploadsDir: t.uploadsDir,
      logger: overrides.logger,
      clientDist: overrides.clientDist,
      storefrontBuild: overrides.storefrontBuild,
      publicUrl: overrides.publicUrl,
      devMailbox: overrides.devMailbox,
      trustProxy: overrides.trustProxy,
      catalogueCacheSeconds: overrides.catalogueCacheSeconds,
      metricsToken: overrides.metricsToken,
    },
    t.shop,
    t.db,
  );
  const server = http.createServer(app);
  const live = serveLive(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stop();
    },
  };
}

/** The domain error behind a GraphQL answer (t.gql runs the schema without Apollo's formatter). */
export function failure(result: ExecutionResult) {
  expect(result.errors, "expected the operation to fail").toBeDefined();
  const error = result.errors![0];
  const original = error.originalError instanceof ShopError ? error.originalError : undefined;
  return { code: original?.code ?? error.extensions?.code, message: error.message, fields: original?.fields };
}

/** The viewer a token signs in, for tests that call the domain directly (the test fails if it signs in no one). */
export async function viewerOf(t: Pick<TestShop, "shop">, token: string): Promise<Viewer> {
  const viewer = await t.shop.tokens.verify(token);
  expect(viewer, "the token should sign someone in").not.toBeNull();
  return viewer!;
}

/** Runs a domain call that must fail and returns its ShopError. */
export async function refusal(work: Promise<unknown>): Promise<ShopError> {
  const error = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ShopError);
  return error as ShopError;
}

/** Counts the SQL statements sent to the database driver (PGlite or node-postgres) while `work` runs. */
export async function countQueries(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const restorers = [PGlite.prototype, pg.Client.prototype].map((prototype) => {
    const target = prototype as unknown as { query: (...args: unknown[]) => unknown };
    const own = Object.prototype.hasOwnProperty.call(target, "query");
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    return () => {
      if (own) target.query = original;
      else delete (target as { query?: unknown }).query;
    };
  });
  try {
    await work();
  } finally {
    for (const restore of restorers) restore();
  }
  return count;
}

/**
 * A body of the older client, mapped to the domain's input as its REST route maps it (payloads.ts). A
 * body that is no JSON object (the router refuses those itself) is handed over untouched, so the domain's
 * own refusal of it can be tested too.
 */
export function oldClientInput<S extends z.ZodType>(payload: S, body: unknown): z.output<S> {
  const isObject = typeof body === "object" && body !== null && !Array.isArray(body);
  return (isObject ? payload.parse(body) : body) as z.output<S>;
}

/**
 * Waits until the shop's search index has applied every catalogue write committed so far: a marker event
 * sent now reaches this process after the notifications of those writes (one channel, in commit order),
 * and the index hears them before the marker's listener does (listeners run in the order they came).
 */
export async function searchCaughtUp(t: Pick<TestShop, "shop">): Promise<void> {
  const marker = `caught-up-${crypto.randomUUID()}`;
  await new Promise<void>((resolve) => {
    const stop = t.shop.events.listen((event) => {
      if (event.type === "sessionsEnded" && event.tokenId === marker) {
        stop();
        resolve();
      }
    });
    void t.shop.events.publish({ type: "sessionsEnded", tokenId: marker });
  });
  await t.shop.search.indexSettled();
}
