/**
 * The browser tests' entry (./e2e-entry.ts) serves test-data factories, so it must not start
 * anywhere else: not under another NODE_ENV, and not without the IPC channel of a test that started
 * it. (That it starts and serves them under the tests is what every browser test shows.)
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { appEntry, REPO_ROOT } from '../../../gateway/src/testing/processes';

/** Runs the entry to its end; its exit code and what it printed. */
function runEntry(env: Record<string, string>, ipc: boolean): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, appEntry('e2e'), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('the browser tests’ app entry', () => {
  for (const nodeEnv of ['production', 'development']) {
    it(`refuses to start under NODE_ENV=${nodeEnv}, even with an IPC channel`, async () => {
      const { code, output } = await runEntry({ NODE_ENV: nodeEnv, SESSION_SECRET: 'entry-test-secret-0123456789' }, true);
      expect(code).toBe(78);
      expect(output).toContain(`will not start: NODE_ENV is ${nodeEnv}, not test`);
      expect(output).not.toMatch(/listening/i);
    });
  }

  it('refuses to start without NODE_ENV', async () => {
    const { code, output } = await runEntry({}, true);
    expect(code).toBe(78);
    expect(output).toContain('will not start: NODE_ENV is not set, not test');
  });

  it('refuses to start under NODE_ENV=test without an IPC channel', async () => {
    const { code, output } = await runEntry({ NODE_ENV: 'test' }, false);
    expect(code).toBe(78);
    expect(output).toContain('will not start: it was not started with an IPC channel');
  });
});
