// API keys: credentials for integrations (an ERP, a fulfilment service, an accounting tool) that are not a
// person. An admin makes one with a name, scopes and an optional expiry; its secret (vrd_...) is shown once
// and only its SHA-256 is kept. `Authorization: Bearer vrd_...` on GraphQL or REST makes the key the
// viewer, with exactly its scopes (domain/viewer.ts). Every request reads the key's row, so revoking it
// (or its expiry) holds at the very next request on every replica. Making and revoking a key are entered in
// the audit trail in their transaction: its name, scopes and expiry, never its secret nor any part of it.
import crypto from "node:crypto";
import { Prisma, type ApiKey, type PrismaClient } from "../../generated/prisma/client.js";
import { changesBetween, recordActivity } from "../audit/index.js";
import { abilitiesOf, API_SCOPES, Checks, keysetPage, newestFirst, oneById, received, requireAdmin, text, type ApiScope, type Deferred, type EventBus, type Page, type StaffRole, type Viewer } from "../shared/index.js";

export const API_KEY_PREFIX = "vrd_";
/** 32 random bytes, base64url: 43 characters after the prefix. */
const SECRET_PATTERN = /^vrd_[A-Za-z0-9_-]{43}$/;
/** How many characters of the secret lists and logs show (the prefix and four more). */
const SHOWN_START = API_KEY_PREFIX.length + 4;
/** A key's last-used time is written at most this often, so a busy integration does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;
/** Keys live at most this long when given an expiry (about five years); none means until revoked. */
const MAX_EXPIRY_DAYS = 5 * 366;
const API_KEY_PAGE_SIZE = 20;
const API_KEY_KEYS = newestFirst("k");

export type ApiKeyRow = Omit<ApiKey, "secretHash" | "scopes"> & { scopes: ApiScope[] };

export interface ApiKeyInput {
  name: string;
  scopes: string[];
  /** Optional: the key stops working at this moment. */
  expiresAt?: Date | string | null;
}

export interface NewApiKey {
  key: ApiKeyRow;
  /** The secret: shown this once, never stored. */
  secret: string;
}

/** What a key's scope lets it do, for the back office's form and the README. */
export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "catalogue:read": "Read products, categories and delivery regions (open to guests too).",
  "catalogue:write": "Create, edit and delete products, categories and delivery regions.",
  "orders:read": "Read every order, and follow orders live.",
  "orders:write": "Change an order's status.",
  "customers:read": "Read customers' accounts (name, email, contact details).",
  "analytics:read": "Read the dashboard's figures and top products.",
};

const hashOf = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");

const nameField = text("name", { max: 100 });

function readScopes(checks: Checks, value: unknown): ApiScope[] {
  if (!Array.isArray(value) || value.length === 0) {
    checks.add("scopes", "Choose at least one scope.");
    return [];
  }
  const unknown = value.filter((scope) => !API_SCOPES.includes(scope as ApiScope));
  if (unknown.length > 0) checks.add("scopes", `Unknown scope: ${unknown.map(String).slice(0, 3).join(", ")}. Choose from ${API_SCOPES.join(", ")}.`);
  return API_SCOPES.filter((scope) => value.includes(scope));
}

function readExpiry(checks: Checks, value: unknown): Date | null {
  if (value === undefined || value === null || value === "") return null;
  const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) checks.add("expires_at", "The expiry must be a date and time.");
  else if (date.getTime() <= Date.now()) checks.add("expires_at", "The expiry must be in the future.");
  else if (date.getTime() > Date.now() + MAX_EXPIRY_DAYS * 86_400_000) checks.add("expires_at", "The expiry may be at most five years ahead.");
  return date;
}

export function viewApiKey(row: ApiKey): ApiKeyRow {
  const { secretHash: _secretHash, ...rest } = row;
  return { ...rest, scopes: row.scopes.filter((scope): scope is ApiScope => API_SCOPES.includes(scope as ApiScope)) };
}

export class ApiKeyService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly events: EventBus,
  ) {}

  /** Admin (signed in; no key makes keys): a new key. Its secret is in the answer and nowhere else. */
  async create(viewer: Viewer | null, given: Deferred<ApiKeyInput>): Promise<NewApiKey> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const input = (await received(given)) ?? ({} as ApiKeyInput);
    const checks = new Checks();
    const name = checks.field("name", nameField, input.name);
    const scopes = readScopes(checks, input.scopes);
    // A key never holds more than its creator may do.
    const beyond = scopes.filter((scope) => !abilitiesOf(admin).includes(scope));
    if (beyond.length) checks.add("scopes", `Your staff role cannot give a key ${beyond.join(", ")}.`);
    const expiresAt = readExpiry(checks, input.expiresAt);
    checks.done();
    const secret = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
    const row = await this.prisma.$transaction(async (tx) => {
      const made = await tx.apiKey.create({
        data: { name, scopes, expiresAt, secretHash: hashOf(secret), secretStart: secret.slice(0, SHOWN_START), createdById: admin.userId },
      });
      // Only these fields: the secret, its hash and its first characters never reach the log.
      const entered = { name: made.name, scopes: made.scopes, expiresAt: made.expiresAt };
      await recordActivity(tx, admin, { kind: "api-key.created", subject: { type: "api-key", id: made.id, label: made.name }, changes: changesBetween(null, entered, ["name", "scopes", "expiresAt"]) });
      return made;
    });
    return { key: viewApiKey(row), secret };
  }

  /** Admin: every scope a key may have, with what it allows (the back office's form). */
  scopes(viewer: Viewer | null): { scope: ApiScope; description: string }[] {
    requireAdmin(viewer, "integrations:manage");
    return API_SCOPES.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] }));
  }

  /** Admin: the shop's keys, newest first, revoked ones included (they show when they were revoked). */
  async page(viewer: Viewer | null, options: { first?: unknown; after?: unknown } = {}): Promise<Page<ApiKeyRow>> {
    requireAdmin(viewer, "integrations:manage");
    return keysetPage<{ id: number }, ApiKeyRow>(
      this.prisma,
      {
        list: "api-keys",
        first: options.first,
        after: options.after,
        defaultSize: API_KEY_PAGE_SIZE,
        columns: Prisma.sql`k.id`,
        from: Prisma.sql`api_keys k`,
        conditions: [],
        keys: API_KEY_KEYS,
      },
      async (rows) => {
        const ids = rows.map((row) => Number(row.id));
        const found = new Map((await this.prisma.apiKey.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, viewApiKey(row)]));
        return ids.map((id) => found.get(id));
      },
    );
  }

  /** Admin: revokes a key; its next request, on any replica, is refused. Revoking twice is harmless. */
  async revoke(viewer: Viewer | null, id: unknown): Promise<ApiKeyRow> {
    const admin = requireAdmin(viewer, "integrations:manage");
    const row = await oneById(id, "API key", (keyId) => this.prisma.apiKey.findUnique({ where: { id: keyId } }));
    const revoked = await this.prisma.$transaction(async (tx) => {
      // Only the revocation that changes the row is entered: revoking twice changes nothing.
      const { count } = await tx.apiKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
      const now = await tx.apiKey.findUniqueOrThrow({ where: { id: row.id } });
      if (count === 1) {
        await recordActivity(tx, admin, { kind: "api-key.revoked", subject: { type: "api-key", id: now.id, label: now.name }, changes: changesBetween<{ revokedAt: Date | null }>({ revokedAt: null }, now, ["revokedAt"]) });
      }
      return now;
    });
    // Live subscriptions opened with the key close too, on every replica.
    await this.events.publish({ type: "sessionsEnded", tokenId: apiKeyTokenId(row.id) });
    return viewApiKey(revoked);
  }

  /**
   * The viewer a key's secret speaks for, or null when it is unknown, revoked or expired. One indexed
   * read per request (so a revocation holds at once everywhere); the last-used time is written at most
   * once a minute.
   */
  async verify(secret: string): Promise<Viewer | null> {
    if (!SECRET_PATTERN.test(secret)) return null;
    const row = await this.prisma.apiKey.findUnique({ where: { secretHash: hashOf(secret) }, include: { createdBy: { select: { role: true, staffRole: true } } } });
    const now = Date.now();
    if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now)) return null;
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await this.prisma.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
    }
    const { createdBy, ...stored } = row;
    const key = viewApiKey(stored);
    // Never more than its creator may do now (a creator whose role was narrowed narrows their keys); a key
    // whose creator's account is gone keeps the scopes it was given.
    const scopes = createdBy ? key.scopes.filter((scope) => abilitiesOf({ role: createdBy.role, staffRole: createdBy.staffRole as StaffRole | null }).includes(scope)) : key.scopes;
    return {
      userId: 0,
      role: "user",
      tokenId: apiKeyTokenId(row.id),
      // Live subscriptions of a key without expiry are re-checked at least this often (see http/live.ts).
      tokenExpiresAt: row.expiresAt ?? new Date(now + 24 * 3600_000),
      apiKey: { id: key.id, name: key.name, scopes },
    };
  }
}

/** A key's stand-in for a session id: sessionsEnded with it closes the key's live subscriptions. */
export const apiKeyTokenId = (id: number) => `api-key:${id}`;

/** Whether a bearer token is an API key's secret (rather than a session's JWT). */
export const isApiKeySecret = (token: string) => token.startsWith(API_KEY_PREFIX);
