// The email deliverer: the outbox runner (delivery/outbox-runner.ts) hands it each message of the email
// channel after the commit that made it due. It reads what the email needs (domain/email-log), writes it
// (templates.ts) and sends it (transport.ts). The runner records the outcome, retries a temporary failure
// with backoff for a day, and sends again after a crash: at least once.
import type { EmailService } from "../../domain/messaging/index.js";
import type { Deliverer, DeliveryOutcome } from "../outbox-runner.js";
import { renderEmail } from "./templates.js";
import type { MailTransport } from "./transport.js";

export interface EmailDelivererOptions {
  emails: EmailService;
  transport: MailTransport;
  /** The shop's address for links (PUBLIC_URL, or the address it listens on once it listens). */
  shopUrl: () => string | Promise<string>;
}

/** A failure as the log keeps it: the mail server's answer or the network error, on one line. */
export function describeFailure(error: unknown): string {
  const failure = error as { code?: unknown; response?: unknown; message?: unknown } | null;
  const text = typeof failure?.response === "string" && failure.response ? failure.response : String(failure?.message ?? error);
  const code = typeof failure?.code === "string" && !text.includes(failure.code) ? `${failure.code}: ` : "";
  return `${code}${text}`.replace(/\s+/g, " ").trim();
}

/** The SMTP reply code of a refusal (e.g. 451, 550), when the server gave one. */
const replyCode = (error: unknown): number | null => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : null;
};

export function createEmailDeliverer({ emails, transport, shopUrl }: EmailDelivererOptions): Deliverer {
  return {
    // A mail server answers within seconds or not at all (the transport's own timeouts are shorter).
    attemptTimeoutMs: 30_000,
    concurrency: 4,
    async deliver(message): Promise<DeliveryOutcome> {
      if (transport.kind === "off") return { result: "failed", error: "Not sent: email is turned off (EMAIL_ENABLED=false)." };
      const email = await emails.toSend(message);
      // Nothing to write: not an email this version knows, or its order was deleted meanwhile.
      if (!email) return { result: "failed", error: "Not sent: the email names nothing that still exists." };
      const { html, text } = renderEmail(email.content, { subject: email.subject, recipient: email.to, shopUrl: await shopUrl() });
      try {
        const response = await transport.send({ to: email.to, subject: email.subject, html, text });
        return { result: "delivered", status: /^\d{3}\b/.test(response) ? Number(response.slice(0, 3)) : null, response };
      } catch (error) {
        const status = replyCode(error);
        // 5xx is the server's final word (no such mailbox, refused): retrying for a day would not change it.
        if (status !== null && status >= 500) return { result: "failed", error: describeFailure(error), status };
        return { result: "retry", error: describeFailure(error), status };
      }
    },
  };
}
