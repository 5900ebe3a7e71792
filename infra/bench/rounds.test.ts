import { describe, expect, it } from 'vitest';
import { difference, quantile, sum, type Buckets } from './metrics';
import { interleave, median, medianRatio } from './rounds';

describe('interleaved rounds', () => {
  it('runs the subjects in turn, alternating who goes first, and keeps each round apart', async () => {
    const calls: string[] = [];
    const subject = (label: string, value: (round: number) => number) => ({
      label,
      run: async (round: number) => (calls.push(`${label}${round}`), { rps: value(round) }),
    });
    const result = await interleave([subject('A', (r) => 100 * r), subject('B', (r) => 50 * r)], 3);
    expect(calls).toEqual(['A1', 'B1', 'B2', 'A2', 'A3', 'B3']);
    expect(result.figures.get('A')!.get('rps')).toEqual([100, 200, 300]);
    // Each round's pair is compared: B is half of A in every round, whatever the machine did.
    expect(medianRatio(result, 'B', 'A', 'rps')).toBe(0.5);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('histogram percentiles', () => {
  const histogram = (pairs: [number, number][]): Buckets => new Map(pairs);

  it('interpolates within the bucket the rank falls in, over the difference of two scrapes', () => {
    const before = histogram([[0.01, 10], [0.1, 10], [Infinity, 10]]);
    const after = histogram([[0.01, 60], [0.1, 110], [Infinity, 110]]);
    const round = difference(after, before); // 50 at <= 10 ms, 50 between 10 and 100 ms
    expect(quantile(round, 0.5)).toBeCloseTo(0.01);
    expect(quantile(round, 0.99)).toBeCloseTo(0.01 + 0.09 * (49 / 50));
    expect(quantile(histogram([[0.01, 0], [Infinity, 0]]), 0.5)).toBeNaN();
  });

  it('adds the processes of a cluster bucket by bucket', () => {
    expect(sum([histogram([[0.01, 1], [Infinity, 2]]), histogram([[0.01, 3], [Infinity, 3]])])).toEqual(histogram([[0.01, 4], [Infinity, 5]]));
  });
});
