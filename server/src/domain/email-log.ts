// The log of the emails written to shoppers (what the admin sees on a user's page) and, for the email
// deliverer, an email with what its template needs, read when it is sent: an order's figures come from
// the order as it was placed, a reset link's token is derived then (it is never stored).
import { Prisma, type Email, type PrismaClient } from "../generated/prisma/client.js";
import { readDueEmail, type DueEmail } from "./emails.js";
import { notFound } from "./errors.js";
import { parseId } from "./input.js";
import { toOrder, type OrderStatusName, type OrderWithLines } from "./orders.js";
import { alignedById, keysetPage, newestFirst, type Page } from "./pages.js";
import { requireAdmin, type Viewer } from "./viewer.js";

/** An email as its template needs it when it is sent: the figures and links are read then, from the database. */
export type EmailContent =
  | { kind: "welcome"; name: string }
  | { kind: "order-confirmation"; order: OrderWithLines }
  | { kind: "order-status"; order: OrderWithLines; status: OrderStatusName }
  | { kind: "password-reset"; token: string; expiresAt: Date }
  | { kind: "password-changed"; name: string; changedAt: Date };

export interface EmailToSend {
  id: number;
  recipient: string;
  subject: string;
  state: Email["state"];
  attempts: number;
  content: EmailContent;
}

/** The log's row as the admin sees it. */
export type EmailLogEntry = Omit<Email, "data">;

const EMAIL_PAGE_SIZE = 20;
const EMAIL_KEYS = newestFirst("e");
const emailsOfUser = (userId: number) => JSON.stringify(["emails-of-user", userId]);
// A delivery failure is kept as a short excerpt: enough to tell "connection refused" from "mailbox full".
const LAST_ERROR_MAX_LENGTH = 300;

export class EmailService {
  constructor(
    private readonly prisma: PrismaClient,
    /** The token of a password reset's link, derived from the reset's id (the token itself is never stored). */
    private readonly resetLinkToken: (resetId: string) => string,
  ) {}

  /** Admin: the emails written to one user, newest first. */
  async pageForUser(viewer: Viewer | null, userId: unknown, options: { first?: unknown; after?: unknown } = {}): Promise<Page<EmailLogEntry>> {
    requireAdmin(viewer);
    const id = parseId(userId);
    if (id === null) throw notFound("User");
    return keysetPage<{ id: number }, EmailLogEntry>(
      this.prisma,
      {
        list: emailsOfUser(id),
        first: options.first,
        after: options.after,
        defaultSize: EMAIL_PAGE_SIZE,
        columns: Prisma.sql`e.id`,
        from: Prisma.sql`emails e`,
        conditions: [Prisma.sql`e.user_id = ${id}`],
        keys: EMAIL_KEYS,
      },
      async (rows) => {
        const ids = rows.map((row) => Number(row.id));
        return alignedById(ids, await this.prisma.email.findMany({ where: { id: { in: ids } }, omit: { data: true } }));
      },
    );
  }

  /**
   * An email with what its template needs, read now; null when it is gone or names something that no
   * longer exists (its order was deleted), or its data is not one this version knows.
   */
  async toSend(emailId: number): Promise<EmailToSend | null> {
    const row = await this.prisma.email.findUnique({ where: { id: emailId } });
    if (!row) return null;
    const due = readDueEmail(row.kind, row.data);
    if (!due) return null;
    const content = await this.contentOf(due);
    if (!content) return null;
    return { id: row.id, recipient: row.recipient, subject: row.subject, state: row.state, attempts: row.attempts, content };
  }

  private async contentOf(due: DueEmail): Promise<EmailContent | null> {
    switch (due.kind) {
      case "welcome":
        return due;
      case "password-changed":
        return { kind: due.kind, name: due.name, changedAt: new Date(due.changedAt) };
      case "password-reset":
        return { kind: due.kind, token: this.resetLinkToken(due.resetId), expiresAt: new Date(due.expiresAt) };
      case "order-confirmation":
      case "order-status": {
        const row = await this.prisma.order.findUnique({ where: { id: due.orderId }, include: { lines: { orderBy: { id: "asc" } } } });
        if (!row) return null;
        const order = toOrder(row);
        return due.kind === "order-status" ? { kind: due.kind, order, status: due.status } : { kind: due.kind, order };
      }
    }
  }

  /** The email left the shop (accepted by the mail server, or kept in the development mailbox). */
  async markSent(emailId: number): Promise<void> {
    await this.prisma.email.updateMany({ where: { id: emailId }, data: { state: "sent", sentAt: new Date(), attempts: { increment: 1 }, lastError: null } });
  }

  /** One delivery attempt failed; `gaveUp` when no other will follow. */
  async markFailed(emailId: number, error: string, gaveUp: boolean): Promise<void> {
    await this.prisma.email.updateMany({
      where: { id: emailId, state: { not: "sent" } },
      data: { attempts: { increment: 1 }, lastError: error.slice(0, LAST_ERROR_MAX_LENGTH), ...(gaveUp ? { state: "failed" } : {}) },
    });
  }

  /** Email is turned off: the email stays in the log, marked as never sent. */
  async markSkipped(emailId: number): Promise<void> {
    await this.prisma.email.updateMany({ where: { id: emailId, state: "queued" }, data: { state: "skipped" } });
  }
}
