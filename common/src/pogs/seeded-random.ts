/**
 * Deterministic randomness for test corpora and simulations (never for anything a player can bet
 * on: battle rolls have their own HMAC scheme). The same seed always replays the same stream.
 */

/** mulberry32: a tiny seeded PRNG, good enough to make test corpora repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const randomInt = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** One of `items`, each as likely as its weight (weights need not add up to 1). */
export function pickWeighted<T>(random: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [item, weight] of items) {
    left -= weight;
    if (left < 0) return item;
  }
  return items[items.length - 1]![0];
}
