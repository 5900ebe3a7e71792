/**
 * CPU seconds of a process and everything it starts, by kind of process, sampled from /proc (Linux).
 * Not the children's rusage: Chromium's helpers (renderers, the GPU process) are re-parented when
 * their launcher exits, so a parent's cutime never sees them. Here a process counts once it has been
 * seen under the root (by parent pid), and keeps counting if it is re-parented later. What a process
 * used after the last sample before it exited is lost (at most one interval), alike in every run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { TICKS_PER_SECOND } from './cpu-time';

/** The kind of one process, from its command line; e.g. 'chromium renderer', 'app', 'vitest'. */
export type Classify = (commandLine: string) => string;

/** Chromium's processes by --type, the browser tests' apps, vitest, and the rest under 'other'. */
export const classifyTestProcess: Classify = (commandLine) => {
  if (/chrom(e|ium)/.test(commandLine)) return `chromium ${/--type=([a-z-]+)/.exec(commandLine)?.[1] ?? 'browser'}`;
  if (/e2e-entry|\/app-[0-9a-f]+\//.test(commandLine)) return 'app';
  if (/vitest/.test(commandLine)) return 'vitest';
  return 'other';
};

interface Stat {
  parent: string;
  ticks: number;
  /** The pid and its start time: a pid used again by a later process is another process. */
  key: string;
}

function readStat(pid: string): Stat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]), key: `${pid}@${fields[19]}` };
  } catch {
    return undefined;
  }
}

function commandLine(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

export interface TreeSampler {
  /** CPU seconds by kind so far, and how many processes of each kind were seen. */
  totals(): Map<string, { seconds: number; processes: number }>;
  stop(): void;
}

/**
 * Samples the tree under `rootPid` (a process this one just started) every `intervalMs` until
 * stopped; all of a process's CPU time counts, since it started after sampling began.
 */
export function sampleTree(rootPid: number, classify: Classify = classifyTestProcess, intervalMs = 200): TreeSampler {
  /** By Stat.key: the process's kind and its CPU ticks at the last sample. */
  const seen = new Map<string, { kind: string; ticks: number }>();
  const sample = () => {
    const stats = new Map<string, Stat>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = readStat(pid);
      if (stat) stats.set(pid, stat);
    }
    const ours = (pid: string): boolean => {
      for (let at: string | undefined = pid, depth = 0; at && at !== '0' && depth < 64; at = stats.get(at)?.parent, depth++) {
        const stat = stats.get(at);
        if (at === String(rootPid) || (at !== pid && stat && seen.has(stat.key))) return true;
      }
      return false;
    };
    for (const [pid, stat] of stats) {
      const known = seen.get(stat.key);
      if (known) known.ticks = Math.max(known.ticks, stat.ticks);
      else if (ours(pid)) seen.set(stat.key, { kind: classify(commandLine(pid)), ticks: stat.ticks });
    }
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  return {
    totals() {
      const totals = new Map<string, { seconds: number; processes: number }>();
      for (const process of seen.values()) {
        const entry = totals.get(process.kind) ?? { seconds: 0, processes: 0 };
        entry.seconds += process.ticks / TICKS_PER_SECOND;
        entry.processes += 1;
        totals.set(process.kind, entry);
      }
      return totals;
    },
    stop() {
      sample();
      clearInterval(timer);
    },
  };
}
