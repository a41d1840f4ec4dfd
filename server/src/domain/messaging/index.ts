// The messaging room's public surface: other folders import it only from here.
export { EmailService } from "./email-log.js";
export type { EmailContent, EmailLogEntry, EmailOrder } from "./email-log.js";
export { EMAIL_CHANNEL, ORDER_STATUS_WORDS, queueEmail, SHOP_NAME } from "./emails.js";
export type { DueEmail, EmailRecipient } from "./emails.js";
export { addManyToOutbox, addToOutbox, ERROR_LENGTH, KEEP_SETTLED_MS, parseMessageId, removeSettledMessages, RESPONSE_EXCERPT_LENGTH, sendAgain, viewMessage } from "./outbox.js";
export type { OutboxMessageView, OutboxState, Transaction } from "./outbox.js";
export { claimDueMessages, recordAttempt } from "./outbox-attempts.js";
export type { AttemptOutcome, ClaimRequest } from "./outbox-attempts.js";
