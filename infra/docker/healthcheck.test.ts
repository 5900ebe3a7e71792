/** The app image's container health check, run as Docker runs it, against a small local server. */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../gateway/src/testing/processes';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'healthcheck.mjs');

function runCheck(port: number, ...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: { PATH: process.env.PATH ?? '', PORT: String(port) } }, (error, _stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr });
    });
  });
}

describe('infra/docker/healthcheck.mjs', () => {
  let server: Server;
  let port: number;
  const asked: string[] = [];
  let ready = true;
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/livez') return res.writeHead(200).end('{"status":"ok"}');
      if (req.url === '/readyz') return res.writeHead(ready ? 200 : 503).end(ready ? '{"status":"ready"}' : '{"status":"unavailable","down":["redis"]}');
      res.writeHead(404).end();
    });
    port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is healthy when the process on PORT is ready, asking /readyz by default', async () => {
    ready = true;
    expect(await runCheck(port)).toMatchObject({ code: 0 });
    expect(asked.at(-1)).toBe('/readyz');
  });

  it('is unhealthy on 503, saying what the process answered', async () => {
    ready = false;
    const result = await runCheck(port, '/readyz');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('/readyz answered 503 {"status":"unavailable","down":["redis"]}');
    expect(await runCheck(port, '/livez')).toMatchObject({ code: 0 });
  });

  it('is unhealthy when nothing listens', async () => {
    const result = await runCheck(await freePort());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unhealthy');
  });
});
