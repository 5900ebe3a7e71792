/**
 * The one-shot migration of the compose stack, run as its real process: on a first start the
 * database is not accepting connections yet, and the migration must wait for it instead of failing.
 */
import { spawn } from 'node:child_process';
import { createConnection, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../../gateway/src/testing/processes';
import { waitFor } from '../../gateway/src/testing/wait';

const databaseUrl = process.env.TEST_DATABASE_URL;

function runMigrate(url: string) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/migrate.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SESSION_SECRET: 'migrate-test-secret-0123456789', DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A TCP relay to the real server, opened late: the "database" appears while migrate waits. */
function relay(port: number, target: URL): Promise<Server> {
  const server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!databaseUrl)(`server/src/migrate.ts on a database that comes up late${databaseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('retries its connection until the database accepts, then migrates and exits 0', async () => {
    const port = await freePort();
    const url = new URL(databaseUrl!);
    const late = new URL(url);
    late.hostname = '127.0.0.1';
    late.port = String(port);
    const migrate = runMigrate(late.toString());
    cleanups.push(() => migrate.child.exitCode === null && migrate.child.kill('SIGKILL'));

    // Nothing listens yet: the process says it waits, and keeps running.
    await waitFor(() => migrate.output().includes('database not reachable yet (ECONNREFUSED'), 20_000, 'a retry line');
    expect(migrate.child.exitCode).toBeNull();

    const server = await relay(port, url);
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    expect(await migrate.exited, migrate.output()).toBe(0);
    expect(migrate.output()).toMatch(/"message":"(applied: |up to date)/);
  }, 60_000);

  it('fails at once on an error that waiting cannot fix', async () => {
    const missing = new URL(databaseUrl!);
    missing.pathname = `/pog_missing_${process.pid}_${Date.now()}`;
    const migrate = runMigrate(missing.toString());
    cleanups.push(() => migrate.child.exitCode === null && migrate.child.kill('SIGKILL'));
    expect(await migrate.exited).toBe(1);
    expect(migrate.output()).toContain('does not exist');
    expect(migrate.output()).not.toContain('not reachable yet');
  }, 60_000);
});
