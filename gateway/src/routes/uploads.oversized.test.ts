/**
 * Uploads at and over 25 MB sent by an ordinary client (fetch) to the real process
 * (server/src/main.ts) in both modes: embedded (PGlite, jobs in process) and a gateway of the
 * distributed deployment (PostgreSQL, Redis). Each is answered 413 with the spec's message, which
 * the client reads (no reset connection), the process stays up, and the uploads folder keeps nothing;
 * what an interrupted upload left there is removed at start.
 * infra/nginx.test.ts sends the same uploads through nginx.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_LARGE_FILE_MESSAGE } from '@pog/common';
import { newIncomingName } from '@pog/domain/uploads';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { OVERSIZED_UPLOADS, sendOversized } from '../testing/oversized-uploads';
import { startService, type ServiceProcess } from '../testing/processes';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const needs = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');

const MODES: Array<{ name: string; env: Record<string, string>; missing: string }> = [
  { name: 'the embedded app (PGlite, jobs in process)', env: {}, missing: '' },
  {
    name: 'a gateway (PostgreSQL, Redis)',
    env: { DATABASE_URL: databaseUrl ?? '', REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-big-${process.pid}`, SERVICES: 'gateway' },
    missing: needs,
  },
];

describe.each(MODES)('uploads over the size limit, sent to $name', ({ env, missing }) => {
  describe.skipIf(Boolean(missing))(missing ? `[needs ${missing}]` : 'as a process', () => {
    let service: ServiceProcess;
    let dataDir: string;
    /** What a process that died mid-upload left in incoming/, an hour and a half ago; and a younger file. */
    let leftover: string;
    let young: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'pog-big-'));
      mkdirSync(path.join(dataDir, 'uploads', 'incoming'), { recursive: true });
      leftover = path.join(dataDir, 'uploads', 'incoming', newIncomingName());
      young = path.join(dataDir, 'uploads', 'incoming', newIncomingName());
      writeFileSync(leftover, Buffer.alloc(1024 * 1024));
      writeFileSync(young, Buffer.alloc(1024));
      const ninetyMinutesAgo = (Date.now() - 90 * 60_000) / 1000;
      utimesSync(leftover, ninetyMinutesAgo, ninetyMinutesAgo);
      service = await startService({ ...env, DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    });
    afterAll(async () => {
      await service?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });
    const uploadFolder = () => readdirSync(path.join(dataDir, 'uploads'));
    const incoming = () => readdirSync(path.join(dataDir, 'uploads', 'incoming'));

    it('removed the leftovers of interrupted uploads at start, but not a file another gateway may still be writing', () => {
      expect(existsSync(leftover)).toBe(false);
      expect(existsSync(young)).toBe(true);
      rmSync(young);
    });

    it.each(OVERSIZED_UPLOADS)('answers $name with the 413 the client reads, stays up and keeps nothing', async (upload) => {
      const player = new ApiClient(service.url);
      await player.register(uniqueName('big'));
      const answer = await sendOversized(player, upload);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_FILE_MESSAGE });

      expect(service.child.exitCode, service.output()).toBeNull();
      expect((await fetch(`${service.url}/livez`)).status).toBe(200);
      // The same player's next request is served (on a connection of its own or the one kept alive).
      expect((await player.get('/api/user')).status).toBe(200);
      expect(incoming()).toEqual([]);
      expect(uploadFolder()).toEqual(['incoming']);
    }, 60_000);
  });
});
