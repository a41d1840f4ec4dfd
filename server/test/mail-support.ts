// A real SMTP server on loopback for the email tests (the smtp-server package, started by the test):
// it receives what the shop's nodemailer transport sends and parses each message (mailparser), so a
// test reads the recipient, subject, HTML and text a mail program would get.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";

export interface TestMailServer {
  url: string;
  /** Every message received so far, oldest first. */
  received: ParsedMail[];
  /** The next `count` deliveries are refused with this SMTP code: 451 (try later) or 550 (never). */
  refuseNext(count: number, code: 451 | 550): void;
  /** Waits until at least `count` messages have arrived, and answers them all. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  let refusals = 0;
  let refusalCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const reason = refusalCode === 451 ? "Mailbox busy, try again later" : "No such mailbox here";
        const error = Object.assign(new Error(reason), { responseCode: refusalCode });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code) {
      refusals = count;
      refusalCode = code;
    },
    async waitFor(count) {
      await expect.poll(() => received.length, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(count);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address a parsed message was sent to. */
export const recipientOf = (mail: ParsedMail): string => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? "";
};

/** The first link of the HTML part whose text is `label`. */
export function linkIn(mail: ParsedMail, label: string): string {
  const html = typeof mail.html === "string" ? mail.html : "";
  const match = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(html);
  if (!match) throw new Error(`No link "${label}" in the email "${mail.subject}".`);
  return match[1].replace(/&amp;/g, "&");
}
