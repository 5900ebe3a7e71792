/**
 * Crash tests run a real worker in its own process and kill it mid-job. This starts such a fixture
 * (a .ts file beside the test) and resolves `started` once it prints `marker`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function spawnCrashFixture(fixtureUrl: URL, prefix: string, marker: string): { process: ChildProcess; started: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(fixtureUrl)], {
    env: { ...process.env, CRASH_FIXTURE_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`crash fixture exited early (${code})`)));
  });
  return { process: child, started };
}
