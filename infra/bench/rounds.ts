/**
 * Interleaved rounds: every subject of a benchmark (its baseline and what is measured beside it)
 * runs once per round, in turn, who goes first alternating, so that a change in the machine's load
 * hits both alike. Each round is printed as it ends, with the load average; then min / median / max
 * per subject and figure, and the goals against the medians.
 */
import { describeLoad } from './machine';

export type Figures = Record<string, number>;

export interface Subject {
  label: string;
  run(round: number): Promise<Figures>;
}

/** results.get(subject)!.get(figure) = one value per round. */
export type Results = Map<string, Map<string, number[]>>;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The value below which `p` percent of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** p50, p95 and p99 of some latencies, named after `what` if given (e.g. 'cycle p99 ms'). */
export function latencies(what: string, samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const name = (p: number) => `${what ? `${what} ` : ''}p${p} ms`;
  return Object.fromEntries([50, 95, 99].map((p) => [name(p), percentile(sorted, p)]));
}

const show = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en') : String(Math.round(n * 100) / 100));

export async function interleave(subjects: Subject[], rounds: number): Promise<Results> {
  const results: Results = new Map(subjects.map((s) => [s.label, new Map<string, number[]>()]));
  for (let round = 1; round <= rounds; round++) {
    for (const subject of round % 2 ? subjects : [...subjects].reverse()) {
      const figures = await subject.run(round);
      const mine = results.get(subject.label)!;
      for (const [name, value] of Object.entries(figures)) mine.set(name, [...(mine.get(name) ?? []), value]);
      const line = Object.entries(figures).map(([name, value]) => `${name} ${show(value)}`);
      console.log(`  round ${round} ${subject.label}: ${line.join(', ')}   [${describeLoad()}]`);
    }
  }
  return results;
}

/** subject / baseline of one figure, the median over the rounds of each round's pair. */
export function medianRatio(results: Results, subject: string, baseline: string, figure: string): number {
  const a = results.get(subject)?.get(figure) ?? [];
  const b = results.get(baseline)?.get(figure) ?? [];
  return median(a.map((value, i) => value / Math.max(1e-9, b[i] ?? 0)));
}

export interface Goal {
  subject: string;
  figure: string;
  atLeast?: number;
  atMost?: number;
  /** The median of the rounds' ratios subject / this subject's same figure, instead of the figure itself. */
  ratioTo?: string;
}

/** min / median / max of every figure per subject, then each goal against its median; true when all are met. */
export function printSummary(results: Results, goals: Goal[] = []): boolean {
  console.log('summary (min / median / max over the rounds):');
  for (const [label, figures] of results) {
    for (const [name, values] of figures) {
      console.log(`  ${label.padEnd(46)} ${name.padEnd(24)} ${show(Math.min(...values))} / ${show(median(values))} / ${show(Math.max(...values))}`);
    }
  }
  let allMet = true;
  for (const goal of goals) {
    const value = goal.ratioTo ? medianRatio(results, goal.subject, goal.ratioTo, goal.figure) : median(results.get(goal.subject)?.get(goal.figure) ?? []);
    const met = (goal.atLeast === undefined || value >= goal.atLeast) && (goal.atMost === undefined || value <= goal.atMost);
    const bound = goal.atLeast !== undefined ? `>= ${goal.atLeast}` : `<= ${goal.atMost}`;
    const what = goal.ratioTo ? `${goal.figure} ratio to ${goal.ratioTo}` : goal.figure;
    console.log(`goal: ${goal.subject}, ${what} ${bound}: median ${show(value)}, ${met ? 'met' : 'MISSED'}`);
    allMet &&= met;
  }
  return allMet;
}

/**
 * One client's calls of `op`, each when the last has ended and at least `everyMs` after it began,
 * until `done` (given the milliseconds of every call so far): those milliseconds.
 */
export async function paced(everyMs: number, done: (samples: number[]) => boolean, op: (n: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 0; !done(samples); n++) {
    const sent = performance.now();
    await op(n);
    samples.push(performance.now() - sent);
    // A timer counts from the event loop's clock, which may lag: it can fire early.
    while (performance.now() < sent + everyMs) await new Promise((resolve) => setTimeout(resolve, sent + everyMs - performance.now()));
  }
  return samples;
}

/**
 * Calls `op` from `workers` loops at once, each starting its next call when its last has ended,
 * until `ms` have passed: every call's milliseconds, and the calls per second.
 */
export async function closedLoop(workers: number, ms: number, op: (worker: number) => Promise<void>): Promise<{ samples: number[]; perSecond: number }> {
  const started = performance.now();
  const loops = Array.from({ length: workers }, (_, worker) => paced(0, () => performance.now() - started >= ms, () => op(worker)));
  const samples = (await Promise.all(loops)).flat();
  return { samples, perSecond: (samples.length / (performance.now() - started)) * 1000 };
}
