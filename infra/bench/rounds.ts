/**
 * Interleaved rounds: every subject of a comparison (a baseline and what is measured against it)
 * runs once per round, in turn (A, B, A, B...), so that a change in the machine's load hits both
 * alike. Each round's figures are printed as they come, with the load average beside them; at the
 * end min / median / max per subject and figure, and the median of the per-round ratios.
 */
import { describeLoad } from './machine';

export type Figures = Record<string, number>;

export interface Subject {
  label: string;
  run(round: number): Promise<Figures>;
}

export interface RoundsResult {
  /** figures[label][figure] = one value per round. */
  figures: Map<string, Map<string, number[]>>;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const show = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en') : String(Math.round(n * 100) / 100));

export function formatFigures(figures: Figures): string {
  return Object.entries(figures)
    .map(([name, value]) => `${name} ${show(value)}`)
    .join(', ');
}

export async function interleave(subjects: Subject[], rounds: number): Promise<RoundsResult> {
  const figures = new Map(subjects.map((s) => [s.label, new Map<string, number[]>()]));
  for (let round = 1; round <= rounds; round++) {
    // Alternate who goes first, so neither side always runs right after the other's load.
    const order = round % 2 ? subjects : [...subjects].reverse();
    for (const subject of order) {
      const result = await subject.run(round);
      for (const [name, value] of Object.entries(result)) {
        const list = figures.get(subject.label)!.get(name) ?? [];
        list.push(value);
        figures.get(subject.label)!.set(name, list);
      }
      console.log(`  round ${round} ${subject.label}: ${formatFigures(result)}   [${describeLoad()}]`);
    }
  }
  return { figures };
}

/** min / median / max of every figure, per subject. */
export function printSummary(result: RoundsResult): void {
  console.log('summary (min / median / max over the rounds):');
  for (const [label, byName] of result.figures) {
    for (const [name, values] of byName) {
      console.log(`  ${label.padEnd(28)} ${name.padEnd(22)} ${show(Math.min(...values))} / ${show(median(values))} / ${show(Math.max(...values))}`);
    }
  }
}

/** Median over the rounds of subject / baseline for one figure (each round's pair taken together). */
export function medianRatio(result: RoundsResult, subject: string, baseline: string, figure: string): number {
  const a = result.figures.get(subject)?.get(figure) ?? [];
  const b = result.figures.get(baseline)?.get(figure) ?? [];
  return median(a.map((value, i) => value / Math.max(1e-9, b[i] ?? 0)));
}
