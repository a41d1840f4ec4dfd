// Access tokens and the sessions behind them. A token is an HS256 JWT naming the user (sub) and its
// session (jti); it works while its row in `sessions` exists. Logout deletes that one row, a password
// change deletes the user's other rows, a role change all of them: every replica sees it at once.
// The role is NOT trusted from the token: it is read with the session, in the one query each request makes.
import crypto from "node:crypto";
import jwt from "jsonwebtoken";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { isApiKeySecret } from "../integrations/index.js";
import { prismaReader, type EventBus, type Role, type RowReader, type StaffRole, type Viewer } from "../shared/index.js";

// Far above any token we issue; stops a megabyte header from reaching the JWT parser.
const MAX_TOKEN_LENGTH = 2048;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What ending sessions needs: the shop's client or a transaction's. */
type SessionStore = Pick<PrismaClient, "session">;

export class TokenService {
  /**
   * The secret as a key object, made once. Given the string, jsonwebtoken first tries it as a public (or
   * private) key on every call, which throws, and only then makes the secret key: that failed attempt was a
   * fifth of a signed-in request's CPU (the profile of an admin's trivial POST).
   */
  private readonly key: crypto.KeyObject;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly events: EventBus,
    secret: string,
    private readonly ttlSeconds: number,
    /** Checks `Bearer vrd_...` API keys (domain/api-keys.ts); without it, such a token makes a guest. */
    private readonly apiKeys?: { verify(secret: string): Promise<Viewer | null> },
    /**
     * Reads the session of each signed-in request: the primary's pool straight (db/client.ts readRows), not
     * Prisma, as this one query runs on every signed-in request and Prisma's work per query was most of an
     * admin request's cost (npm run bench:dashboard's trivial-admin floor). Never a read replica: a logout
     * or role change must hold at once.
     */
    private readonly readRows: RowReader = prismaReader(prisma),
  ) {
    this.key = crypto.createSecretKey(Buffer.from(secret));
  }

  /**
   * The viewer an Authorization header names ("Bearer <token>": a session's access token or an API key's
   * vrd_ secret). A missing, forged, expired or revoked token makes the caller a guest; operations that
   * need a user then answer UNAUTHENTICATED.
   */
  async viewerFromAuthorization(header: string | undefined): Promise<Viewer | null> {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) return null;
    if (isApiKeySecret(match[1])) return this.apiKeys ? this.apiKeys.verify(match[1]) : null;
    return this.verify(match[1]);
  }

  /** Opens a session for the user and answers its access token. */
  async issue(user: { id: number }): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAtSeconds = issuedAt + this.ttlSeconds;
    const expiresAt = new Date(expiresAtSeconds * 1000);
    const sessionId = crypto.randomUUID();
    // Expired sessions are refused anyway; clearing them here keeps the table the size of the live ones.
    await this.prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    await this.prisma.session.create({ data: { id: sessionId, userId: user.id, expiresAt } });
    const token = jwt.sign({ sub: String(user.id), jti: sessionId, iat: issuedAt, exp: expiresAtSeconds }, this.key, {
      algorithm: "HS256",
    });
    return { token, expiresAt };
  }

  /** The viewer a token speaks for, or null when it is malformed, forged, expired, ended or its user is gone. */
  async verify(token: string): Promise<Viewer | null> {
    if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
    let claims: jwt.JwtPayload | string;
    try {
      // Pinning the algorithm refuses alg=none and any algorithm an attacker might pick.
      claims = jwt.verify(token, this.key, { algorithms: ["HS256"] });
    } catch {
      return null;
    }
    if (typeof claims === "string") return null;
    const { sub, jti, exp } = claims;
    // jsonwebtoken accepts a token without exp as never expiring; we never issue one, so refuse it.
    if (typeof sub !== "string" || !/^\d{1,10}$/.test(sub) || typeof jti !== "string" || !UUID.test(jti) || typeof exp !== "number") {
      return null;
    }
    const userId = Number(sub);
    if (userId > 2_147_483_647) return null;

    // One round trip: the session must exist for this user, and the role comes with it.
    const rows = await this.readRows<{ role: Role; staffRole: StaffRole | null }>(Prisma.sql`
      SELECT u.role::text AS role, u.staff_role AS "staffRole" FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${jti}::uuid AND s.user_id = ${userId}`);
    if (rows.length === 0) return null;
    return { userId, role: rows[0].role, staffRole: rows[0].staffRole, tokenId: jti, tokenExpiresAt: new Date(exp * 1000) };
  }

  /** Logout: ends exactly this session. Safe to call twice. */
  async revoke(viewer: Viewer): Promise<void> {
    await this.prisma.session.deleteMany({ where: { id: viewer.tokenId } });
    // Open WebSockets of this session close too, on every replica.
    await this.events.publish({ type: "sessionsEnded", tokenId: viewer.tokenId });
  }

  /**
   * Ends every session of the user but `keep` (the one that asked, after a password change), or all of
   * them. Inside a transaction, call announceEnded once it has committed.
   */
  async endSessions(store: SessionStore, userId: number, keep?: string): Promise<void> {
    await store.session.deleteMany({ where: { userId, ...(keep ? { id: { not: keep } } : {}) } });
  }

  /** Tells every replica that these sessions ended, so their open WebSockets close. */
  async announceEnded(userId: number, keep?: string): Promise<void> {
    await this.events.publish({ type: "sessionsEnded", userId, ...(keep ? { exceptTokenId: keep } : {}) });
  }
}
