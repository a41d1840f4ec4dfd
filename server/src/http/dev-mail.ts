// /dev/mail: the development mailbox in the browser (never in production, and only while emails go to it,
// i.e. without SMTP_URL). The list shows each email's time, recipient and subject; an email opens as the
// shopper would see it (its HTML), with its plain-text part at /dev/mail/<id>.txt.
import express, { type Router } from "express";
import type { DevMailbox } from "../delivery/email/dev-mailbox.js";
import { escapeHtml } from "../delivery/email/layout.js";

export const DEV_MAIL_PATH = "/dev/mail";

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;margin:32px;color:#1b1b1b;">
${body}
</body>
</html>
`;

export function devMailRouter(mailbox: DevMailbox): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    // Reset links are in here: never kept by a browser cache or a proxy.
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/", (_req, res) => {
    const emails = mailbox.list();
    const rows = emails
      .map(
        (email) =>
          `<tr><td style="padding:6px 12px 6px 0;white-space:nowrap;"><time datetime="${email.sentAt}">${escapeHtml(email.sentAt.replace("T", " ").slice(0, 19))} UTC</time></td><td style="padding:6px 12px 6px 0;">${escapeHtml(email.to)}</td><td style="padding:6px 0;"><a href="${DEV_MAIL_PATH}/${email.id}" style="color:#2b8a3e;">${escapeHtml(email.subject)}</a> <a href="${DEV_MAIL_PATH}/${email.id}.txt" aria-label="Plain text of ${escapeHtml(email.subject)}" style="color:#495057;font-size:14px;">(plain text)</a></td></tr>`,
      )
      .join("\n");
    res.type("html").send(
      page(
        "Development mailbox",
        `<h1 style="font-family:Georgia,serif;color:#2b8a3e;">Development mailbox</h1>
<p>The emails the shop sent while <code>SMTP_URL</code> is unset (newest first, the last 200). Set <code>SMTP_URL</code> to send them to a mail server instead. This page does not exist in production.</p>
${
  emails.length === 0
    ? "<p><strong>No emails yet.</strong> Sign up, place an order or use 'Forgot password?' to see one here.</p>"
    : `<table style="border-collapse:collapse;"><caption style="text-align:left;font-weight:bold;padding-bottom:8px;">${emails.length} email(s)</caption><thead><tr><th scope="col" style="text-align:left;">Sent</th><th scope="col" style="text-align:left;">To</th><th scope="col" style="text-align:left;">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
      ),
    );
  });

  router.get("/:id.txt", (req, res) => {
    const email = mailbox.read(req.params.id);
    if (!email) {
      res.status(404).type("text").send("No such email in the development mailbox.");
      return;
    }
    res.type("text").send(`From: ${email.from}\nTo: ${email.to}\nSubject: ${email.subject}\nDate: ${email.sentAt}\n\n${email.text}`);
  });

  router.get("/:id", (req, res) => {
    const email = mailbox.read(req.params.id);
    if (!email) {
      res.status(404).type("html").send(page("Email not found", `<h1>Email not found</h1><p><a href="${DEV_MAIL_PATH}">Back to the mailbox</a></p>`));
      return;
    }
    res.type("html").send(email.html);
  });

  return router;
}
