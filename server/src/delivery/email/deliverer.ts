// The email deliverer: given an email the domain recorded as due, reads what it needs (domain/email-log),
// writes it (templates.ts) and sends it (transport.ts), then notes the outcome in the admin's log. The
// outbox calls it after the commit that made the email due, and again after a failure, so it is written
// for at-least-once calls: an email already sent is not sent again.
import type { EmailService } from "../../domain/email-log.js";
import { renderEmail } from "./templates.js";
import type { MailTransport } from "./transport.js";

export type DeliveryOutcome = "sent" | "skipped" | "not-owed";

export interface EmailDeliverer {
  /**
   * Sends the email if it is still owed. Throws when the transport failed, after noting the failure
   * (`lastAttempt`: no retry follows, so the email is marked failed).
   */
  deliver(emailId: number, options?: { lastAttempt?: boolean }): Promise<DeliveryOutcome>;
}

export interface EmailDelivererOptions {
  emails: EmailService;
  transport: MailTransport;
  /** The shop's address for links (PUBLIC_URL, or the address it listens on). */
  shopUrl: () => string;
}

/** A delivery failure as the log keeps it: the mail server's answer or the network error, one line. */
export function describeFailure(error: unknown): string {
  const failure = error as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown } | null;
  const parts = [failure?.responseCode, failure?.code, typeof failure?.response === "string" ? failure.response : failure?.message]
    .filter((part) => part !== undefined && part !== null && part !== "")
    .map(String);
  return (parts.length ? parts.join(" ") : String(error)).replace(/\s+/g, " ").trim();
}

export function createEmailDeliverer({ emails, transport, shopUrl }: EmailDelivererOptions): EmailDeliverer {
  return {
    async deliver(emailId, options = {}) {
      const email = await emails.toSend(emailId);
      // Gone, sent already (a repeated call), or recorded while email was off.
      if (!email || email.state === "sent" || email.state === "skipped") return "not-owed";
      if (transport.kind === "off") {
        await emails.markSkipped(email.id);
        return "skipped";
      }
      const { html, text } = renderEmail(email.content, { subject: email.subject, recipient: email.recipient, shopUrl: shopUrl() });
      try {
        await transport.send({ to: email.recipient, subject: email.subject, html, text });
      } catch (error) {
        await emails.markFailed(email.id, describeFailure(error), options.lastAttempt ?? false);
        throw error;
      }
      await emails.markSent(email.id);
      return "sent";
    },
  };
}
