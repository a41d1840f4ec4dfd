// The emails a shop sends. Each is an outbox message written with the change that makes it due;
// the outbox runner hands it to the email deliverer, which sends it through nodemailer to a real SMTP
// server on loopback (mail-support.ts). The tests read recipient, subject, figures and links as a mail
// program would.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmailDeliverer } from "../src/delivery/email/deliverer.js";
import { createMailTransport, type MailTransport } from "../src/delivery/email/transport.js";
import { OutboxRunner, type Deliverer } from "../src/delivery/outbox-runner.js";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { createTestShop, failure, type TestShop } from "./support.js";
import { linkIn, recipientOf, startMailServer, type TestMailServer } from "./mail-support.js";

const SHOP_URL = "https://shop.example.test";
const FROM = "Verdant <hello@shop.example.test>";

let t: TestShop;
let mail: TestMailServer;
let transport: MailTransport;
let deliverer: Deliverer;
let runner: OutboxRunner | undefined;
let categoryId: number;

/** Runs the outbox with this email deliverer (in place of the one before); retries come after `backoffMs`. */
async function runOutbox(with_: Deliverer, backoffMs = 20): Promise<OutboxRunner> {
  await runner?.stop();
  runner = new OutboxRunner({ prisma: t.db.prisma, events: t.db.events, pollMs: 60_000, backoff: () => backoffMs }).register("email", with_).start();
  return runner;
}

beforeAll(async () => {
  t = await createTestShop();
  mail = await startMailServer();
  transport = createMailTransport({ enabled: true, smtpUrl: mail.url, from: FROM }, null);
  deliverer = createEmailDeliverer({ emails: t.shop.emails, transport, shopUrl: () => SHOP_URL });
  categoryId = (await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } })).id;
});

afterAll(async () => {
  await runner?.stop();
  transport?.close();
  await mail?.close();
  await t?.close();
});

// Each test starts with the real deliverer, nothing owed and an empty inbox.
beforeEach(async () => {
  await runOutbox(deliverer);
  await sentEmails();
});

const pendingEmails = () => t.db.prisma.outboxMessage.count({ where: { channel: "email", state: "pending" } });

/** Waits until the outbox owes no email, then answers the messages the SMTP server received since the last call. */
async function sentEmails(): Promise<ParsedMail[]> {
  await expect.poll(async () => (await pendingEmails()) + runner!.inFlight(), { timeout: 15_000, interval: 20 }).toBe(0);
  return mail.received.splice(0);
}

/** The email messages of one user in the outbox, oldest first. */
const outboxOf = (userId: number) => t.db.prisma.outboxMessage.findMany({ where: { channel: "email", userId }, orderBy: { createdAt: "asc" } });

const textOf = (message: ParsedMail) => message.text ?? "";
const htmlOf = (message: ParsedMail) => (typeof message.html === "string" ? message.html : "");

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { user { id email } } }`;
const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order {
  id orderNumber subtotal deliveryFee total region lines { name unitPrice quantity lineTotal } } } }`;
const UPDATE_STATUS = `mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { order { status } } }`;
const REQUEST_RESET = `mutation($email: String!) { requestPasswordReset(email: $email) { message } }`;
const RESET = `mutation($token: String!, $password: String!, $confirmation: String!) {
  resetPassword(token: $token, password: $password, passwordConfirmation: $confirmation) { accessToken user { id email } } }`;
const LINK_VALID = `query($token: String!) { passwordResetLinkValid(token: $token) }`;
const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`;
const ME = `{ me { id } }`;
const USER_EMAILS = `query($id: Int!) { user(id: $id) { emails(first: 10) { nodes { kind subject recipient state attempts lastError createdAt sentAt } totalCount } } }`;

let counter = 0;
async function makeProduct(priceCents: number, discountPriceCents: number | null = null, quantity = 10) {
  counter += 1;
  return t.shop.prisma.product.create({
    data: { slug: `mail-plant-${counter}`, name: `Mail Plant ${counter}`, description: "Green.", categoryId, priceCents, discountPriceCents, quantity, imageOne: "/uploads/x.jpg" },
  });
}

describe("welcome after sign-up", () => {
  it("a new account receives one welcome email at its address, with a link to the shop", async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    const registered = await t.gql(REGISTER, { input: { name: "Ivy <Climber>", email, password: "ivy-climbs-2", passwordConfirmation: "ivy-climbs-2" } });
    expect(registered.errors).toBeUndefined();
    const [message, ...more] = await sentEmails();
    expect(more).toEqual([]);
    expect(recipientOf(message)).toBe(email);
    expect(message.from?.text).toBe('"Verdant" <hello@shop.example.test>');
    expect(message.subject).toBe("Welcome to Verdant");
    // The name is shown, and escaped in the HTML part.
    expect(textOf(message)).toContain("Welcome to Verdant, Ivy <Climber>!");
    expect(htmlOf(message)).toContain("Welcome to Verdant, Ivy &lt;Climber&gt;!");
    expect(linkIn(message, "Visit the shop")).toBe(`${SHOP_URL}/`);
  });

  it("a refused sign-up owes no email", async () => {
    const taken = await t.signUp();
    const before = await t.db.prisma.outboxMessage.count({ where: { channel: "email" } });
    const refused = await t.gql(REGISTER, { input: { name: "Copy", email: taken.email, password: "copycat-12", passwordConfirmation: "copycat-12" } });
    expect(failure(refused).code).toBe("BAD_USER_INPUT");
    expect(await t.db.prisma.outboxMessage.count({ where: { channel: "email" } })).toBe(before);
  });
});

describe("order confirmation and status changes", () => {
  it("confirms a placed order with the invoice's figures: lines, region, delivery fee and total, and a link to the order", async () => {
    const shopper = await t.signUp();
    const fern = await makeProduct(1250);
    const palm = await makeProduct(4000, 2999);
    const region = await t.shop.prisma.region.create({ data: { name: `Coastal ${Date.now()}`, feeCents: 799 } });
    const placed = await t.gql<{ placeOrder: { order: any } }>(
      PLACE_ORDER,
      { input: { lines: [{ productId: fern.id, quantity: 3 }, { productId: palm.id, quantity: 1 }], regionId: region.id, reference: newReference() } },
      shopper.token,
    );
    expect(placed.errors).toBeUndefined();
    const order = placed.data!.placeOrder.order;
    const [message, ...more] = await sentEmails();
    expect(more).toEqual([]);
    expect(recipientOf(message)).toBe(shopper.email);
    expect(message.subject).toBe(`Your Verdant order ${order.orderNumber} is confirmed`);

    // The same figures the API (and so the printed invoice) shows for this order.
    const dollars = (amount: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);
    expect(order).toMatchObject({ subtotal: 67.49, deliveryFee: 7.99, total: 75.48 });
    const text = textOf(message);
    for (const line of order.lines) {
      expect(text).toContain(`- Product: ${line.name}, Unit price: ${dollars(line.unitPrice)}, Quantity: ${line.quantity}, Amount: ${dollars(line.lineTotal)}`);
    }
    expect(text).toContain(`Subtotal: ${dollars(order.subtotal)}`);
    expect(text).toContain(`Delivery fee (${order.region}): ${dollars(order.deliveryFee)}`);
    expect(text).toContain(`Total: ${dollars(order.total)}`);
    expect(text).toContain("Total: $75.48");
    expect(text).toContain(`Delivery region: ${region.name}`);
    const html = htmlOf(message);
    expect(html).toContain("<td style=\"padding:8px 6px;border-bottom:1px solid #dee2e6;text-align:right;\">$29.99</td>");
    expect(html).toContain("$75.48");
    expect(linkIn(message, "View your order")).toBe(`${SHOP_URL}/user/order/${order.orderNumber}`);
  });

  it("placing the same order again (same reference) sends no second confirmation", async () => {
    const shopper = await t.signUp();
    const fern = await makeProduct(1000);
    const region = await t.shop.prisma.region.create({ data: { name: `Hills ${Date.now()}`, feeCents: 0 } });
    const input = { lines: [{ productId: fern.id, quantity: 1 }], regionId: region.id, reference: newReference() };
    await t.gql(PLACE_ORDER, { input }, shopper.token);
    await t.gql(PLACE_ORDER, { input }, shopper.token);
    expect(await sentEmails()).toHaveLength(1);
  });

  it("an order rolled back inside its transaction (total too large) owes no email", async () => {
    const shopper = await t.signUp();
    const huge = await makeProduct(2_000_000_000, null, 5);
    const region = await t.shop.prisma.region.create({ data: { name: `Far ${Date.now()}`, feeCents: 100 } });
    const before = await t.db.prisma.outboxMessage.count({ where: { channel: "email" } });
    const refused = await t.gql(PLACE_ORDER, { input: { lines: [{ productId: huge.id, quantity: 2 }], regionId: region.id, reference: newReference() } }, shopper.token);
    expect(failure(refused).code).toBe("BAD_USER_INPUT");
    expect(await t.db.prisma.outboxMessage.count({ where: { channel: "email" } })).toBe(before);
  });

  it("each status change (pending, in-transit, delivered) sends the shopper an email with a link to the order; no change, no email", async () => {
    const shopper = await t.signUp();
    const admin = await t.signUp({ role: "admin" });
    const fern = await makeProduct(1500);
    const region = await t.shop.prisma.region.create({ data: { name: `Valley ${Date.now()}`, feeCents: 500 } });
    const placed = await t.gql<{ placeOrder: { order: any } }>(
      PLACE_ORDER,
      { input: { lines: [{ productId: fern.id, quantity: 1 }], regionId: region.id, reference: newReference() } },
      shopper.token,
    );
    const { id, orderNumber } = placed.data!.placeOrder.order;
    await sentEmails();

    const expected = [
      ["IN_TRANSIT", `Your order ${orderNumber} is on its way`, "In transit"],
      ["DELIVERED", `Your order ${orderNumber} has been delivered`, "Delivered"],
      ["PENDING", `Your order ${orderNumber} is pending`, "Pending"],
    ] as const;
    for (const [status, subject, label] of expected) {
      expect((await t.gql(UPDATE_STATUS, { id, status }, admin.token)).errors).toBeUndefined();
      const [message, ...more] = await sentEmails();
      expect(more).toEqual([]);
      expect(recipientOf(message)).toBe(shopper.email);
      expect(message.subject).toBe(subject);
      expect(textOf(message)).toContain(`Order ${orderNumber} is now: ${label}.`);
      expect(linkIn(message, "View your order")).toBe(`${SHOP_URL}/user/order/${orderNumber}`);
    }
    // Setting the status it already has changes nothing and sends nothing.
    expect((await t.gql(UPDATE_STATUS, { id, status: "PENDING" }, admin.token)).errors).toBeUndefined();
    expect(await sentEmails()).toEqual([]);
  });
});

describe("password reset by email", () => {
  const NEW_PASSWORD = "fresh-basil-7";

  async function askForLink(email: string): Promise<string> {
    const answer = await t.gql<{ requestPasswordReset: { message: string } }>(REQUEST_RESET, { email });
    expect(answer.errors).toBeUndefined();
    const [message] = await sentEmails();
    expect(recipientOf(message)).toBe(email);
    expect(message.subject).toBe("Reset your Verdant password");
    const link = linkIn(message, "Choose a new password");
    // The address is also printed in full, for mail programs that drop links.
    expect(textOf(message)).toContain(link);
    return link;
  }
  const tokenOf = (link: string) => {
    expect(link).toMatch(new RegExp(`^${SHOP_URL}/reset-password#token=[A-Za-z0-9_-]{43}$`));
    return decodeURIComponent(link.split("#token=")[1]);
  };

  it("answers the same whether or not the address has an account, and writes to the account only", async () => {
    const shopper = await t.signUp();
    const known = await t.gql<{ requestPasswordReset: { message: string } }>(REQUEST_RESET, { email: shopper.email });
    const unknown = await t.gql<{ requestPasswordReset: { message: string } }>(REQUEST_RESET, { email: `nobody-${Date.now()}@example.com` });
    expect(unknown).toEqual(known);
    expect(known.data!.requestPasswordReset.message).toBe(
      "If an account exists for this email, we have sent it a link to reset the password. The link works for 30 minutes.",
    );
    const sent = await sentEmails();
    expect(sent.map(recipientOf)).toEqual([shopper.email]);
  });

  it("the link sets a new password once: every session ends, the user is signed in, a security notice follows, and the link never works again", async () => {
    const shopper = await t.signUp({ name: "Basil Grower" });
    const link = await askForLink(shopper.email);
    const token = tokenOf(link);
    // Only a hash of the token is stored.
    const stored = await t.shop.prisma.passwordReset.findMany({ where: { userId: shopper.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(JSON.stringify(await outboxOf(shopper.id))).not.toContain(token);

    expect((await t.gql<{ passwordResetLinkValid: boolean }>(LINK_VALID, { token })).data!.passwordResetLinkValid).toBe(true);
    const reset = await t.gql<{ resetPassword: { accessToken: string; user: { id: number; email: string } } }>(RESET, {
      token,
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(reset.errors).toBeUndefined();
    expect(reset.data!.resetPassword.user).toEqual({ id: shopper.id, email: shopper.email });
    // Signed in with the new session; the session from before the reset is over.
    expect((await t.gql<{ me: { id: number } }>(ME, {}, reset.data!.resetPassword.accessToken)).data!.me).toEqual({ id: shopper.id });
    expect((await t.gql<{ me: unknown }>(ME, {}, shopper.token)).data!.me).toBeNull();
    // The new password signs in, the old one no longer does.
    expect((await t.gql(LOGIN, { email: shopper.email, password: NEW_PASSWORD })).errors).toBeUndefined();
    expect(failure(await t.gql(LOGIN, { email: shopper.email, password: shopper.password })).code).toBe("UNAUTHENTICATED");

    const [notice] = await sentEmails();
    expect(recipientOf(notice)).toBe(shopper.email);
    expect(notice.subject).toBe("Your Verdant password was changed");
    expect(textOf(notice)).toContain("Every other device that was signed in to your account has been signed out.");
    expect(linkIn(notice, "Reset your password")).toBe(`${SHOP_URL}/forgot-password`);

    // Used once: never again.
    const again = failure(await t.gql(RESET, { token, password: "another-one-9", confirmation: "another-one-9" }));
    expect(again.code).toBe("BAD_USER_INPUT");
    expect(again.fields).toEqual({ token: ["This password reset link is invalid or has expired. Please ask for a new one."] });
    expect((await t.gql<{ passwordResetLinkValid: boolean }>(LINK_VALID, { token })).data!.passwordResetLinkValid).toBe(false);
    expect((await t.gql(LOGIN, { email: shopper.email, password: NEW_PASSWORD })).errors).toBeUndefined();
  });

  it("a link works for 30 minutes and not after", async () => {
    const shopper = await t.signUp();
    const token = tokenOf(await askForLink(shopper.email));
    const reset = await t.shop.prisma.passwordReset.findFirstOrThrow({ where: { userId: shopper.id } });
    expect(reset.expiresAt.getTime() - reset.createdAt.getTime()).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(reset.expiresAt.getTime() - reset.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    // Moving the link's times back is the same as that much time passing.
    const age = (minutes: number) =>
      t.shop.prisma.$executeRaw`UPDATE password_resets SET created_at = now() - make_interval(mins => ${minutes}), expires_at = now() - make_interval(mins => ${minutes}) + interval '30 minutes' WHERE id = ${reset.id}::uuid`;
    await age(29);
    expect((await t.gql<{ passwordResetLinkValid: boolean }>(LINK_VALID, { token })).data!.passwordResetLinkValid).toBe(true);
    await age(30);
    expect((await t.gql<{ passwordResetLinkValid: boolean }>(LINK_VALID, { token })).data!.passwordResetLinkValid).toBe(false);
    const late = failure(await t.gql(RESET, { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD }));
    expect(late.fields).toEqual({ token: ["This password reset link is invalid or has expired. Please ask for a new one."] });
    expect((await t.gql(LOGIN, { email: shopper.email, password: shopper.password })).errors).toBeUndefined();
  });

  it("the new password follows the sign-up rules and messages; a refused one leaves the link usable", async () => {
    const shopper = await t.signUp();
    const token = tokenOf(await askForLink(shopper.email));
    const weak = failure(await t.gql(RESET, { token, password: "short", confirmation: "other" }));
    expect(weak.code).toBe("BAD_USER_INPUT");
    expect(weak.fields).toEqual({
      password: ["The password must be at least 8 characters.", "The password must contain at least one letter and one number."],
      password_confirmation: ["The password confirmation does not match."],
    });
    expect((await t.gql(RESET, { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD })).errors).toBeUndefined();
  });

  it("changing the password, or the email, ends the links asked for before", async () => {
    const shopper = await t.signUp();
    const token = tokenOf(await askForLink(shopper.email));
    await t.shop.accounts.updatePassword((await t.shop.tokens.verify(shopper.token))!, {
      oldPassword: shopper.password,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    const [notice] = await sentEmails();
    expect(notice.subject).toBe("Your Verdant password was changed");
    expect(recipientOf(notice)).toBe(shopper.email);
    expect((await t.gql<{ passwordResetLinkValid: boolean }>(LINK_VALID, { token })).data!.passwordResetLinkValid).toBe(false);

    const second = tokenOf(await askForLink(shopper.email));
    await t.shop.accounts.updateAccount((await t.shop.tokens.verify(shopper.token))!, {
      name: "Moved",
      email: `moved-${Date.now()}@example.com`,
      currentPassword: NEW_PASSWORD,
    });
    expect((await t.gql<{ passwordResetLinkValid: boolean }>(LINK_VALID, { token: second })).data!.passwordResetLinkValid).toBe(false);
  });

  it("asking for links is throttled like sign-in, for known and unknown addresses alike", async () => {
    const shopper = await t.signUp();
    const unknown = `ghost-${Date.now()}@example.com`;
    for (const email of [shopper.email, unknown]) {
      for (let attempt = 1; attempt <= 5; attempt += 1) expect((await t.gql(REQUEST_RESET, { email })).errors).toBeUndefined();
      const refused = failure(await t.gql(REQUEST_RESET, { email }));
      expect(refused.code).toBe("TOO_MANY_REQUESTS");
      expect(refused.message).toMatch(/^Too many password reset requests\. Please wait \d+ minutes? and try again\.$/);
    }
    await sentEmails();
  });
});

describe("the admin's user screen lists the emails sent to the user", () => {
  it("shows subject, time and delivery state, newest first; only admins see them", async () => {
    const admin = await t.signUp({ role: "admin" });
    const shopper = await t.signUp();
    await t.gql(REQUEST_RESET, { email: shopper.email });
    await sentEmails();
    await t.shop.accounts.updatePassword((await t.shop.tokens.verify(shopper.token))!, { oldPassword: shopper.password, password: "new-leaf-42", passwordConfirmation: "new-leaf-42" });
    await sentEmails();
    const { nodes, totalCount } = (await t.gql<{ user: { emails: { nodes: any[]; totalCount: number } } }>(USER_EMAILS, { id: shopper.id }, admin.token)).data!.user.emails;
    expect(totalCount).toBe(2);
    expect(nodes).toEqual([
      expect.objectContaining({ kind: "password-changed", subject: "Your Verdant password was changed", recipient: shopper.email, state: "SENT", attempts: 1, lastError: null }),
      expect.objectContaining({ kind: "password-reset", subject: "Reset your Verdant password", recipient: shopper.email, state: "SENT", attempts: 1, lastError: null }),
    ]);
    for (const entry of nodes) expect(new Date(entry.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(entry.createdAt).getTime());
    expect(failure(await t.gql(USER_EMAILS, { id: shopper.id }, shopper.token)).code).toBe("FORBIDDEN");
  });

  it("a mail server's temporary refusal (451) shows as pending with its reason, and the retry sends the email", async () => {
    const admin = await t.signUp({ role: "admin" });
    const shopper = await t.signUp();
    const listed = async () => (await t.gql<{ user: { emails: { nodes: any[] } } }>(USER_EMAILS, { id: shopper.id }, admin.token)).data!.user.emails.nodes;
    // Retries a minute apart, so the refusal can be seen before the retry.
    await runOutbox(deliverer, 60_000);
    mail.refuseNext(1, 451);
    await t.gql(REQUEST_RESET, { email: shopper.email });
    // The attempt is counted when the message is claimed, before the mail server has answered: wait for its answer.
    await expect.poll(async () => (await listed())[0]?.lastError ?? "", { timeout: 15_000 }).toMatch(/451/);
    await runner!.idle();
    const [waiting] = await listed();
    expect(waiting).toMatchObject({ state: "PENDING", attempts: 1, sentAt: null });
    expect(waiting.lastError).toMatch(/451 Mailbox busy, try again later/);

    // The retry comes due: the same message is sent, once.
    await runOutbox(deliverer);
    await t.db.prisma.outboxMessage.updateMany({ where: { userId: shopper.id }, data: { availableAt: new Date() } });
    runner!.wake();
    const [received, ...more] = await sentEmails();
    expect(more).toEqual([]);
    expect(recipientOf(received)).toBe(shopper.email);
    expect((await listed())[0]).toMatchObject({ state: "SENT", attempts: 2, lastError: null });
  });

  it("a permanent refusal (550) is not retried: the email shows as failed with the server's answer", async () => {
    const shopper = await t.signUp();
    mail.refuseNext(1, 550);
    await t.gql(REQUEST_RESET, { email: shopper.email });
    expect(await sentEmails()).toEqual([]);
    const [message] = await outboxOf(shopper.id);
    expect(message).toMatchObject({ state: "failed", attempts: 1, lastStatus: 550 });
    expect(message.lastError).toMatch(/550 No such mailbox here/);
  });

  it("with email turned off, emails are recorded as not sent and never reach a mail server", async () => {
    const off = createMailTransport({ enabled: false, smtpUrl: undefined, from: FROM }, null);
    await runOutbox(createEmailDeliverer({ emails: t.shop.emails, transport: off, shopUrl: () => SHOP_URL }));
    const shopper = await t.signUp();
    await t.gql(REQUEST_RESET, { email: shopper.email });
    expect(await sentEmails()).toEqual([]);
    expect(await outboxOf(shopper.id)).toEqual([
      expect.objectContaining({ state: "failed", lastError: "Not sent: email is turned off (EMAIL_ENABLED=false)." }),
    ]);
  });
});
