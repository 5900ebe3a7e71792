/**
 * Where PostgreSQL's time goes per operation, for a benchmark's database: statements from
 * pg_stat_statements (calls, execution and planning time, rows per operation), and transactions
 * committed per operation (pg_stat_database). Asked for with BENCH_PG_STATEMENTS=<how many statements
 * to list>; needs a server with pg_stat_statements preloaded (with pg_stat_statements.track = all,
 * the statements run inside functions and triggers are listed too, marked "nested"), e.g. a private
 * one named by BENCH_POSTGRES_URL:
 *
 *   initdb -D DIR -A trust -U postgres, then in DIR/postgresql.conf: port = 55432,
 *   shared_preload_libraries = 'pg_stat_statements', pg_stat_statements.track = all,
 *   pg_stat_statements.track_planning = on
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:55432 BENCH_PG_STATEMENTS=25 npx tsx infra/bench/battles.ts ...
 */
import type pg from 'pg';

interface Reading {
  commits: number;
}

export class StatementProfile {
  private start: Reading = { commits: 0 };
  private lastReport = '';

  private constructor(
    private readonly db: pg.Pool,
    private readonly top: number,
  ) {}

  /** A profile for the database `db` is on, or undefined when none was asked for or the server cannot give one. */
  static async open(db: pg.Pool): Promise<StatementProfile | undefined> {
    const top = Number(process.env.BENCH_PG_STATEMENTS ?? 0);
    if (!(top > 0)) return undefined;
    try {
      await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await db.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    } catch (error) {
      console.warn(`BENCH_PG_STATEMENTS: no statement profile (${(error as Error).message}); preload pg_stat_statements on the server`);
      return undefined;
    }
    return new StatementProfile(db, top);
  }

  private async commits(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0]?.n ?? 0);
  }

  /** Starts a measurement: this database's statement counters go back to 0. */
  async reset(): Promise<void> {
    await this.db.query('SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)');
    // pg_stat_database is read from a snapshot cached for the transaction: a fresh one per query here.
    await this.db.query('SELECT pg_stat_clear_snapshot()');
    this.start = { commits: await this.commits() };
  }

  /** Reads what ran since `reset()`, per operation (`ops` of them), and keeps it as the last report. */
  async read(label: string, ops: number, unit: string): Promise<void> {
    await this.db.query('SELECT pg_stat_clear_snapshot()');
    const commits = (await this.commits()) - this.start.commits;
    const { rows } = await this.db.query<{ query: string; toplevel: boolean; calls: string; exec: number; plan: number; rows: string }>(
      `SELECT query, toplevel, calls, total_exec_time AS exec, total_plan_time AS plan, rows
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_stat_database%' AND query NOT LIKE '%pg_stat_activity%'
       ORDER BY total_exec_time + total_plan_time DESC`,
    );
    const per = (n: number | string) => Number(n) / Math.max(1, ops);
    const top = rows.filter((r) => r.toplevel);
    const sum = (list: typeof rows, pick: (r: (typeof rows)[number]) => number) => list.reduce((a, r) => a + pick(r), 0);
    const lines = [
      `${label}: PostgreSQL per ${unit} (${ops} ${unit}s): ${per(commits).toFixed(2)} commits, ${per(sum(top, (r) => Number(r.calls))).toFixed(2)} top-level statements, ` +
        `${per(sum(top, (r) => r.exec)).toFixed(3)} ms executing + ${per(sum(top, (r) => r.plan)).toFixed(3)} ms planning (top-level, nested included)`,
      '   calls/op  exec ms/op  plan ms/op  rows/op  statement',
      ...rows.slice(0, this.top).map(
        (r) =>
          `   ${per(r.calls).toFixed(2).padStart(8)}  ${per(r.exec).toFixed(4).padStart(10)}  ${per(r.plan).toFixed(4).padStart(10)}  ${per(r.rows).toFixed(2).padStart(7)}  ` +
          `${r.toplevel ? '' : '(nested) '}${r.query.replace(/\s+/g, ' ').slice(0, 160)}`,
      ),
    ];
    this.lastReport = lines.join('\n');
  }

  print(): void {
    if (this.lastReport) console.log(this.lastReport);
  }
}
