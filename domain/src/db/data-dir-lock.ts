/**
 * One process per embedded database folder. PGlite has no server to arbitrate between processes:
 * two of them on one folder (a second `npm start`, or `set-role` while the app runs) corrupt it. So
 * whoever opens the folder first holds a lock file beside it, naming its pid, command and start
 * time; the next one is refused before it touches the data.
 *
 * Claiming is atomic: the holder's details are written to a file of our own, which is then hard-linked
 * to the lock's name (link fails if the name exists, so a reader never sees a half-written lock).
 * A lock whose process is gone is taken over under a second, short-lived lock (`.takeover`), which
 * re-checks that the lock still names the dead process before removing it; the fresh claim is again
 * a link, so two starters racing for a stale lock still end with exactly one holder.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export interface LockHolder {
  pid: number;
  /** The process's start time as the kernel counts it (Linux), so a reused pid is not mistaken for the holder. */
  started: string | null;
  host: string;
  command: string;
  since: string;
  /** Tells this claim apart from any earlier one by the same pid. */
  token: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Lets go of the lock (only if it is still ours). */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly file: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder ? `process ${holder.pid} (${holder.command}) on ${holder.host}, since ${holder.since}` : 'another process (its lock file cannot be read)';
    super(
      `The data folder is in use by ${who}. Only one process may open the embedded database at a time: ` +
        `stop that one first (or use DATABASE_URL for a PostgreSQL server). If you are sure nothing uses it, delete ${file}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A takeover lock older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000;

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), or null where there is no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder): boolean {
  // Another machine's process (a shared folder) cannot be checked from here: assume it lives.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTimeOf(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

function readHolder(file: string): LockHolder | null | 'missing' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as LockHolder;
    return typeof value.pid === 'number' && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

const sameClaim = (a: LockHolder | null | 'missing', b: LockHolder) => typeof a === 'object' && a !== null && a.token === b.token;

function removeIfExists(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Creates `file` holding `text` atomically, failing with EEXIST if it exists. */
function createExclusive(file: string, text: string): void {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, text, { flag: 'wx', mode: 0o644 });
  try {
    linkSync(draft, file);
  } finally {
    removeIfExists(draft);
  }
}

function tryCreate(file: string, text: string): boolean {
  try {
    createExclusive(file, text);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes the lock of a dead holder, if it still is that holder's; false when someone else got there first. */
function removeStale(file: string, dead: LockHolder): boolean {
  const takeover = `${file}.takeover`;
  if (!tryCreate(takeover, String(process.pid))) {
    const age = Date.now() - (statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) removeIfExists(takeover);
    return false;
  }
  try {
    // Nobody else can remove the lock while we hold the takeover lock, and nobody can replace it
    // without removing it first: if it still names the dead holder, it is safe to remove.
    if (!sameClaim(readHolder(file), dead)) return false;
    removeIfExists(file);
    return true;
  } finally {
    removeIfExists(takeover);
  }
}

/**
 * Claims the lock file `file` for this process, or throws DataDirLockedError naming the holder.
 * A lock left by a process that has died is taken over.
 */
export function acquireDataDirLock(file: string): DataDirLock {
  const holder: LockHolder = {
    pid: process.pid,
    started: startTimeOf(process.pid),
    host: hostname(),
    command: ['node', ...process.argv.slice(1).map((arg, i) => (i === 0 ? path.relative(process.cwd(), arg) || arg : arg))].join(' '),
    since: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  const text = JSON.stringify(holder, null, 2) + '\n';
  let current: LockHolder | null | 'missing' = 'missing';
  for (let attempt = 0; attempt < 40; attempt++) {
    if (tryCreate(file, text)) {
      let released = false;
      return {
        file,
        holder,
        release() {
          if (released) return;
          released = true;
          if (sameClaim(readHolder(file), holder)) removeIfExists(file);
        },
      };
    }
    current = readHolder(file);
    if (current === 'missing') continue; // released meanwhile: try again
    if (current === null) throw new DataDirLockedError(file, null);
    if (isAlive(current)) throw new DataDirLockedError(file, current);
    // Another starter may be taking the stale lock over: give it a moment, then look again.
    if (!removeStale(file, current)) sleepSync(25);
  }
  throw new DataDirLockedError(file, current === 'missing' ? null : current);
}
