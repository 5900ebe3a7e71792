import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockHolder } from './data-dir-lock';

const MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const lockFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'pog-lock-')), 'pglite.lock');

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

function plantLock(file: string, holder: Partial<LockHolder>): void {
  const full: LockHolder = { pid: 1, started: null, host: hostname(), command: 'node old.ts', since: '2020-01-01T00:00:00.000Z', token: 'planted', ...holder };
  writeFileSync(file, JSON.stringify(full));
}

/**
 * Starts `count` processes, waits until each is ready, then lets them all try to take the lock at
 * the same instant (a "go" file they poll for); each holds it a while if it gets it. Resolves with
 * their reports ("got" or "locked by <pid>").
 */
async function race(file: string, count: number): Promise<string[]> {
  const go = `${file}.go`;
  const script = `
    const { existsSync } = await import('node:fs');
    const { acquireDataDirLock, DataDirLockedError } = await import(${JSON.stringify(MODULE)});
    console.log('ready');
    while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 1));
    try {
      const lock = acquireDataDirLock(${JSON.stringify(file)});
      await new Promise((r) => setTimeout(r, 500));
      lock.release();
      console.log('got');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.log('locked by ' + error.holder?.pid);
    }`;
  const racers = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk) => {
        out += String(chunk);
        if (out.includes('ready')) resolve();
      }),
    );
    const report = new Promise<string>((resolve, reject) =>
      child.on('exit', (code) => (code === 0 ? resolve(out.replace('ready', '').trim()) : reject(new Error(`racer exited ${code}: ${out}`)))),
    );
    return { ready, report };
  });
  await Promise.all(racers.map((r) => r.ready));
  writeFileSync(go, '');
  return Promise.all(racers.map((r) => r.report));
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
    for (let round = 0; round < 4; round++) {
      const file = lockFile();
      if (round % 2 === 1) plantLock(file, { pid: deadPid() });
      const reports = await race(file, 3);
      expect(reports.filter((r) => r === 'got'), reports.join(', ')).toHaveLength(1);
      expect(reports.filter((r) => /^locked by \d+$/.test(r)), reports.join(', ')).toHaveLength(2);
      expect(existsSync(file)).toBe(false);
    }
  }, 60_000);
});
