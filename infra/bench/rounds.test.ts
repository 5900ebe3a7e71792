import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedLoop, interleave, latencies, median, medianRatio, paced, percentile, printSummary } from './rounds';

describe('interleaved rounds', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the subjects in turn, alternating who goes first, and keeps each round apart', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const calls: string[] = [];
    const subject = (label: string, value: (round: number) => number) => ({
      label,
      run: async (round: number) => (calls.push(`${label}${round}`), { rps: value(round) }),
    });
    const results = await interleave([subject('A', (r) => 100 * r), subject('B', (r) => 50 * r)], 3);
    expect(calls).toEqual(['A1', 'B1', 'B2', 'A2', 'A3', 'B3']);
    expect(results.get('A')!.get('rps')).toEqual([100, 200, 300]);
    // Each round's pair is compared: B is half of A in every round, whatever the machine did.
    expect(medianRatio(results, 'B', 'A', 'rps')).toBe(0.5);
  });

  it('checks each goal against the median of its figure, or of its ratio to a baseline', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const results = await interleave(
      [
        { label: 'base', run: async (round: number) => ({ 'req/s': 1000 * round }) },
        { label: 'app', run: async (round: number) => ({ 'req/s': 900 * round, 'p95 ms': [10, 40, 20][round - 1]! }) },
      ],
      3,
    );
    expect(printSummary(results, [{ subject: 'app', figure: 'p95 ms', atMost: 20 }, { subject: 'app', figure: 'req/s', ratioTo: 'base', atLeast: 0.8 }])).toBe(true);
    expect(printSummary(results, [{ subject: 'app', figure: 'p95 ms', atMost: 19 }])).toBe(false);
    expect(lines.filter((line) => line.startsWith('goal:'))).toEqual([
      'goal: app, p95 ms <= 20: median 20, met',
      'goal: app, req/s ratio to base >= 0.8: median 0.9, met',
      'goal: app, p95 ms <= 19: median 20, MISSED',
    ]);
  });
});

describe('figures', () => {
  it('takes the median of odd and even counts, and percentiles by nearest rank', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99), percentile([7], 99)]).toEqual([50, 95, 99, 7]);
    expect(latencies('cycle', [5, 1, 3])).toEqual({ 'cycle p50 ms': 3, 'cycle p95 ms': 5, 'cycle p99 ms': 5 });
  });

  it('runs a closed loop from each worker until the time is up', async () => {
    const byWorker = [0, 0, 0];
    const { samples, perSecond } = await closedLoop(3, 200, async (worker) => {
      byWorker[worker]!++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(byWorker.every((calls) => calls >= 2)).toBe(true);
    expect(samples).toHaveLength(byWorker.reduce((a, b) => a + b, 0));
    expect(samples.every((ms) => ms >= 9)).toBe(true);
    expect(perSecond).toBeGreaterThan(0);
  });

  it('paces one client: a call when the last has ended and everyMs after it began, until done says so of the calls so far', async () => {
    let calls = 0;
    const started = performance.now();
    const samples = await paced(40, (soFar) => soFar.length >= 4, async () => void calls++);
    expect([samples.length, calls]).toEqual([4, 4]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * 40);
  });
});
