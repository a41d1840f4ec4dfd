// The two roundings money needs, in whole cents and exact: a fraction of an amount rounded half up (a
// percentage off, a tax), and an amount shared out in proportion so that the shares add up exactly to it
// (largest remainder). Products that could pass 2^53 are worked out with BigInt, so no double ever rounds.
import type { Cents } from "../shared/index.js";

const SAFE = Number.MAX_SAFE_INTEGER;

/** a * b / d rounded half up (0.5 cent goes up), for whole a, b >= 0 and d > 0. */
export function mulDivRoundHalfUp(a: number, b: number, d: number): number {
  if (a * b <= SAFE / 2 && d <= SAFE / 4) return Math.floor((2 * a * b + d) / (2 * d));
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d)));
}

/** a * b / d rounded down, with the remainder (a * b mod d), for whole a, b >= 0 and d > 0. */
function mulDivFloor(a: number, b: number, d: number): { quotient: number; remainder: number } {
  if (a * b <= SAFE) {
    const product = a * b;
    return { quotient: Math.floor(product / d), remainder: product % d };
  }
  const product = BigInt(a) * BigInt(b);
  return { quotient: Number(product / BigInt(d)), remainder: Number(product % BigInt(d)) };
}

/**
 * Shares `amount` among `weights` in proportion, in whole cents that add up exactly to `amount`: each share
 * is its exact part rounded down, and the cents left over go one each to the largest remainders (on a tie,
 * the smaller tie key: callers pass something of the line itself, such as its variant's id, so the shares do
 * not depend on the order lines come in; by default the earlier weight). When amount <= the sum of the
 * weights no share exceeds its weight. Weights of 0 get 0.
 */
export function shareByLargestRemainder(amount: Cents, weights: readonly Cents[], tieKeys?: readonly number[]): Cents[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const parts = weights.map((weight) => mulDivFloor(amount, weight, total));
  let left = amount - parts.reduce((sum, part) => sum + part.quotient, 0);
  const shares = parts.map((part) => part.quotient);
  const order = parts.map((part, index) => ({ index, remainder: part.remainder })).sort((x, y) => y.remainder - x.remainder || (tieKeys ? tieKeys[x.index] - tieKeys[y.index] : 0) || x.index - y.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}
