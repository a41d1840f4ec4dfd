// Password reset by email. 'Forgot password?' asks for a link: the answer is the same whether
// or not the address has an account, and requests are throttled like sign-in. The link carries a token
// that works once, for 30 minutes; the database keeps only its SHA-256 hash. The token is not random
// either: it is an HMAC of the reset's id under the shop's secret, so the email can be written when the
// outbox sends it without the token ever being stored anywhere. Using the link sets a new password (the
// rules of sign-up), ends every session of the account, and signs the user in.
import crypto from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { checkNewPassword, endResetLinks, FIELD_NAMES, PASSWORD_MAX_LENGTH, type SignIn } from "./accounts.js";
import { queueEmail } from "../messaging/index.js";
import { anyValue, Checks, email, invalid, password, type FormInput } from "../shared/index.js";
import { hashPassword } from "./passwords.js";
import { addressKey, PASSWORD_RESET_LIMITS, type Limit, type Throttle } from "./throttle.js";
import type { TokenService } from "./tokens.js";

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;
export const INVALID_RESET_LINK = "This password reset link is invalid or has expired. Please ask for a new one.";
// Far longer than any token made here (43 characters); stops a megabyte "token" from being hashed.
const MAX_TOKEN_LENGTH = 200;
// Used and expired resets are kept a day (for support questions), then deleted with the next request.
const KEEP_OLD_RESETS_MS = 24 * 3600 * 1000;

const tooManyRequests = (wait: string) => `Too many password reset requests. Please wait ${wait} and try again.`;
const tooManyLinkUses = (wait: string) => `Too many attempts. Please wait ${wait} and try again.`;

/** 'Forgot password?': the address to send the link to. */
export const resetRequestForm = { email: email() };
export type ResetRequestInput = FormInput<typeof resetRequestForm>;

/** The reset screen: the link's token and the new password, twice. */
export const passwordResetForm = {
  token: anyValue<string>(),
  password: password("password", PASSWORD_MAX_LENGTH),
  passwordConfirmation: anyValue<string>(),
};
export type PasswordResetInput = FormInput<typeof passwordResetForm>;

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const isToken = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= MAX_TOKEN_LENGTH;

export class PasswordResetService {
  private readonly linkKey: Buffer;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly tokens: TokenService,
    private readonly throttle: Throttle,
    secret: string,
  ) {
    // A key of its own, so a reset link can never pass for anything else signed with the shop's secret.
    this.linkKey = crypto.createHmac("sha256", secret).update("verdant:password-reset-link").digest();
  }

  /** The token of a reset's link: derived from the reset's id, never stored. */
  linkToken(resetId: string): string {
    return crypto.createHmac("sha256", this.linkKey).update(resetId).digest("base64url");
  }

  /**
   * 'Forgot password?': when the email has an account, a reset link is written to it (sent by the outbox
   * after the commit). Answers the same, in the same way, when it has none.
   */
  async request(input: ResetRequestInput, clientAddress: string | null = null): Promise<void> {
    const checks = new Checks();
    const { email } = checks.form(resetRequestForm, input);
    checks.done();
    const limits = new Map<string, Limit>([[`password-reset:account:${email}`, PASSWORD_RESET_LIMITS.account]]);
    const address = addressKey(clientAddress);
    if (address !== null) limits.set(`password-reset:address:${address}`, PASSWORD_RESET_LIMITS.address);
    await this.throttle.enter(limits, tooManyRequests);

    const user = await this.prisma.user.findUnique({ where: { email }, select: { id: true, email: true } });
    if (!user) return;
    const id = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
    await this.prisma.$transaction(async (tx) => {
      await tx.passwordReset.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - KEEP_OLD_RESETS_MS) } } });
      await tx.passwordReset.create({ data: { id, userId: user.id, tokenHash: sha256(this.linkToken(id)), expiresAt } });
      await queueEmail(tx, { userId: user.id, address: user.email }, { kind: "password-reset", resetId: id, expiresAt: expiresAt.toISOString() });
    });
  }

  /** Whether a link's token would still set a password (the reset screen asks before showing its form). */
  async isLinkValid(token: unknown): Promise<boolean> {
    if (!isToken(token)) return false;
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM password_resets WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now()`;
    return rows.length > 0;
  }

  /**
   * The reset screen: sets the new password if the link still works (once, within 30 minutes), ends every
   * session of the account and every other link it has, and signs the user in.
   */
  async reset(input: PasswordResetInput, clientAddress: string | null = null): Promise<SignIn> {
    const checks = new Checks();
    const { token, password, passwordConfirmation } = checks.form(passwordResetForm, input, FIELD_NAMES);
    if (!isToken(token)) checks.add("token", INVALID_RESET_LINK);
    checkNewPassword(checks, password, passwordConfirmation);
    checks.done();
    const address = addressKey(clientAddress);
    const attempt =
      address === null ? null : await this.throttle.enter(new Map([[`password-reset-link:address:${address}`, PASSWORD_RESET_LIMITS.linkUse]]), tooManyLinkUses);

    const passwordHash = await hashPassword(password);
    const user = await this.prisma.$transaction(async (tx) => {
      // Using the link and checking it are one statement: of two requests with the same link, one wins.
      const used = await tx.$queryRaw<{ user_id: number }[]>`
        UPDATE password_resets SET used_at = now()
        WHERE token_hash = ${sha256(token as string)} AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`;
      if (used.length === 0) throw invalid({ token: [INVALID_RESET_LINK] });
      const userId = Number(used[0].user_id);
      await endResetLinks(tx, userId);
      const user = await tx.user.update({ where: { id: userId }, data: { passwordHash }, omit: { passwordHash: true } });
      await this.tokens.endSessions(tx, userId);
      await queueEmail(tx, { userId, address: user.email }, { kind: "password-changed", name: user.name, changedAt: new Date().toISOString() });
      return user;
    });
    // Only failures count against the address.
    await attempt?.takeBack();
    await this.tokens.announceEnded(user.id);
    const { token: accessToken, expiresAt } = await this.tokens.issue(user);
    return { token: accessToken, expiresAt, user };
  }
}
