// How an email leaves the shop (nodemailer): to the mail server of SMTP_URL, or, without one outside
// production, into the development mailbox read at /dev/mail; with EMAIL_ENABLED=false, nowhere.
import nodemailer from "nodemailer";
import type { DevMailbox } from "./dev-mailbox.js";

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /** smtp: a real mail server; development: the /dev/mail mailbox; off: email is turned off. */
  kind: "smtp" | "development" | "off";
  /** Sends one email and answers the mail server's reply; throws when it refuses the email or cannot be reached. */
  send(email: OutgoingEmail): Promise<string>;
  close(): void;
}

export interface TransportSettings {
  enabled: boolean;
  smtpUrl: string | undefined;
  from: string;
}

// A slow or silent mail server fails the attempt within seconds (and is retried) instead of holding a
// delivery worker for minutes, nodemailer's defaults.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export function createMailTransport(settings: TransportSettings, mailbox: DevMailbox | null): MailTransport {
  if (!settings.enabled) {
    return {
      kind: "off",
      send: async () => {
        throw new Error("Email is turned off (EMAIL_ENABLED=false).");
      },
      close: () => undefined,
    };
  }
  if (settings.smtpUrl) {
    // A small pool: one connection per email would cost a TLS handshake each time.
    const smtp = nodemailer.createTransport({ url: settings.smtpUrl, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS }, { from: settings.from });
    return {
      kind: "smtp",
      send: async (email) => (await smtp.sendMail(email)).response,
      close: () => smtp.close(),
    };
  }
  if (!mailbox) throw new Error("Without SMTP_URL, emails need the development mailbox.");
  // nodemailer builds the message as it would for a server (and checks the addresses); the mailbox keeps it.
  const json = nodemailer.createTransport({ jsonTransport: true }, { from: settings.from });
  return {
    kind: "development",
    send: async (email) => {
      await json.sendMail(email);
      return `Kept in the development mailbox as ${mailbox.keep({ from: settings.from, ...email }).id}.`;
    },
    close: () => json.close(),
  };
}

/** The mail server's host, for the start banner (never the password in the URL). */
export function smtpHost(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return "the SMTP server";
  }
}
