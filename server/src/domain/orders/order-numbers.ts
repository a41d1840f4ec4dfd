// Order numbers are for people (printed on invoices, read out on the phone); references come from the
// client (16 characters A-Z 0-9) and make placing an order safe to retry.
import crypto from "node:crypto";

// Crockford-style alphabet: no I, L, O or U, so a number read aloud cannot be misheard.
const ORDER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** e.g. ORD-261122-7K3Q9M: the day it was placed and six random characters. */
export function newOrderNumber(placedAt: Date = new Date()): string {
  const day = placedAt.toISOString().slice(2, 10).replaceAll("-", "");
  const bytes = crypto.randomBytes(6);
  const suffix = Array.from(bytes, (byte) => ORDER_ALPHABET[byte % ORDER_ALPHABET.length]).join("");
  return `ORD-${day}-${suffix}`;
}

export const REFERENCE_PATTERN = /^[A-Z0-9]{16}$/;

export const isValidReference = (value: unknown): value is string => typeof value === "string" && REFERENCE_PATTERN.test(value);

/** A reference like the client makes one; used by the seed for past orders. */
export function newReference(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from(crypto.randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join("");
}

const REFERENCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** An Idempotency-Key as HTTP clients make them (a UUID, a ULID...): visible ASCII, at most 255 characters. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The order reference an Idempotency-Key stands for, or null when the key is not usable. A key that is a
 * reference already (16 characters A-Z 0-9, what the shop's client makes) is that reference; any other key
 * becomes one by hashing, per account (two customers' clients may well pick the same key).
 */
export function referenceForIdempotencyKey(key: unknown, userId: number): string | null {
  if (isValidReference(key)) return key;
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key)) return null;
  const digest = crypto.createHash("sha256").update(`${userId}:${key}`).digest();
  return Array.from(digest.subarray(0, 16), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}
