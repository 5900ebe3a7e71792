/**
 * A second process on an embedded data folder: `set-role` and the app itself are
 * refused, before they read or write anything, while another process holds the folder.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, type DataDirLock } from '@pog/domain/db';
import { REPO_ROOT } from '../../../gateway/src/testing/processes';

function run(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SESSION_SECRET: 'test-session-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('a data folder another process holds', () => {
  let dataDir: string;
  let lock: DataDirLock;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pog-held-'));
    // What the running app holds: the lock beside its PGlite folder.
    lock = acquireDataDirLock(path.join(dataDir, 'pglite.lock'));
  });
  afterAll(() => {
    lock?.release();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const pgliteFiles = () => (existsSync(path.join(dataDir, 'pglite')) ? readdirSync(path.join(dataDir, 'pglite')) : []);

  it.each([
    ['set-role', ['server/src/cli/set-role.ts', 'someone', 'admin']],
    ['the app', ['server/src/main.ts']],
  ])('refuses %s, saying who holds it, without touching the data', async (_name, args) => {
    const { code, output } = await run(args, dataDir);
    expect(code).not.toBe(0);
    expect(output).toContain(`The data folder is in use by process ${process.pid} (${lock.holder.command})`);
    expect(output).toContain(`since ${lock.holder.since}`);
    expect(output).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
    expect(pgliteFiles()).toEqual([]);
  }, 60_000);
});
