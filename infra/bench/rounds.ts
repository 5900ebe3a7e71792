/**
 * A benchmark's run: its options, the machine and its load printed around it, and interleaved
 * rounds: every subject (its baseline and what is measured beside it) runs once per round, in turn,
 * who goes first alternating, so that a change in the machine's load hits both alike. Each round is
 * printed as it ends, with the load average; then min / median / max per subject and figure, and the
 * goals against the medians.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';

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

/** The 1, 5 and 15 minute load averages: figures taken above the core count are not a quiet machine's. */
const describeLoad = () => `load average ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} (${os.availableParallelism()} cores)`;

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

/** One client's calls of `op`, each when the last has ended and `everyMs` after it began, until `done` says so of their ms. */
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

/** `op` from `workers` closed loops at once until `ms` have passed: every call's milliseconds, and the calls per second. */
export async function closedLoop(workers: number, ms: number, op: (worker: number) => Promise<void>): Promise<{ samples: number[]; perSecond: number }> {
  const started = performance.now();
  const loops = Array.from({ length: workers }, (_, worker) => paced(0, () => performance.now() - started >= ms, () => op(worker)));
  const samples = (await Promise.all(loops)).flat();
  return { samples, perSecond: (samples.length / (performance.now() - started)) * 1000 };
}

/** The command line, printed: `--name value` for each of `defaults` ('' for none) and `--rounds` (3 unless given there). */
export function options<T extends Record<string, string>>(defaults: T, allowPositionals = false): { values: T & { rounds: string }; positionals: string[] } {
  const all: Record<string, string> = { rounds: '3', ...defaults };
  const spec = Object.fromEntries(Object.entries(all).map(([name, value]) => [name, { type: 'string' as const, default: value }]));
  const { values, positionals } = parseArgs({ options: spec, allowPositionals });
  console.log(`options: ${Object.entries(values).map(([name, value]) => `--${name} ${value}`).join(' ')}`);
  return { values: values as T & { rounds: string }, positionals };
}

/** What a benchmark hands over to be undone when it ends, however it ends (the last first). */
export type Defer = (undo: () => unknown) => void;

/**
 * Runs a benchmark: the machine and its load before and after, `plan`'s subjects in `rounds`
 * interleaved rounds and the summary with its goals, what it deferred undone; exit code 1 on failure.
 */
export function runBenchmark(rounds: string, plan: (defer: Defer) => Promise<{ subjects: Subject[]; goals: Goal[] }>): void {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(`machine: ${cpu}, ${os.availableParallelism()} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`);
  console.log(`before: ${describeLoad()}`);
  const undos: Array<() => unknown> = [];
  const undoAll = async () => {
    for (const undo of undos.reverse()) await Promise.resolve().then(undo).catch((error: unknown) => (console.error(error), (process.exitCode = 1)));
  };
  plan((undo) => void undos.push(undo))
    .then(async ({ subjects, goals }) => printSummary(await interleave(subjects, Number(rounds)), goals))
    .finally(undoAll)
    .then(() => {
      console.log(`after: ${describeLoad()}`);
      process.exit(process.exitCode ?? 0); // sockets and pools of the run end with it
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
