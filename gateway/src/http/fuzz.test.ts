/**
 * Property-based fuzzing of every route the gateway registers. The routes come from
 * the routers mounted in the Koa app, so a new route is fuzzed without touching this file. Each
 * gets generated hostile requests (testing/hostile.ts) as a guest, a player and an admin, and every
 * answer must be a 2xx (the input happened to be valid) or a 4xx with a `{message, code}` body:
 * never a 5xx, never a hang. FUZZ_RUNS (per route) and FUZZ_SEED replay or widen a run; by default 30
 * requests a route, 15 in a run without real services (domain/src/testing/thorough.ts).
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode, MAX_ID } from '@pog/common';
import { tables } from '@pog/domain/db';
import { THOROUGH_TESTS } from '@pog/domain/testing/thorough';
import { createKoaApp } from '../app';
import { newAdmin } from '../testing/admins';
import { ApiClient } from '../testing/api-client';
import { givePog } from '../testing/battles';
import { backendTitle, BACKENDS, uniqueName } from '../testing/databases';
import { hostileRequest, type HostileRequest } from '../testing/hostile';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { UserId } from '@pog/common/schemas/ids';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? (THOROUGH_TESTS ? 30 : 15));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** An answer slower than this is a hang. */
const ANSWER_WITHIN_MS = 15_000;
const PASSWORD = 'fuzz-password';

interface Route {
  method: string;
  path: string;
}

/** Every method and path of the routers mounted in a Koa app (koa-router marks its middleware). */
function routesOf(middleware: Array<{ router?: Router }>): Route[] {
  const routes: Route[] = [];
  for (const { router } of middleware) {
    for (const layer of router?.stack ?? []) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: layer.path as string });
    }
  }
  return routes;
}

describe.each(BACKENDS)('fuzzing every route', (backend) => {
  describe.skipIf(Boolean(backend.skipReason))(backendTitle(backend), () => {
    let app: TestApp;
    const actors: Record<HostileRequest['actor'], ApiClient> = {} as never;
    let player: { id: UserId; username: string };
    const knownIds: number[] = [1, MAX_ID];

    beforeAll(async () => {
      // Its admin bans players and deletes POGs by generated ids: on PostgreSQL, a database of its own.
      app = await startTestApp({ backend: backend.name, ownDatabase: true });
      const db = app.runtime.db;
      actors.guest = new ApiClient(app.url);
      actors.player = new ApiClient(app.url);
      player = await actors.player.register(uniqueName('fz'), PASSWORD);
      actors.admin = await newAdmin(app.url);
      const other = new ApiClient(app.url);
      const rival = await other.register(uniqueName('fr'), PASSWORD);
      const [mine, theirs, spare] = [await givePog(db, player.id), await givePog(db, rival.id), await givePog(db, rival.id)];
      const trade = await other.post('/api/trades', { fromUserId: rival.id, toUserId: player.id, offerPogId: theirs, requestPogId: mine });
      const battle = await other.post('/api/battles', { challengerId: rival.id, defenderId: player.id, challengerPogId: spare });
      expect([trade.status, battle.status]).toEqual([201, 201]);
      knownIds.push(player.id, rival.id, mine, theirs, spare, trade.body.id, battle.body.id);
    });
    afterAll(async () => {
      await app?.close();
    });

    let revivals = 0;
    /** Undoes what the fuzzing may have done to its own actors: a ban, a logout. */
    async function reviveActors(): Promise<void> {
      if ((await actors.player.get('/api/user')).status !== 200) {
        revivals++;
        await app.runtime.db.update(tables.users).set({ isBanned: false, banReason: null }).where(eq(tables.users.id, player.id));
        await app.runtime.context!.bus.announce({ type: 'user', userId: player.id });
        const fresh = new ApiClient(app.url);
        const login = await fresh.post('/api/login', { username: player.username, password: PASSWORD });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        actors.player = fresh;
      }
      if (!(await actors.admin.get('/api/admin/auth/status')).body.authenticated) {
        revivals++;
        actors.admin = await newAdmin(app.url);
      }
    }

    async function send(request: HostileRequest): Promise<{ status: number; text: string }> {
      const client = actors[request.actor];
      const headers: Record<string, string> = { 'x-forwarded-for': client.address };
      if (client.cookieHeader) headers.cookie = client.cookieHeader;
      if (request.body?.contentType) headers['content-type'] = request.body.contentType;
      if (request.body?.contentEncoding) headers['content-encoding'] = request.body.contentEncoding;
      const response = await fetch(app.url + request.path + request.query, {
        method: request.method,
        headers,
        body: request.body?.bytes,
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      return { status: response.status, text: await response.text() };
    }

    it('answers every generated request with a 2xx or a 4xx {message, code}, never a 5xx or a hang', async () => {
      const routes = routesOf(createKoaApp(app.runtime.context!).middleware as Array<{ router?: Router }>);
      expect(routes.length).toBeGreaterThan(40);
      const statuses = new Map<number, number>();
      /** One counterexample per failing route: every route is fuzzed even when an early one fails. */
      const failures: string[] = [];
      let tried = 0;
      const started = Date.now();
      for (const route of routes) {
        await reviveActors();
        let sinceRevive = 0;
        const property = fc.asyncProperty(hostileRequest(route.path, route.method, knownIds), async (request) => {
          if (++sinceRevive % 10 === 0) await reviveActors();
          tried++;
          const what = `${request.method} ${request.path}${request.query} as ${request.actor}`;
          let answer: { status: number; text: string };
          try {
            answer = await send(request);
          } catch (error) {
            throw new Error(`${what}: no answer (${(error as Error).message})`);
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const ok = answer.status >= 200 && answer.status < 300;
          const refused = answer.status >= 400 && answer.status < 500;
          if (!ok && !refused) throw new Error(`${what}: answered ${answer.status} ${answer.text.slice(0, 300)}`);
          if (refused) {
            let body: { message?: unknown; code?: unknown };
            try {
              body = JSON.parse(answer.text);
            } catch {
              throw new Error(`${what}: ${answer.status} without a JSON body: ${answer.text.slice(0, 300)}`);
            }
            if (typeof body.message !== 'string' || !isErrorCode(body.code)) throw new Error(`${what}: ${answer.status} body is not {message, code}: ${answer.text.slice(0, 300)}`);
          }
        });
        try {
          await fc.assert(property, { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true });
        } catch (error) {
          failures.push(`${route.method} ${route.path}: ${(error as Error).message}`);
        }
      }
      const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
      console.log(`[fuzz] ${backend.name}: ${tried} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s (${byStatus}; actors revived ${revivals} times); ${failures.length} routes failed`);
      expect(failures, failures.join('\n\n')).toEqual([]);
    }, 600_000);
  });
});
