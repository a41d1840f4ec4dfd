// An endpoint's side of webhook delivery: whom an event may go to and with which secrets, and the
// endpoint's health. An endpoint that keeps failing is turned off: once its deliveries have failed for a
// day (since its first failure with no success after it), or at once when a message is given up after its
// own day of retries. Any success clears the failing streak.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { TEST_EVENT, type WebhookEventType } from "./webhook-events.js";

export const ENDPOINT_GONE = "The endpoint was deleted.";
export const ENDPOINT_OFF = "The endpoint is turned off: turn it on to receive events.";

/** Where an event goes: the endpoint's URL and every secret that signs (the current one, and the previous one while it is still honoured). */
export interface DeliveryTarget {
  url: string;
  secrets: string[];
}

/** The endpoint an event is for, ready to send to; or why nothing is sent (it was deleted, or is off: only test events reach an endpoint that is off). */
export async function deliveryTarget(prisma: PrismaClient, endpointId: number, eventType: WebhookEventType | typeof TEST_EVENT): Promise<DeliveryTarget | { refused: string }> {
  const endpoint = await prisma.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint) return { refused: ENDPOINT_GONE };
  if (!endpoint.active && eventType !== TEST_EVENT) return { refused: ENDPOINT_OFF };
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > Date.now()) {
    secrets.push(endpoint.previousSecret);
  }
  return { url: endpoint.url, secrets };
}

/** A delivery succeeded: the endpoint is no longer failing. */
export async function noteDelivered(prisma: PrismaClient, endpointId: number): Promise<void> {
  await prisma.$executeRaw`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpointId} AND failing_since IS NOT NULL`;
}

/**
 * A delivery failed: the endpoint has been failing since its first failure; `disableAfterMs` of it, or a
 * message given up (`gaveUp`), turns it off with the last error as the reason. Answers whether it was turned off now.
 */
export async function noteFailure(prisma: PrismaClient, endpointId: number, error: string, options: { gaveUp: boolean; disableAfterMs: number }): Promise<boolean> {
  await prisma.$executeRaw`UPDATE webhook_endpoints SET failing_since = now() WHERE id = ${endpointId} AND failing_since IS NULL`;
  const reason = `Turned off by the shop: deliveries failed for a day. Last error: ${error}`.slice(0, 500);
  const turnedOff = await prisma.$queryRaw<{ id: number }[]>`
    UPDATE webhook_endpoints SET active = false, disabled_at = now(), disabled_reason = ${reason}, updated_at = now()
    WHERE id = ${endpointId} AND active AND (${options.gaveUp} OR failing_since <= now() - (${options.disableAfterMs}::double precision * interval '1 millisecond'))
    RETURNING id`;
  return turnedOff.length > 0;
}
