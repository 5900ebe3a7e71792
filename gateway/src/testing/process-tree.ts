/** A process and what it started, from /proc (Linux), for tests that check nothing is left running. */
import { readFileSync } from 'node:fs';

/** Whether a process runs (a zombie, ended but not yet reaped, does not). */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (name) state ...": the name may hold spaces and parentheses.
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

/** A process and all its descendants now. */
export function descendants(pid: number): number[] {
  const children = (parent: number) => {
    try {
      return readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!));
  return all;
}
