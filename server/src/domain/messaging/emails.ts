// The emails the shop sends its shoppers: which one is due (the services call queueEmail in the
// transaction of the change that makes it due, so a rolled-back change owes no email: it is an outbox
// message of that same commit, domain/outbox.ts) and what it is about (its subject). The log the admin
// reads and what a template needs are in email-log.ts; how an email looks and how it leaves the shop is
// delivery/email's business.
import type { OrderStatusName } from "../shared/index.js";
import { addToOutbox, type Transaction } from "./outbox.js";

/** The outbox channel of emails (delivery/email/deliverer.ts sends them). */
export const EMAIL_CHANNEL = "email";

/** What an email is about, with what it needs to be written later: ids and snapshots, never a secret. */
export type DueEmail =
  | { kind: "welcome"; name: string }
  | { kind: "order-confirmation"; orderId: number; orderNumber: string }
  | { kind: "order-status"; orderId: number; orderNumber: string; status: OrderStatusName }
  /** Money given back: this refund's amount and the reason the shop gave. */
  | { kind: "order-refund"; orderId: number; orderNumber: string; amountCents: number; reason: string }
  | { kind: "password-reset"; resetId: string; expiresAt: string }
  | { kind: "password-changed"; name: string; changedAt: string }
  /** The customer deleted their account: sent to the address it had, the last thing the shop sends there. */
  | { kind: "account-deleted"; name: string; deletedAt: string };

export type EmailKind = DueEmail["kind"];
export const EMAIL_KINDS: readonly EmailKind[] = ["welcome", "order-confirmation", "order-status", "order-refund", "password-reset", "password-changed", "account-deleted"];

/** Who an email goes to: the account it concerns and the address it is written to. */
export interface EmailRecipient {
  userId: number;
  address: string;
}

export const SHOP_NAME = "Verdant";

/** How each order status reads in an email's subject and body. */
export const ORDER_STATUS_WORDS: Record<OrderStatusName, { subject: string; headline: string }> = {
  // Never e-mailed (entering it tells only the admins' lists), named for completeness.
  "awaiting-payment": { subject: "is awaiting payment", headline: "Your order is awaiting payment" },
  pending: { subject: "is pending", headline: "Your order is pending" },
  "in-transit": { subject: "is on its way", headline: "Your order is on its way" },
  delivered: { subject: "has been delivered", headline: "Your order has been delivered" },
  cancelled: { subject: "has been cancelled", headline: "Your order has been cancelled" },
};

/** An email's subject line: it is decided when the email is due, so the admin's log shows it at once. */
export function subjectOf(email: DueEmail): string {
  switch (email.kind) {
    case "welcome":
      return `Welcome to ${SHOP_NAME}`;
    case "order-confirmation":
      return `Your ${SHOP_NAME} order ${email.orderNumber} is confirmed`;
    case "order-status":
      return `Your order ${email.orderNumber} ${ORDER_STATUS_WORDS[email.status].subject}`;
    case "order-refund":
      return `A refund for your ${SHOP_NAME} order ${email.orderNumber}`;
    case "password-reset":
      return `Reset your ${SHOP_NAME} password`;
    case "password-changed":
      return `Your ${SHOP_NAME} password was changed`;
    case "account-deleted":
      return `Your ${SHOP_NAME} account has been deleted`;
  }
}

/** An email as the outbox keeps it: its kind (the message's type), who it goes to, its subject, and its data. */
export interface QueuedEmail {
  to: string;
  subject: string;
  due: DueEmail;
}

/**
 * Writes an email as due, in the caller's transaction: it exists exactly when the change that made it
 * due commits, and the outbox sends it after the commit. Answers the outbox message's id.
 */
export function queueEmail(tx: Transaction, to: EmailRecipient, email: DueEmail): Promise<string> {
  const { kind, ...data } = email;
  return addToOutbox(tx, { channel: EMAIL_CHANNEL, type: kind, payload: { to: to.address, subject: subjectOf(email), ...data }, userId: to.userId });
}

/** An outbox message of the email channel read back, or null when it is not one this version writes. */
export function readQueuedEmail(type: string, payload: unknown): QueuedEmail | null {
  if (!isRecord(payload) || !isText(payload.to) || !isText(payload.subject)) return null;
  const due = readDueEmail(type, payload);
  return due ? { to: payload.to, subject: payload.subject, due } : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string";
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** An email's kind and data read back, or null when they are not one this version writes. */
function readDueEmail(kind: string, data: unknown): DueEmail | null {
  if (!isRecord(data)) return null;
  switch (kind) {
    case "welcome":
      return isText(data.name) ? { kind, name: data.name } : null;
    case "password-changed":
      return isText(data.name) && isText(data.changedAt) ? { kind, name: data.name, changedAt: data.changedAt } : null;
    case "account-deleted":
      return isText(data.name) && isText(data.deletedAt) ? { kind, name: data.name, deletedAt: data.deletedAt } : null;
    case "password-reset":
      return isText(data.resetId) && isText(data.expiresAt) ? { kind, resetId: data.resetId, expiresAt: data.expiresAt } : null;
    case "order-confirmation":
      return isId(data.orderId) && isText(data.orderNumber) ? { kind, orderId: data.orderId, orderNumber: data.orderNumber } : null;
    case "order-status":
      return isId(data.orderId) && isText(data.orderNumber) && Object.hasOwn(ORDER_STATUS_WORDS, data.status as string)
        ? { kind, orderId: data.orderId, orderNumber: data.orderNumber, status: data.status as OrderStatusName }
        : null;
    case "order-refund":
      return isId(data.orderId) && isText(data.orderNumber) && typeof data.amountCents === "number" && Number.isSafeInteger(data.amountCents) && data.amountCents > 0 && typeof data.reason === "string"
        ? { kind, orderId: data.orderId, orderNumber: data.orderNumber, amountCents: data.amountCents, reason: data.reason }
        : null;
    default:
      return null;
  }
}
