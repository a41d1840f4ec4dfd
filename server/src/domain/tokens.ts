// Access tokens: HS256 JWTs that name the user (sub) and the token itself (jti), so logout can revoke
// one token without touching the user's other sessions. The role is NOT trusted from the token: it is
// read from the database on every request, so a demoted admin loses admin at once.
import crypto from "node:crypto";
import jwt from "jsonwebtoken";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Viewer } from "./viewer.js";

// Far above any token we issue; stops a megabyte header from reaching the JWT parser.
const MAX_TOKEN_LENGTH = 2048;

export class TokenService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  async issue(user: { id: number; role: string }): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAtSeconds = issuedAt + this.ttlSeconds;
    const token = jwt.sign(
      { sub: String(user.id), jti: crypto.randomUUID(), iat: issuedAt, exp: expiresAtSeconds },
      this.secret,
      { algorithm: "HS256" },
    );
    return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /** The viewer a token speaks for, or null when it is malformed, forged, expired, revoked or its user is gone. */
  async verify(token: string): Promise<Viewer | null> {
    if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
    let claims: jwt.JwtPayload | string;
    try {
      // Pinning the algorithm refuses alg=none and any algorithm an attacker might pick.
      claims = jwt.verify(token, this.secret, { algorithms: ["HS256"] });
    } catch {
      return null;
    }
    if (typeof claims === "string") return null;
    const { sub, jti, exp } = claims;
    // jsonwebtoken accepts a token without exp as never expiring; we never issue one, so refuse it.
    if (typeof sub !== "string" || !/^\d{1,10}$/.test(sub) || typeof jti !== "string" || typeof exp !== "number") return null;
    const userId = Number(sub);
    if (userId > 2_147_483_647) return null;

    const [user, revoked] = await Promise.all([
      this.prisma.user.findUnique({ where: { id: userId }, select: { role: true } }),
      this.prisma.revokedToken.findUnique({ where: { jti }, select: { jti: true } }),
    ]);
    if (!user || revoked) return null;
    return { userId, role: user.role, tokenId: jti, tokenExpiresAt: new Date(exp * 1000) };
  }

  /** Refuses this token from now on. Safe to call twice. */
  async revoke(viewer: Viewer): Promise<void> {
    await this.prisma.revokedToken.createMany({
      data: [{ jti: viewer.tokenId, expiresAt: viewer.tokenExpiresAt }],
      skipDuplicates: true,
    });
    // An expired token is refused anyway, so its revocation row is dead weight.
    await this.prisma.revokedToken.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  }
}
