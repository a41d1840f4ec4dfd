// The emails written to a shopper as the admin sees them on the user's page (the email channel's outbox
// messages: subject, time, delivery state), and, for the email deliverer, an email with what its template
// needs, read when it is sent: an order's figures come from the order as it was placed, a reset link's
// token is derived then (it is never stored).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { EMAIL_CHANNEL, readQueuedEmail, type DueEmail } from "./emails.js";
import { asDate, keysetPage, notFound, parseId, requireAdmin, type Cents, type OrderStatusName, type Page, type SortKey, type Viewer } from "../shared/index.js";
import type { OutboxState } from "./outbox.js";

/**
 * An order as its emails show it: as it was placed, with its price as the order room computes it
 * (orders/pricing.ts), so an email never adds anything up itself.
 */
export interface EmailOrder {
  id: number;
  orderNumber: string;
  createdAt: Date;
  regionName: string;
  userAddress: string;
  userPhone: string;
  /** Whether its money was taken (orders placed paid when absent): a cancelled order that never was is told so. */
  paymentState?: "awaiting" | "paid" | "unpaid";
  price: {
    /** options: the variant's option values as the order line stored them (catalog's storedOptions reads them). */
    lines: { name: string; options?: unknown; unitCents: Cents; quantity: number; lineCents: Cents }[];
    itemsCents: Cents;
    deliveryCents: Cents;
    totalCents: Cents;
    /** Promotions and tax as charged (all 0 / empty for an order without them: the email shows no row for them). */
    promotions?: { name: string; code: string | null; amountCents: Cents }[];
    deliveryDiscountCents?: Cents;
    pricesIncludeTax?: boolean;
    taxLines?: { name: string; netCents: Cents; taxCents: Cents }[];
  };
}

/** An email as its template needs it when it is sent: the figures and links are read then, from the database. */
export type EmailContent =
  | { kind: "welcome"; name: string }
  | { kind: "order-confirmation"; order: EmailOrder }
  | { kind: "order-status"; order: EmailOrder; status: OrderStatusName }
  | { kind: "order-refund"; order: EmailOrder; amountCents: Cents; reason: string }
  | { kind: "password-reset"; token: string; expiresAt: Date }
  | { kind: "password-changed"; name: string; changedAt: Date }
  | { kind: "account-deleted"; name: string; deletedAt: Date };

export interface EmailToSend {
  to: string;
  subject: string;
  content: EmailContent;
}

/** One email of a user's log, as the admin sees it. */
export interface EmailLogEntry {
  id: string;
  kind: string;
  subject: string;
  recipient: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

const EMAIL_PAGE_SIZE = 20;
// Newest first, then by id (a uuid: compared as its text, the same order PostgreSQL gives uuids).
const EMAIL_KEYS: SortKey[] = [
  { sql: Prisma.raw("m.created_at"), descending: true, kind: "time" },
  { sql: Prisma.raw("m.id::text"), descending: true, kind: "text" },
];
const emailsOfUser = (userId: number) => JSON.stringify(["emails-of-user", userId]);

type LogRow = {
  id: string;
  type: string;
  payload: unknown;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
};

function logEntry(row: LogRow): EmailLogEntry {
  const queued = readQueuedEmail(row.type, row.payload);
  return {
    id: row.id,
    kind: row.type,
    subject: queued?.subject ?? "(an email this version cannot read)",
    recipient: queued?.to ?? "",
    state: row.state,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: asDate(row.created_at),
    deliveredAt: row.delivered_at === null ? null : asDate(row.delivered_at),
  };
}

export class EmailService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly reads: {
      /** The token of a password reset's link, derived from the reset's id (the token itself is never stored). */
      resetLinkToken: (resetId: string) => string;
      /** An order as its emails show it; null when it no longer exists. */
      order: (orderId: number) => Promise<EmailOrder | null>;
    },
  ) {}

  /** Admin: the emails written to one user, newest first, with their delivery state. */
  async pageForUser(viewer: Viewer | null, userId: unknown, options: { first?: unknown; after?: unknown } = {}): Promise<Page<EmailLogEntry>> {
    requireAdmin(viewer, "customers:emails");
    const id = parseId(userId);
    if (id === null) throw notFound("User");
    return keysetPage<LogRow, EmailLogEntry>(
      this.prisma,
      {
        list: emailsOfUser(id),
        first: options.first,
        after: options.after,
        defaultSize: EMAIL_PAGE_SIZE,
        columns: Prisma.sql`m.id::text AS id, m.type, m.payload, m.state::text AS state, m.attempts, m.last_error, m.created_at, m.delivered_at`,
        from: Prisma.sql`outbox_messages m`,
        conditions: [Prisma.sql`m.user_id = ${id}`, Prisma.sql`m.channel = ${EMAIL_CHANNEL}`],
        keys: EMAIL_KEYS,
      },
      (rows) => rows.map(logEntry),
    );
  }

  /**
   * An email of the outbox with what its template needs, read now; null when it is not one this version
   * writes, or names an order that no longer exists.
   */
  async toSend(message: { type: string; payload: unknown }): Promise<EmailToSend | null> {
    const queued = readQueuedEmail(message.type, message.payload);
    if (!queued) return null;
    const content = await this.contentOf(queued.due);
    return content ? { to: queued.to, subject: queued.subject, content } : null;
  }

  private async contentOf(due: DueEmail): Promise<EmailContent | null> {
    switch (due.kind) {
      case "welcome":
        return due;
      case "password-changed":
        return { kind: due.kind, name: due.name, changedAt: new Date(due.changedAt) };
      case "account-deleted":
        return { kind: due.kind, name: due.name, deletedAt: new Date(due.deletedAt) };
      case "password-reset":
        return { kind: due.kind, token: this.reads.resetLinkToken(due.resetId), expiresAt: new Date(due.expiresAt) };
      case "order-confirmation":
      case "order-status":
      case "order-refund": {
        const order = await this.reads.order(due.orderId);
        if (!order) return null;
        if (due.kind === "order-refund") return { kind: due.kind, order, amountCents: due.amountCents, reason: due.reason };
        return due.kind === "order-status" ? { kind: due.kind, order, status: due.status } : { kind: due.kind, order };
      }
    }
  }
}
