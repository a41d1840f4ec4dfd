// The webhook deliverer: sends one outbox message of the "webhook" channel to its endpoint as a signed
// POST (Standard Webhooks), and reports each outcome to the endpoint's health. Retries (by the outbox runner) on timeouts,
// 5xx, 408, 429 and connection errors; any other answer is final for that message ('Send again' is in the
// back office). The endpoint's health (a day of failures turns it off, and the back office says so) is the
// integrations room's: this file only sends.
//
// Safety: the URL is checked again at every attempt, on the very addresses the connection uses (a DNS
// answer that changed since registration cannot point it at the shop's own network); redirects are not
// followed; an attempt has a few seconds; only the first characters of the answer are kept.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { GraphQLSchema } from "graphql";
import type { PrismaClient } from "../generated/prisma/client.js";
import { RESPONSE_EXCERPT_LENGTH, type OutboxMessageView, type OutboxState } from "../domain/messaging/index.js";
import {
  checkedLookup,
  deliveryTarget,
  ENDPOINT_GONE,
  ENDPOINT_OFF,
  noteDelivered,
  noteFailure,
  resolveSafely,
  UnsafeAddressError,
  WEBHOOK_CHANNEL,
  type WebhookEvent,
  type WebhookMessage,
  type WebhookSafety,
} from "../domain/integrations/index.js";
import type { ImageService } from "../domain/images/index.js";
import type { Deliverer, DeliveryOutcome, OutboxLogger } from "./outbox-runner.js";
import { pictureRefsOf, webhookBody, type PictureUrls } from "./webhook-body.js";
import { signedHeaders } from "./webhook-signature.js";

export { WEBHOOK_CHANNEL };

export interface WebhookDelivererOptions {
  prisma: PrismaClient;
  /** The shop's GraphQL schema: bodies show objects as the API does. */
  schema: GraphQLSchema;
  safety: WebhookSafety;
  /** How long one attempt may take, connection included (WEBHOOK_TIMEOUT_SECONDS; 5 s by default). */
  timeoutMs?: number;
  /** How long an endpoint may fail before it is turned off (a day by default). */
  disableAfterMs?: number;
  logger?: OutboxLogger;
  /** The shop's pictures: bodies carry a product's picture URLs as the API shows them, not the stored refs. */
  images?: Pick<ImageService, "records" | "picture">;
}

/** The receiver's Retry-After is honoured up to this long; beyond it, the usual backoff applies. */
const MAX_RETRY_AFTER_MS = 3600_000;
const DAY_MS = 24 * 3600_000;

interface Answer {
  status: number;
  excerpt: string;
  retryAfter: string | undefined;
}

/** One POST, to addresses checked as the connection is made; answers the status and the body's first characters. */
function post(url: URL, body: string, headers: Record<string, string>, safety: WebhookSafety, agents: { http: http.Agent; https: https.Agent }, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(url, {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      lookup: checkedLookup(safety),
      signal,
      headers: {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "Verdant-Webhooks/1.0",
        ...headers,
      },
    });
    request.once("error", reject);
    request.once("response", (response) => {
      let excerpt = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (excerpt.length < RESPONSE_EXCERPT_LENGTH) excerpt += chunk.slice(0, RESPONSE_EXCERPT_LENGTH - excerpt.length);
        // The rest of a long answer is not wanted: stop reading it.
        else response.destroy();
      });
      const done = () => resolve({ status: response.statusCode ?? 0, excerpt, retryAfter: response.headers["retry-after"] });
      response.once("end", done);
      response.once("close", done);
      response.once("error", done);
    });
    request.end(body);
  });
}

/** Retry-After as milliseconds (seconds or an HTTP date), when usable. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 && ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

/** What an attempt's answer means for the message. */
function outcomeOf(answer: Answer): DeliveryOutcome {
  const { status, excerpt: response } = answer;
  if (status >= 200 && status < 300) return { result: "delivered", status, response };
  if (status >= 500 || status === 408 || status === 429) {
    return { result: "retry", status, response, error: `The receiver answered ${status}.`, retryAfterMs: retryAfterMs(answer.retryAfter) };
  }
  return { result: "failed", status, response, error: `The receiver answered ${status}; not retried (use 'Send again' once it is fixed).` };
}

/** Words for a failed connection that the back office can show. */
function connectionError(error: unknown, timeoutMs: number): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (error instanceof UnsafeAddressError) return error.message;
  if ((error as Error)?.name === "AbortError" || code === "ABORT_ERR") return `No answer within ${timeoutMs / 1000} s.`;
  if (code === "ECONNREFUSED") return "The connection was refused.";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The host name could not be found.";
  if (code === "ECONNRESET" || code === "EPIPE") return "The connection was closed before an answer came.";
  if (typeof code === "string" && /CERT|SSL|TLS/.test(code)) return `The receiver's TLS certificate was refused (${code}).`;
  return (error as Error)?.message || "The delivery failed.";
}

export function createWebhookDeliverer(options: WebhookDelivererOptions): Deliverer {
  const { prisma, schema, safety } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const disableAfterMs = options.disableAfterMs ?? DAY_MS;
  // Kept-alive connections to receivers; each new connection's addresses are checked by the lookup.
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 16 }), https: new https.Agent({ keepAlive: true, maxSockets: 16 }) };

  /** Each picture the event shows, ref -> the URL the API gives (a JPEG rendition about 640 px wide). */
  async function pictureUrls(event: WebhookEvent): Promise<PictureUrls> {
    const refs = pictureRefsOf(event);
    if (!options.images || refs.length === 0) return new Map();
    const records = await options.images.records(refs);
    return new Map(refs.map((ref) => [ref, options.images!.picture(ref, records.get(ref) ?? null, "").url]));
  }

  return {
    attemptTimeoutMs: timeoutMs,
    concurrency: 16,
    // One endpoint (a slow one, say) holds at most this many of the process's attempts.
    laneConcurrency: 4,

    async deliver(message: OutboxMessageView, signal: AbortSignal): Promise<DeliveryOutcome> {
      const { endpointId, event } = message.payload as unknown as WebhookMessage;
      const target = await deliveryTarget(prisma, endpointId, event.type);
      if ("refused" in target) return { result: "failed", error: target.refused };
      const body = webhookBody(schema, event, await pictureUrls(event));
      const url = new URL(target.url);
      try {
        // An IP address in the URL is never looked up, so it is checked here; names are checked as they resolve.
        if (net.isIP(url.hostname.replace(/^\[|\]$/g, ""))) await resolveSafely(url.hostname, safety);
        return outcomeOf(await post(url, body, signedHeaders(target.secrets, event.id, body), safety, agents, signal));
      } catch (error) {
        return { result: "retry", error: connectionError(error, timeoutMs) };
      }
    },

    async afterAttempt(message: OutboxMessageView, outcome: DeliveryOutcome, state: OutboxState): Promise<void> {
      const { endpointId } = message.payload as unknown as WebhookMessage;
      if (outcome.result === "delivered") {
        await noteDelivered(prisma, endpointId);
        return;
      }
      if (outcome.error === ENDPOINT_GONE || outcome.error === ENDPOINT_OFF) return;
      // A message given up after its day of retries means the endpoint failed all that day.
      const gaveUp = outcome.result === "retry" && state === "failed";
      if (await noteFailure(prisma, endpointId, outcome.error, { gaveUp, disableAfterMs })) {
        options.logger?.warn({ endpointId }, "A webhook endpoint was turned off after failing for a day.");
      }
    },
  };
}
