/**
 * A flood of `sync` costs its sender and nobody else. One player's five sockets each send a
 * thousand a second, asking every time for the whole of a 400-event backlog, and reconnect whenever
 * they are closed, while another player uses the API and its live connection. That player's median
 * answer stays within twice its quiet value, the outbox is read no more than the budgets allow, the
 * gateway's memory stays put, and it answers at once when the flood ends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { inUnitOfWork, sequenceEvents } from '@pog/domain/outbox';
import { testNotification } from '@pog/domain/testing/notifications';
import type { ApiClient } from '../testing/api-client';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { createPlayer } from '../testing/factories';
import { LiveClient } from '../testing/live-client';
import { parsePrometheusText } from '../testing/prometheus-text';
import { floodFrom } from '../testing/sync-flooder';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { SOCKET_BUDGETS } from './socket-limits';

const SOCKETS = 5;
/** Each socket sends this many `sync` every 10 ms: a thousand a second. */
const PER_TICK = 10;
const FLOOD_MS = 6_000;
/** A closed or refused socket of the flood comes back this soon. */
const RECONNECT_MS = 100;
const BACKLOG = 400;
/** A request that takes longer counts as this long (the flood must not hold the test up for minutes). */
const PATIENCE_MS = 3_000;
const PATH = '/api/notifications';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How long one request takes to answer (200 expected), at most PATIENCE_MS. */
async function timed(client: ApiClient): Promise<number> {
  const started = performance.now();
  const answered = client.get(PATH).then((res) => expect(res.status).toBe(200));
  await Promise.race([answered, sleep(PATIENCE_MS)]);
  return Math.min(PATIENCE_MS, performance.now() - started);
}

/** Requests one after another: `count` of them, or until `until()` says stop. */
async function latencies(client: ApiClient, count: number, until: () => boolean = () => false): Promise<number[]> {
  const seen: number[] = [];
  while (seen.length < count && !until()) seen.push(await timed(client));
  return seen;
}

/** The gateway's catch-up counters (NaN when /metrics does not answer in time). */
async function scrape(app: TestApp): Promise<{ catchUps: number; replayed: number }> {
  try {
    const families = parsePrometheusText(await (await fetch(`${app.url}/metrics`, { signal: AbortSignal.timeout(PATIENCE_MS) })).text());
    const value = (name: string) => families.get(name)?.samples[0]?.value ?? Number.NaN;
    return { catchUps: value('pog_socket_catch_ups_total'), replayed: value('pog_socket_replayed_events_total') };
  } catch {
    return { catchUps: Number.NaN, replayed: Number.NaN };
  }
}

describe.each(TEST_SETUPS)('a sync flood from one player', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp | undefined;
    afterEach(async () => {
      await app?.close();
    });

    it("leaves another player's answers, the gateway's memory and its database reads where they were", async () => {
      app = await startTestApp({ backend: setup.backend, env: setup.env });
      const [attacker, victim] = [await createPlayer(app, 'flood'), await createPlayer(app, 'calm')];
      const db = app.runtime.db;
      const stream = userStream(attacker.id);
      await inUnitOfWork(db, new Date(), async (uow) => {
        for (let n = 0; n < BACKLOG; n++) uow.toUser(attacker.id, 'notification', testNotification(attacker.id, n));
      });
      await waitFor(async () => (await sequenceEvents(db, 1000)).sequenced === 0 || undefined, 10_000, 'sequencing');
      await waitFor(async () => (((await attacker.client.get('/api/user')).body.streamPosition as number) >= BACKLOG) || undefined, 10_000, 'the backlog');

      const victimStart = (await victim.client.get('/api/user')).body.streamPosition as number;
      const live = new LiveClient([app.url], victim.client, { stream: userStream(victim.id), position: victimStart });
      await live.connect();
      try {
        await latencies(victim.client, 10); // warm up
        const quiet = median(await latencies(victim.client, 40));
        const before = await scrape(app);
        const heapBefore = process.memoryUsage().heapUsed;

        const flood = floodFrom({ url: app.url, cookie: attacker.client.cookieHeader, stream, sockets: SOCKETS, perTick: PER_TICK, reconnectMs: RECONNECT_MS, durationMs: FLOOD_MS });
        await flood.started;
        let heapPeak = heapBefore;
        const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 100);
        let flooding = true;
        const ended = flood.done.finally(() => (flooding = false));
        // The victim's own live events still arrive while the flood goes on.
        const liveDuring = (async () => {
          await sleep(FLOOD_MS / 2);
          const sent = performance.now();
          const arrived = () => live.payloads('notification').some((payload) => (payload as { id: number }).id === 424_242);
          const delivered = (async () => {
            await inUnitOfWork(db, new Date(), async (uow) => uow.toUser(victim.id, 'notification', testNotification(victim.id, 424_242)));
            await waitFor(arrived, PATIENCE_MS, 'the live notification');
          })();
          await Promise.race([delivered, sleep(PATIENCE_MS)]).catch(() => undefined);
          return Math.min(PATIENCE_MS, performance.now() - sent);
        })();
        const during = await latencies(victim.client, Number.POSITIVE_INFINITY, () => !flooding);
        const sent = await ended;
        const liveMs = await liveDuring;
        clearInterval(sampler);

        const afterFirst = await timed(victim.client);
        const after = median(await latencies(victim.client, 20));
        const work = await scrape(app);
        const report = {
          quietMs: quiet,
          duringMs: median(during),
          requestsDuring: during.length,
          liveMs,
          afterFirstMs: afterFirst,
          afterMs: after,
          heapGrowthMb: Math.round((heapPeak - heapBefore) / 2 ** 20),
          catchUps: work.catchUps - before.catchUps,
          replayed: work.replayed - before.replayed,
          flood: sent,
        };
        console.log(`sync flood (${setupTitle(setup)}): ${JSON.stringify(report)}`);

        // Another player's requests: the aim is within twice the quiet median (1.0 to 1.6 times on a
        // busy two-core machine; the benchmark measures it). Unbounded catch-ups took the median from
        // 4 ms to over a second and starved the process for minutes; the bound catches that and leaves
        // room for a machine that other test files keep busy.
        const bound = Math.max(5 * quiet, quiet + 100);
        expect(report.duringMs).toBeLessThanOrEqual(bound);
        expect(report.liveMs).toBeLessThan(PATIENCE_MS);
        // The flood was refused, not served.
        expect(report.flood.refusals).toBeGreaterThan(0);
        // Work done for it: one catch-up per connection, and per message within the player's budget
        // (the flood may span two of its windows); events replayed within the replay budget.
        const windows = 2;
        expect(report.catchUps).toBeLessThanOrEqual(report.flood.connections + windows * SOCKET_BUDGETS.owner.points);
        expect(report.replayed).toBeLessThanOrEqual(windows * SOCKET_BUDGETS.replayed.points);
        // Memory: nothing piles up.
        expect(report.heapGrowthMb).toBeLessThan(150);
        // And right after: answered at once, in milliseconds again (a stalled gateway took minutes). The
        // database may still be finishing the flood's reads, so the median has 100 ms of room.
        expect(report.afterFirstMs).toBeLessThan(1_000);
        expect(report.afterMs).toBeLessThanOrEqual(Math.max(bound, 100));
      } finally {
        live.close();
      }
    }, 120_000);
  });
});
