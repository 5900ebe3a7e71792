/** What /proc (Linux) says of processes: parent, CPU time, resident memory, and the processes under one. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface ProcessStat {
  pid: number;
  parent: number;
  cpuMs: number;
  /** pid and start time: a pid the system gives again later is another process. */
  key: string;
}

/** A file of /proc/<pid>, or '' once the process is gone. */
function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

function readStat(pid: number): ProcessStat | undefined {
  const stat = readProc(pid, 'stat');
  if (!stat) return undefined;
  // The command name may hold spaces: the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, parent: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND, key: `${pid}@${fields[19]}` };
}

export function allStats(): ProcessStat[] {
  return readdirSync('/proc').flatMap((name) => (/^\d+$/.test(name) ? (readStat(Number(name)) ?? []) : []));
}

/** `root` and every process under it, as the process table stands now. */
export function processTree(root: number, stats: ProcessStat[] = allStats()): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const stat of stats) if (stat.parent === tree[i]) tree.push(stat.pid);
  return tree;
}

/** Resident memory of some processes together, in MB (0 for one that is gone). */
export function rssMb(pids: number[]): number {
  return pids.reduce((kb, pid) => kb + Number(/VmRSS:\s+(\d+) kB/.exec(readProc(pid, 'status'))?.[1] ?? 0), 0) / 1024;
}
