// A small fake of the few Stripe endpoints the shop uses (Checkout Sessions, their expiry, refunds), with a
// hosted payment page of its own, so the Stripe provider is tested through the official SDK without the
// internet (the SDK's host/port/protocol point at it). It signs the events it sends with the SDK's
// generateTestHeaderString, as Stripe signs them. What it keeps is plain data the tests read.
// Behaviour copied from Stripe's: idempotency keys answer the first response again; a session expires only
// while open; a refund may not pass what was paid; events carry the session as data.object.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  expires_at: number;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
}

export interface FakeRefund {
  id: string;
  payment_intent: string;
  amount: number;
  status: "succeeded";
}

export interface FakeStripe {
  /** Where the SDK and the shopper's browser reach it, e.g. http://127.0.0.1:41234. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  refunds: FakeRefund[];
  /** Calls the shop made, as "POST /v1/checkout/sessions". */
  calls: string[];
  /** Where events are posted (the shop's /payments/stripe/webhook). */
  webhookUrl: string | null;
  /** While true every API call answers 500 (Stripe down). */
  down: boolean;
  /** The shopper pays: the session completes paid; its event is posted unless `deliver` is false (the shop never hears). */
  pay(sessionId: string, options?: { deliver?: boolean; amountTotal?: number }): Promise<number | null>;
  /** The session expires on Stripe's side (its time ran out), with its event unless `deliver` is false. */
  expire(sessionId: string, options?: { deliver?: boolean }): Promise<number | null>;
  /** Builds the event Stripe would send about a session. */
  eventFor(type: string, session: FakeSession): { id: string; body: string };
  /** Posts an event body to the shop, signed (or with `signature` as given); answers the HTTP status. */
  deliver(body: string, signature?: string): Promise<number>;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

export async function startFakeStripe(options: { webhookUrl?: string } = {}): Promise<FakeStripe> {
  const signer = new Stripe("sk_test_fake");
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const calls: string[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const fake: FakeStripe = {
    url: "",
    secretKey: "sk_test_fake_verdant",
    webhookSecret: `whsec_${crypto.randomBytes(16).toString("hex")}`,
    sessions,
    refunds,
    calls,
    webhookUrl: options.webhookUrl ?? null,
    down: false,
    async pay(sessionId, { deliver = true, amountTotal } = {}) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: randomId("pi"), amount_total: amountTotal ?? session.amount_total });
      return deliver ? fake.deliver(fake.eventFor("checkout.session.completed", session).body) : null;
    },
    async expire(sessionId, { deliver = true } = {}) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      session.status = "expired";
      return deliver ? fake.deliver(fake.eventFor("checkout.session.expired", session).body) : null;
    },
    eventFor(type, session) {
      const id = randomId("evt");
      return { id, body: JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: { ...session } } }) };
    },
    async deliver(body, signature) {
      if (!fake.webhookUrl) throw new Error("the fake has no webhook URL to post to");
      const header = signature ?? signer.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret });
      const response = await fetch(fake.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const stripeError = (status: number, message: string) => ({ status, body: { error: { type: "invalid_request_error", message } } });

  function handleApi(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = randomId("cs_test");
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `${fake.url}/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")) * Number(form.get("line_items[0][quantity]") ?? 1),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        payment_intent: null,
        expires_at: Number(form.get("expires_at") ?? Math.floor(Date.now() / 1000) + 86_400),
        metadata: Object.fromEntries([...form.entries()].filter(([key]) => key.startsWith("metadata[")).map(([key, value]) => [key.slice(9, -1), value])),
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]));
      if (!session) return stripeError(404, `No such checkout.session: '${sessionPath[1]}'`);
      if (method === "GET" && !sessionPath[2]) return { status: 200, body: session };
      if (method === "POST" && sessionPath[2]) {
        if (session.status !== "open") return stripeError(400, "Only Checkout Sessions with a status of open can be expired.");
        session.status = "expired";
        return { status: 200, body: session };
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = form.get("payment_intent") ?? "";
      const paid = [...sessions.values()].find((session) => session.payment_intent === paymentIntent && session.payment_status === "paid");
      if (!paid) return stripeError(404, `No such payment_intent: '${paymentIntent}'`);
      const amount = Number(form.get("amount") ?? paid.amount_total);
      const given = refunds.filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
      if (given + amount > paid.amount_total) return stripeError(400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid.amount_total - given) / 100).toFixed(2)})`);
      const refund: FakeRefund = { id: randomId("re"), payment_intent: paymentIntent, amount, status: "succeeded" };
      refunds.push(refund);
      return { status: 200, body: { ...refund, object: "refund", currency: paid.currency } };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  /** The hosted payment page: the order's total, a Pay button, and the way back to the shop. */
  async function handlePage(req: http.IncomingMessage, res: http.ServerResponse, sessionId: string): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { "content-type": "text/plain" }).end("No such payment page.");
      return;
    }
    if (req.method === "POST") {
      if (session.status === "open") await fake.pay(sessionId);
      res.writeHead(303, { location: session.status === "complete" ? session.success_url : session.cancel_url }).end();
      return;
    }
    const total = `$${(session.amount_total / 100).toFixed(2)}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${total} - Fake Stripe</title></head>
<body><main><h1>Pay ${total}</h1><p>${session.status === "open" ? "Test card 4242 4242 4242 4242" : `This payment page is ${session.status}.`}</p>
${session.status === "open" ? `<form method="post"><button type="submit">Pay ${total}</button></form>` : ""}
<p><a href="${session.cancel_url}">Back to the shop</a></p></main></body></html>`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://fake");
        const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
        if (page) return handlePage(req, res, decodeURIComponent(page[1]));
        calls.push(`${req.method} ${url.pathname}`);
        let answer: { status: number; body: unknown };
        const key = req.headers["idempotency-key"];
        if (fake.down) answer = { status: 500, body: { error: { type: "api_error", message: "Stripe is down (fake)." } } };
        else if (typeof key === "string" && idempotent.has(key)) answer = idempotent.get(key)!;
        else {
          answer = handleApi(req.method ?? "GET", url.pathname, new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
          if (typeof key === "string" && answer.status < 500) idempotent.set(key, answer);
        }
        res.writeHead(answer.status, { "content-type": "application/json", "request-id": randomId("req") }).end(JSON.stringify(answer.body));
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
