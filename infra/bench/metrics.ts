/**
 * Reading a Prometheus histogram from the app's /metrics between two moments (e.g. the relay's lag,
 * pog_outbox_lag_seconds, over one round) and estimating its percentiles the way Prometheus's
 * histogram_quantile does: linear interpolation inside the bucket the rank falls in.
 */

/** Cumulative counts per upper bound (seconds; Infinity for +Inf), summed over all label sets. */
export type Buckets = Map<number, number>;

export async function scrapeHistogram(baseUrl: string, name: string): Promise<Buckets | undefined> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const buckets: Buckets = new Map();
  const pattern = new RegExp(`^${name}_bucket\\{(?:.*,)?le="([^"]+)"[^}]*\\} (\\S+)$`);
  for (const line of text.split('\n')) {
    const match = pattern.exec(line);
    if (!match) continue;
    const le = match[1] === '+Inf' ? Infinity : Number(match[1]);
    buckets.set(le, (buckets.get(le) ?? 0) + Number(match[2]));
  }
  return buckets.size ? buckets : undefined;
}

/** after - before, bucket by bucket (several processes' histograms can be added first with `sum`). */
export function difference(after: Buckets, before: Buckets | undefined): Buckets {
  return new Map([...after].map(([le, n]) => [le, n - (before?.get(le) ?? 0)]));
}

export function sum(list: Buckets[]): Buckets {
  const total: Buckets = new Map();
  for (const b of list) for (const [le, n] of b) total.set(le, (total.get(le) ?? 0) + n);
  return total;
}

/** The q-quantile (0..1) in seconds, interpolated within its bucket; NaN without observations. */
export function quantile(buckets: Buckets, q: number): number {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const count = buckets.get(Infinity) ?? 0;
  if (count === 0) return Number.NaN;
  const rank = q * count;
  let lower = 0;
  let below = 0;
  for (const le of bounds) {
    const cumulative = buckets.get(le)!;
    if (cumulative >= rank) {
      if (le === Infinity) return lower;
      return lower + (le - lower) * ((rank - below) / Math.max(1, cumulative - below));
    }
    lower = le;
    below = cumulative;
  }
  return lower;
}
