import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockHolder } from './data-dir-lock';
import { scratchDir } from '../testing/scratch-dir';

const MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const lockFile = () => path.join(scratchDir('pog-lock-'), 'pglite.lock');

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

function plantLock(file: string, holder: Partial<LockHolder>): void {
  const full: LockHolder = { pid: 1, started: null, host: hostname(), command: 'node old.ts', since: '2020-01-01T00:00:00.000Z', token: 'planted', ...holder };
  writeFileSync(file, JSON.stringify(full));
}

/** A process that tries for the lock each time it is given a lock file (one path per line on stdin). */
interface Racer {
  /** Its next line of output. */
  line(): Promise<string>;
  /** Asks it to race for this lock file. */
  give(file: string): void;
  /** Resolves when it has exited 0 after its input ended. */
  end(): Promise<void>;
}

/**
 * `count` processes that race for a lock at the same instant, round after round: each, given a lock
 * file, says it is ready and polls for a "go" file; each holds the lock a while if it gets it, then
 * reports ("got" or "locked by <pid>"). The same racers serve every round: what is raced is the
 * lock, from separate processes at one instant, and starting a tsx process per racer and round was
 * most of this file's time.
 */
function startRacers(count: number): Racer[] {
  const script = `
    const { existsSync } = await import('node:fs');
    const { createInterface } = await import('node:readline');
    const { acquireDataDirLock, DataDirLockedError } = await import(${JSON.stringify(MODULE)});
    for await (const file of createInterface({ input: process.stdin })) {
      console.log('ready');
      while (!existsSync(file + '.go')) await new Promise((r) => setTimeout(r, 1));
      try {
        const lock = acquireDataDirLock(file);
        await new Promise((r) => setTimeout(r, 500));
        lock.release();
        console.log('got');
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        console.log('locked by ' + error.holder?.pid);
      }
    }`;
  return Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return {
      async line() {
        const next = await Promise.race([lines.next(), exited.then((code) => ({ done: true as const, value: `exited ${code}` }))]);
        if (next.done) throw new Error(`racer ended early: ${next.value}`);
        return next.value;
      },
      give: (file) => child.stdin.write(`${file}\n`),
      async end() {
        child.stdin.end();
        const code = await exited;
        if (code !== 0) throw new Error(`racer exited ${code}`);
      },
    };
  });
}

/** One round: every racer tries for the lock in `file` at the same instant. Resolves with their reports. */
async function race(racers: Racer[], file: string): Promise<string[]> {
  for (const racer of racers) racer.give(file);
  expect(await Promise.all(racers.map((r) => r.line()))).toEqual(racers.map(() => 'ready'));
  writeFileSync(`${file}.go`, '');
  return Promise.all(racers.map((r) => r.line()));
}

describe('data folder lock', () => {
  it('refuses a second holder, naming the first, until the first lets go', () => {
    const file = lockFile();
    const first = acquireDataDirLock(file);
    let refused: unknown;
    try {
      acquireDataDirLock(file);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    const { holder, message } = refused as DataDirLockedError;
    expect(holder).toMatchObject({ pid: process.pid, since: first.holder.since, command: first.holder.command });
    expect(message).toContain(`process ${process.pid} (${first.holder.command})`);
    expect(message).toContain(`since ${first.holder.since}`);
    first.release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file).release();
  });

  it('takes over a lock left by a process that has died', () => {
    const file = lockFile();
    plantLock(file, { pid: deadPid() });
    const lock = acquireDataDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, token: lock.holder.token });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (started at another time)', () => {
    const file = lockFile();
    plantLock(file, { pid: process.pid, started: '1' });
    acquireDataDirLock(file).release();
  });

  it('refuses a lock held on another machine, and an unreadable one', () => {
    const file = lockFile();
    plantLock(file, { pid: deadPid(), host: 'elsewhere.example' });
    expect(() => acquireDataDirLock(file)).toThrow(/on elsewhere\.example/);
    writeFileSync(file, 'not json');
    expect(() => acquireDataDirLock(file)).toThrow(/cannot be read/);
  });

  it('does not remove a lock it no longer holds', () => {
    const file = lockFile();
    const lock = acquireDataDirLock(file);
    plantLock(file, { pid: process.pid, started: null, token: 'someone-else' });
    lock.release();
    expect(existsSync(file)).toBe(true);
  });

  it('lets exactly one of several processes starting at once have it, also when they find a stale lock', async () => {
    const racers = startRacers(3);
    for (let round = 0; round < 4; round++) {
      const file = lockFile();
      if (round % 2 === 1) plantLock(file, { pid: deadPid() });
      const reports = await race(racers, file);
      expect(reports.filter((r) => r === 'got'), reports.join(', ')).toHaveLength(1);
      expect(reports.filter((r) => /^locked by \d+$/.test(r)), reports.join(', ')).toHaveLength(2);
      expect(existsSync(file)).toBe(false);
    }
    await Promise.all(racers.map((r) => r.end()));
  }, 60_000);
});
