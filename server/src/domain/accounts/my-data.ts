// A customer's own data: all of it as one JSON file (export), and leaving (delete). Deleting keeps the orders
// for the books (the shop must account for what it sold and was paid) with the personal fields removed, and
// erases or anonymises everything else at once, in one transaction:
// - the account: name "Deleted customer", e-mail deleted-<id>@deleted.invalid (free again for a new account),
//   an unusable password, no phone, address or staff role: nobody can sign in to it;
// - its addresses, wish-list, password reset links, unsent e-mails and e-mail log removed; ratings kept (they
//   are part of the products' averages) without anyone's name on them;
// - its sessions ended and the API keys it made revoked;
// - its orders: e-mail anonymised as above, phone and address emptied;
// - one last e-mail to the address it had, and customer.deleted to webhook endpoints;
// - an account.deleted entry in the audit trail, naming the customer "Customer #id" and nothing of them.
// An export is entered too (account.exported), as it is produced. Both entries name the customer as a customer,
// even one who is staff: they act on their own account, and an erased account leaves nothing of them in the log.
// The shop's only owner cannot leave before making another owner.
import crypto from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { recordActivity } from "../audit/index.js";
import { reportWebhookEvents } from "../integrations/index.js";
import { queueEmail } from "../messaging/index.js";
import { Checks, forbidden, received, requireUser, unauthenticated, type Deferred, type Viewer } from "../shared/index.js";
import type { AccountService } from "./accounts.js";
import { hashPassword } from "./passwords.js";
import type { TokenService } from "./tokens.js";

export const DELETED_NAME = "Deleted customer";
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/** The customer acting on their own account, as the audit trail names them: "Customer #id", nothing personal. */
const ownAccount = (viewer: Viewer) => ({ actor: { ...viewer, role: "user" as const, staffRole: null }, subject: { type: "user", id: viewer.userId, label: `Customer #${viewer.userId}` } });

export class MyData {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly tokens: TokenService,
    private readonly accounts: AccountService,
  ) {}

  /** Everything the shop keeps about the signed-in customer, as one JSON document (no password hash, no secrets). */
  async export(viewer: Viewer | null): Promise<Record<string, unknown>> {
    const customer = requireUser(viewer);
    const { userId } = customer;
    const [account, addresses, orders, ratings, wishlist, emails] = await Promise.all([
      this.prisma.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, role: true, phone: true, address: true, createdAt: true } }),
      this.prisma.address.findMany({ where: { userId }, orderBy: { id: "asc" }, omit: { userId: true } }),
      this.prisma.order.findMany({
        where: { userId },
        orderBy: { id: "asc" },
        include: { lines: { orderBy: { id: "asc" } }, promotions: true, refunds: { select: { amountCents: true, reason: true, state: true, createdAt: true } } },
      }),
      this.prisma.rating.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { value: true, createdAt: true, product: { select: { slug: true, name: true } } } }),
      this.prisma.favourite.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { createdAt: true, product: { select: { slug: true, name: true } } } }),
      this.prisma.outboxMessage.findMany({ where: { userId, channel: "email" }, orderBy: { queuedAt: "asc" }, select: { type: true, state: true, queuedAt: true, deliveredAt: true, payload: true } }),
    ]);
    if (!account) throw unauthenticated();
    // A read: its entry is a statement of its own, written as the export is handed over.
    const { actor, subject } = ownAccount(customer);
    await recordActivity(this.prisma, actor, { kind: "account.exported", subject });
    return {
      exportedAt: new Date().toISOString(),
      about: "Everything Verdant keeps about your account. Money is in cents (2500 is $25.00).",
      account,
      addresses,
      orders,
      ratings,
      wishlist,
      emailsSent: emails.map((email) => ({ kind: email.type, subject: (email.payload as { subject?: string }).subject ?? null, state: email.state, queuedAt: email.queuedAt, deliveredAt: email.deliveredAt })),
    };
  }

  /** Deletes the signed-in customer's account, as the rules above say, once their password is confirmed. */
  async delete(viewer: Viewer | null, given: Deferred<{ password?: unknown }>): Promise<void> {
    const leaving = requireUser(viewer);
    const { userId } = leaving;
    const input = (await received(given)) ?? {};
    const checks = new Checks();
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: { name: true, email: true, passwordHash: true, staffRole: true } });
    if (!row) throw unauthenticated();
    if (typeof input.password !== "string" || input.password === "") checks.add("password", "Please enter your password to confirm.");
    else if (!(await this.accounts.passwordMatches(userId, row.passwordHash, input.password))) checks.add("password", "The password is incorrect.");
    checks.done();
    const unusable = await hashPassword(crypto.randomBytes(32).toString("base64url"));
    const anonymous = deletedEmail(userId);
    await this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      if (row.staffRole === "owner") {
        const [{ owners }] = await tx.$queryRaw<{ owners: number }[]>`SELECT count(*)::int AS owners FROM users WHERE staff_role = 'owner'`;
        if (owners <= 1) throw forbidden("You are the shop's only owner: make another owner before deleting your account.");
      }
      await tx.outboxMessage.deleteMany({ where: { userId, channel: "email" } });
      await tx.address.deleteMany({ where: { userId } });
      await tx.favourite.deleteMany({ where: { userId } });
      await tx.passwordReset.deleteMany({ where: { userId } });
      await tx.apiKey.updateMany({ where: { createdById: userId, revokedAt: null }, data: { revokedAt: new Date() } });
      await tx.order.updateMany({ where: { userId }, data: { userEmail: anonymous, userPhone: "", userAddress: "" } });
      await this.tokens.endSessions(tx, userId);
      const customer = await tx.user.update({
        where: { id: userId },
        data: { name: DELETED_NAME, email: anonymous, passwordHash: unusable, phone: null, address: null, role: "user", staffRole: null },
        omit: { passwordHash: true },
      });
      await reportWebhookEvents(tx, [{ type: "customer.deleted", data: { customer } }]);
      await queueEmail(tx, { userId, address: row.email }, { kind: "account-deleted", name: row.name, deletedAt: new Date().toISOString() });
      const { actor, subject } = ownAccount(leaving);
      await recordActivity(tx, actor, { kind: "account.deleted", subject });
    });
    await this.tokens.announceEnded(userId);
  }
}
