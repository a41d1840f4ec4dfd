// The two roundings money needs, in whole cents and exact: a fraction of an amount rounded half up (a
// percentage off, a tax), and an amount shared out in proportion so that the shares add up exactly to it
// (largest remainder). Products of amounts are worked out in BigInt, so no double ever rounds (a quote makes a
// few dozen of these: microseconds).
import type { Cents } from "../shared/index.js";

/** a * b / d rounded half up (0.5 cent goes up), for whole a, b >= 0 and d > 0. */
export function mulDivRoundHalfUp(a: number, b: number, d: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d)));
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
  if (total === 0) return weights.map(() => 0);
  // Each exact part, amount x weight / total, as its whole cents and its remainder (in BigInt: the product
  // of two amounts may pass 2^53).
  const parts = weights.map((weight) => {
    const product = BigInt(amount) * BigInt(weight);
    return { quotient: Number(product / BigInt(total)), remainder: Number(product % BigInt(total)) };
  });
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
