// The order reference is made in the client: 16 random characters from A-Z and 0-9.

export const ORDER_REFERENCE_LENGTH = 16;
export const ORDER_REFERENCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** Draws from crypto.getRandomValues, discarding bytes that would bias the alphabet (252 = 36 * 7). */
export function makeOrderReference(randomBytes: RandomBytes = cryptoRandom): string {
  const alphabetSize = ORDER_REFERENCE_ALPHABET.length;
  const unbiasedLimit = 256 - (256 % alphabetSize);
  let reference = "";
  while (reference.length < ORDER_REFERENCE_LENGTH) {
    for (const byte of randomBytes(new Uint8Array(ORDER_REFERENCE_LENGTH * 2))) {
      if (byte >= unbiasedLimit) continue;
      reference += ORDER_REFERENCE_ALPHABET[byte % alphabetSize];
      if (reference.length === ORDER_REFERENCE_LENGTH) break;
    }
  }
  return reference;
}

/** A whole reference: ORDER_REFERENCE_LENGTH characters, each one of A-Z and 0-9 (the alphabet above). */
export const ORDER_REFERENCE_PATTERN = new RegExp(`^[A-Z0-9]{${ORDER_REFERENCE_LENGTH}}$`);
export const isOrderReference = (value: string) => ORDER_REFERENCE_PATTERN.test(value);
