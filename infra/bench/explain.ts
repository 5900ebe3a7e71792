/** EXPLAIN ANALYZE of the app's own statements, on the database a benchmark filled. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@pog/common/server';

export interface ExplainSummary {
  ms: number;
  /** The indexes the plan read. */
  indexes: string[];
  /** Whether any table was read whole (a Seq Scan). */
  seqScan: boolean;
  plan: string;
}

export async function explain(database: { db: Db }, statement: SQLWrapper): Promise<ExplainSummary> {
  const result = (await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`)) as unknown as { rows: Array<Record<string, string>> };
  const lines = result.rows.map((row) => Object.values(row)[0]!);
  const plan = lines.join('\n');
  const time = /Execution Time: ([\d.]+) ms/.exec(plan);
  const indexes = [...new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1]!))];
  return { ms: time ? Number(time[1]) : NaN, indexes, seqScan: /Seq Scan/.test(plan), plan };
}

export function describeExplain(label: string, summary: ExplainSummary): string {
  return `  ${label.padEnd(34)} ${summary.ms.toFixed(2).padStart(8)} ms  ${summary.seqScan ? 'SEQ SCAN, ' : ''}indexes: ${summary.indexes.join(', ') || 'none'}`;
}

/** The steps of one request explained, as one: times added, every index, any sequential scan. */
export function combineExplains(steps: ExplainSummary[]): ExplainSummary {
  return {
    ms: steps.reduce((sum, step) => sum + step.ms, 0),
    seqScan: steps.some((step) => step.seqScan),
    indexes: [...new Set(steps.flatMap((step) => step.indexes))],
    plan: steps.map((step) => step.plan).join('\n'),
  };
}
