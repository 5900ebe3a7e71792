/**
 * CPU time a process has used (user + system, from /proc/<pid>/stat; Linux only). On a shared
 * machine a server's throughput moves with everyone else's load, but the CPU it spends per request
 * hardly does: `cpuMsPerRequest` is the steadier figure for comparing two versions of the code.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Milliseconds of CPU the process has used so far. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, so it is skipped by its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Runs `load` and returns its result with the CPU milliseconds each of `pids` used meanwhile. */
export async function measuringCpu<T>(pids: number[], load: () => Promise<T>): Promise<{ result: T; cpuMs: number[] }> {
  const before = pids.map(cpuMs);
  const result = await load();
  return { result, cpuMs: pids.map((pid, i) => cpuMs(pid) - before[i]!) };
}

/** CPU milliseconds per request, to two decimals. */
export const perRequest = (ms: number, requests: number): number => Math.round((ms / Math.max(1, requests)) * 100) / 100;
