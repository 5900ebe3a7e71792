/**
 * CPU time spent by processes during a measurement: the app's processes (by pid) and the PostgreSQL
 * backends serving its database, read from /proc (Linux; the PostgreSQL server runs on this machine).
 * On a shared machine, CPU milliseconds per operation move far less with the load than throughput
 * does: they say what one operation costs, not how long it waited for a core.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ). */
export const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime of a process in ms, or undefined when it is gone (or not on Linux). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Runs `load` and returns its result with the CPU milliseconds each of `pids` used meanwhile. */
export async function measuringCpu<T>(pids: number[], load: () => Promise<T>): Promise<{ result: T; cpuMs: number[] }> {
  const before = pids.map((pid) => processCpuMs(pid) ?? 0);
  const result = await load();
  return { result, cpuMs: pids.map((pid, i) => (processCpuMs(pid) ?? 0) - before[i]!) };
}

/** CPU milliseconds per request, to two decimals. */
export const perRequest = (ms: number, requests: number): number => Math.round((ms / Math.max(1, requests)) * 100) / 100;

/** The pids of the PostgreSQL backends connected to the database `db` is on (but the one asking). */
export async function backendPids(db: pg.Pool): Promise<number[]> {
  const result = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return result.rows.map((row) => row.pid);
}

export interface CpuSnapshot {
  apps: Map<number, number>;
  backends: Map<number, number>;
}

/** The app processes' CPU time now and, given its database's pool, its backends' (none without). */
export async function cpuSnapshot(appPids: number[], db: pg.Pool | undefined): Promise<CpuSnapshot> {
  const read = (pids: number[]) => new Map(pids.flatMap((pid) => (processCpuMs(pid) === undefined ? [] : [[pid, processCpuMs(pid)!] as [number, number]])));
  return { apps: read(appPids), backends: read(db ? await backendPids(db) : []) };
}

/** CPU ms spent between two snapshots: each app process (in pid order given) and all backends together (a backend that started meanwhile counts from 0). */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot, appPids: number[]): { apps: number[]; postgres: number } {
  const apps = appPids.map((pid) => (after.apps.get(pid) ?? 0) - (before.apps.get(pid) ?? 0));
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  return { apps, postgres };
}
