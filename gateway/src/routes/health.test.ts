import { describe, expect, it } from 'vitest';
import { loadConfig } from '@pog/domain/config';
import { openDatabase } from '@pog/domain/db';
import { silentLogger } from '@pog/domain/logging';
import { startRuntime } from '../../../server/src/runtime';
import { ApiClient } from '../testing/api-client';
import { scratchDir } from '@pog/domain/testing/scratch-dir';

describe('health checks: /healthz, /readyz, /livez', () => {
  it('answers 503 naming the part that is down', async () => {
    // A database of its own, so that closing it harms no other test.
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: scratchDir('pog-health-'), SESSION_SECRET: 'health-test-secret-0123456789' });
    const runtime = await startRuntime({ config, database, log: silentLogger });
    try {
      expect((await fetch(`${runtime.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${runtime.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
      const player = new ApiClient(runtime.url!);
      await player.register('healthcheck_player');
      await database.close();
      // With the database gone, a request fails as a 503: nothing was changed, no stack, no internals.
      const failing = await player.get('/api/notifications');
      expect(failing.status).toBe(503);
      expect(failing.body).toEqual({ code: 'SERVER_ERROR', message: 'Something went wrong on our server. Please try again later.', requestId: failing.headers.get('x-request-id') });
      const down = await fetch(`${runtime.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'degraded', down: ['database'], database: false, queue: true, relay: expect.any(Object) });

      // Readiness names what is down and is never cached; liveness does not look at dependencies.
      const notReady = await fetch(`${runtime.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get('cache-control')).toBe('no-store');
      expect(await notReady.json()).toEqual({ status: 'unavailable', down: ['database'] });
      const live = await fetch(`${runtime.url}/livez`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(await live.json()).toEqual({ status: 'ok' });
    } finally {
      await runtime.close();
    }
  });
});
