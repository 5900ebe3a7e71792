/**
 * The process's last resort (server/src/process.ts, domain/src/observability/request-scope.ts):
 * an error nobody caught while a request was being served is answered (500, the catalogue's texts,
 * the request id) and logged with that request, and the process goes on serving; an error no
 * request owns (work a request started that outlives its answer included) still stops it. The faults are planted by the test entry ./testing/fault-entry.ts,
 * in the real process of main.ts.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@pog/common';
import { ApiClient } from '../../gateway/src/testing/api-client';
import { uniqueName } from '../../gateway/src/testing/databases';
import { rawUpload } from '../../gateway/src/testing/raw-upload';
import { spawnService, type SpawnedService } from '../../gateway/src/testing/processes';
import { waitFor } from '../../gateway/src/testing/wait';

const FAULT_ENTRY = ['--import', 'tsx', 'server/src/testing/fault-entry.ts'];

/** An upload whose body arrives in five pieces 100 ms apart, so that later pieces meet a planted listener. */
async function slowUpload(url: string, player: ApiClient, fault: string) {
  const upload = rawUpload(url, player.cookieHeader, { declaredBytes: null, headers: { 'x-forwarded-for': player.address, 'x-test-fault': fault } });
  for (let i = 0; i < 4; i++) {
    upload.send(16 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  upload.finish();
  return upload.answer;
}

describe('an error that escapes a request, in the real process', () => {
  let service: SpawnedService;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pog-fault-'));

  beforeAll(async () => {
    service = await spawnService({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }, FAULT_ENTRY);
    await service.ready();
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['thrown by an event emitter listener from a timer', 'emitter', 'planted: an emitter listener threw'],
    ['thrown by a listener of the request body', 'body', 'planted: a body listener threw'],
    ['a rejected promise nobody awaited', 'rejection', 'planted: a rejection nobody awaited'],
  ])('%s: answers that request 500 and logs it, and keeps serving', async (_name, fault, message) => {
    const player = new ApiClient(service.url);
    await player.register(uniqueName('fault'));
    const answer = await slowUpload(service.url, player, fault);
    expect(answer, service.output()).not.toBeNull();
    expect(answer!.status).toBe(500);
    const body = JSON.parse(answer!.body) as { message: string; code: string; requestId: string };
    expect(body).toEqual({ message: ERROR_CATALOGUE.SERVER_ERROR.message, code: 'SERVER_ERROR', requestId: expect.any(String) });

    const logged = await waitFor(() => logLines(service).find((l) => l.requestId === body.requestId && l.err?.message === message), 5_000, 'the log line of the escaped error');
    expect(logged).toMatchObject({ level: 'error', message: expect.stringMatching(/escaped a request/) });
    expect(service.child.exitCode).toBeNull();
    expect((await player.get('/api/user')).status).toBe(200);
    await waitFor(() => readdirSync(path.join(dataDir, 'uploads', 'incoming')).length === 0, 5_000, 'the parked upload to be removed');
  }, 30_000);

  it('stops the process on an error no request owns, saying why', async () => {
    service.child.kill('SIGUSR2');
    expect(await exitCode(service)).toBe(1);
    expect(logLines(service).some((l) => l.level === 'fatal' && l.err?.message === 'planted: outside any request')).toBe(true);
  }, 30_000);
});

describe('an error from work a request started that outlives its answer', () => {
  let service: SpawnedService;
  beforeAll(async () => {
    service = await spawnService({ TRUST_PROXY: 'true' }, FAULT_ENTRY);
    await service.ready();
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('stops the process, as an error no request owns (its state is unknown)', async () => {
    const player = new ApiClient(service.url);
    await player.register(uniqueName('late'));
    expect((await player.get('/api/user', { 'x-test-fault': 'late' })).status).toBe(200);
    expect(await exitCode(service)).toBe(1);
    expect(logLines(service).some((l) => l.level === 'fatal' && l.err?.message === 'planted: after the answer')).toBe(true);
  }, 30_000);
});

function exitCode(service: SpawnedService): Promise<number | null> {
  return new Promise((resolve) => (service.child.exitCode !== null ? resolve(service.child.exitCode) : service.child.once('exit', resolve)));
}

function logLines(service: SpawnedService) {
  return service
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; message: string; requestId?: string; err?: { message?: string } });
}
