// The development mailbox: where emails go when SMTP_URL is unset outside production, so a developer
// can read them at /dev/mail (http/dev-mail.ts) without a mail server. One JSON file per email in a
// folder (DATA_DIR/dev-mail), so every process of the shop writes to and reads from the same mailbox and
// it survives a restart; the newest KEEP emails are kept.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface KeptEmail {
  id: string;
  /** ISO time the shop sent it. */
  sentAt: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

const KEEP = 200;
const ID = /^\d{13}-[0-9a-f]{8}$/;

export class DevMailbox {
  // Two emails sent in the same millisecond still list in the order they were sent.
  private lastTime = 0;

  constructor(readonly folder: string) {}

  /** Keeps one email; the oldest beyond KEEP are removed. */
  keep(email: Omit<KeptEmail, "id" | "sentAt">): KeptEmail {
    fs.mkdirSync(this.folder, { recursive: true });
    const now = Math.max(Date.now(), this.lastTime + 1);
    this.lastTime = now;
    const kept: KeptEmail = { id: `${now}-${crypto.randomBytes(4).toString("hex")}`, sentAt: new Date(now).toISOString(), ...email };
    // Written aside and renamed, so a reader never sees half a file.
    const file = path.join(this.folder, `${kept.id}.json`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(kept));
    fs.renameSync(`${file}.tmp`, file);
    for (const old of this.ids().slice(KEEP)) fs.rmSync(path.join(this.folder, `${old}.json`), { force: true });
    return kept;
  }

  /** The kept emails, newest first. */
  list(): KeptEmail[] {
    return this.ids()
      .map((id) => this.read(id))
      .filter((email): email is KeptEmail => email !== null);
  }

  /** One kept email by its id, or null. */
  read(id: string): KeptEmail | null {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(fs.readFileSync(path.join(this.folder, `${id}.json`), "utf8")) as KeptEmail;
    } catch {
      return null;
    }
  }

  /** Newest first (ids start with the time in milliseconds, 13 digits, so they sort as text). */
  private ids(): string[] {
    if (!fs.existsSync(this.folder)) return [];
    return fs
      .readdirSync(this.folder)
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .filter((id) => ID.test(id))
      .sort()
      .reverse();
  }
}
