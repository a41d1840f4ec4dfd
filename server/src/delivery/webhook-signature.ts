// Standard Webhooks signatures (https://www.standardwebhooks.com, the spec's "Signature scheme"):
//   webhook-id:        the message id (our event id), the same on every retry;
//   webhook-timestamp: seconds since the epoch when this attempt was made;
//   webhook-signature: "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>", keyed with the base64
//                      bytes after the secret's "whsec_" prefix; several signatures are space-separated
//                      (after a secret rotation both the new and the old secret sign for a while).
// Receivers verify with any Standard Webhooks library (e.g. the `standardwebhooks` npm package, as the
// tests and the README do) or these same few lines.
import crypto from "node:crypto";

export const SECRET_PREFIX = "whsec_";

/** The key bytes of a whsec_ secret. */
const keyOf = (secret: string) => Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");

/** One signature ("v1,<base64>") of a message with one secret. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = crypto.createHmac("sha256", keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

/** The three Standard Webhooks headers of one attempt, signed with every secret given (new one first). */
export function signedHeaders(secrets: string[], id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => signature(secret, id, timestamp, body)).join(" "),
  };
}
