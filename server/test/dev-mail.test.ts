// Without SMTP_URL outside production, emails go to the development mailbox, which developers
// read in the browser at /dev/mail; a production shop has no such page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DevMailbox } from "../src/delivery/email/dev-mailbox.js";
import { createEmailDeliverer } from "../src/delivery/email/deliverer.js";
import { createMailTransport } from "../src/delivery/email/transport.js";
import { OutboxRunner } from "../src/delivery/outbox-runner.js";
import { createTestShop, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let folder: string;
let mailbox: DevMailbox;
let runner: OutboxRunner;
let served: Awaited<ReturnType<typeof serveTestShop>>;

beforeAll(async () => {
  t = await createTestShop();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-dev-mail-"));
  mailbox = new DevMailbox(folder);
  served = await serveTestShop(t, { env: "development", devMailbox: mailbox });
  const transport = createMailTransport({ enabled: true, smtpUrl: undefined, from: "Verdant <no-reply@localhost>" }, mailbox);
  runner = new OutboxRunner({ prisma: t.db.prisma, events: t.db.events, pollMs: 60_000 })
    .register("email", createEmailDeliverer({ emails: t.shop.emails, transport, shopUrl: () => served.url }))
    .start();
});

afterAll(async () => {
  await runner?.stop();
  await served?.close();
  await t?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("the development mailbox at /dev/mail", () => {
  it("lists the emails the shop sent, opens each as the shopper sees it, and its plain text", async () => {
    const empty = await fetch(`${served.url}/dev/mail`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get("cache-control")).toBe("no-store");
    expect(await empty.text()).toContain("No emails yet.");

    const shopper = await t.signUp({ name: "Mossy Stone" });
    const answer = await fetch(`${served.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `mutation { requestPasswordReset(email: ${JSON.stringify(shopper.email)}) { message } }` }),
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => mailbox.list().length, { timeout: 15_000 }).toBe(1);

    const list = await (await fetch(`${served.url}/dev/mail`)).text();
    expect(list).toContain("<h1");
    expect(list).toContain(shopper.email);
    const [, id] = /href="\/dev\/mail\/([^".]+)"[^>]*>Reset your Verdant password</.exec(list) ?? [];
    expect(id).toBeTruthy();

    const page = await fetch(`${served.url}/dev/mail/${id}`);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    // The link points at the shop that sent it, and opens its reset screen.
    expect(html).toMatch(new RegExp(`<a href="${served.url}/reset-password#token=[A-Za-z0-9_-]{43}"[^>]*>Choose a new password</a>`));

    const text = await (await fetch(`${served.url}/dev/mail/${id}.txt`)).text();
    expect(text).toContain(`To: ${shopper.email}`);
    expect(text).toContain("Subject: Reset your Verdant password");
    expect(text).toMatch(/Choose a new password:\nhttp:\/\/127\.0\.0\.1:\d+\/reset-password#token=/);

    expect((await fetch(`${served.url}/dev/mail/0000000000000-00000000`)).status).toBe(404);
    expect((await fetch(`${served.url}/dev/mail/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it("keeps the newest 200 emails", () => {
    const small = new DevMailbox(fs.mkdtempSync(path.join(os.tmpdir(), "shop-dev-mail-keep-")));
    try {
      for (let n = 1; n <= 205; n += 1) small.keep({ from: "a@localhost", to: "b@example.com", subject: `Email ${n}`, html: "<p>x</p>", text: "x" });
      const kept = small.list();
      expect(kept).toHaveLength(200);
      expect(kept[0].subject).toBe("Email 205");
    } finally {
      fs.rmSync(small.folder, { recursive: true, force: true });
    }
  });

  it("does not exist in production, even when a mailbox is handed over", async () => {
    const production = await serveTestShop(t, { env: "production", devMailbox: mailbox });
    try {
      expect((await fetch(`${production.url}/dev/mail`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
