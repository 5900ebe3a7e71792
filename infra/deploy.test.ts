/**
 * A deploy nobody notices: behind the real infra/nginx.conf, one of two gateways (on PostgreSQL and
 * Redis, with a worker) is stopped with SIGTERM while players, an admin and a stream of requests use
 * it. Every request is answered, the gateway exits 0 within 10 s, and every live connection is back
 * on the other gateway by itself (as socket.io-client reconnects a page), caught up on what happened
 * during the stop. A ban still closes a socket for good.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@pog/common';
import { ApiClient } from '../gateway/src/testing/api-client';
import { uniqueName } from '../gateway/src/testing/databases';
import { LiveClient } from '../gateway/src/testing/live-client';
import { pogDesign } from '../gateway/src/testing/players';
import type { ServiceProcess, SpawnedService } from '../gateway/src/testing/processes';
import { parsePrometheusText } from '../gateway/src/testing/prometheus-text';
import { waitFor } from '../gateway/src/testing/wait';
import { startGatewayPair, type GatewayPair } from './testing/gateway-pair';
import { NGINX_BINARY, type RunningNginx } from './testing/nginx';
import { descendants, running } from '../gateway/src/testing/process-tree';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL', !NGINX_BINARY && 'nginx (apt-get install nginx)'].filter(Boolean).join(' and ');
const ADMIN_PASSWORD = 'deploy-test-admin-password';

/** The same browser (its cookies) talking to another address. */
function through(client: ApiClient, baseUrl: string): ApiClient {
  const copy = new ApiClient(baseUrl);
  for (const pair of client.cookieHeader.split('; ').filter(Boolean)) copy.setCookie(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  return copy;
}

async function socketsOn(service: ServiceProcess): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  return parsePrometheusText(text).get('pog_sockets_connected')!.samples[0]!.value;
}

describe.skipIf(Boolean(missing))(`stopping one of two gateways behind nginx${missing ? ` [needs ${missing}]` : ''}`, () => {
  const lives: LiveClient[] = [];
  let pair: GatewayPair;
  let nginx: RunningNginx;
  let going: ServiceProcess;
  let staying: SpawnedService;

  let webRoot: string | undefined;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'pog-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Pog Federation</title>\n');
    pair = await startGatewayPair(
      {
        DATABASE_URL: databaseUrl!,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-deploy-${process.pid}-${Date.now()}`,
        SESSION_SECRET: 'shared-secret-for-the-deploy-test',
        ADMIN_PASSWORD,
        TRUST_PROXY: '1',
      },
      webRoot,
    );
    ({ nginx, first: going } = pair);
  }, 120_000);

  afterAll(async () => {
    for (const live of lives) live.close();
    await pair?.stop();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  /** A player signed up (directly at a running gateway) with one POG, and their page's live connection through nginx. */
  async function player(prefix: string, at: ServiceProcess = going) {
    const direct = new ApiClient(at.url);
    const { id } = await direct.register(uniqueName(prefix));
    const pog = await direct.post('/api/pogs', pogDesign(id, { name: `${prefix} disc` }));
    expect(pog.status, JSON.stringify(pog.body)).toBe(201);
    const client = through(direct, nginx.url);
    const position = (await client.get('/api/user')).body.streamPosition as number;
    const live = new LiveClient([nginx.url], client, { stream: userStream(id), position }, { asPage: true, headers: { origin: nginx.url } });
    lives.push(live);
    return { id, pogId: pog.body.id as number, client, live };
  }

  it('answers every request, exits 0 within 10 s, and every page is live on the other gateway, caught up', async () => {
    const alice = await player('alice');
    const bob = await player('bob');
    const admin = new ApiClient(nginx.url);
    expect((await admin.post('/api/admin/auth', { password: ADMIN_PASSWORD }, { origin: nginx.url })).status).toBe(200);
    const panel = new LiveClient([nginx.url], admin, undefined, { asPage: true, headers: { origin: nginx.url } });
    lives.push(panel);
    await Promise.all([alice.live.connect(), bob.live.connect(), panel.connect()]);
    expect(await socketsOn(going)).toBe(3);

    // The second gateway comes up; nginx sends it requests once its first refusal has expired.
    staying = await pair.startSecond();

    // Requests keep coming through nginx (on its kept-alive connections to both gateways) all along.
    const statuses: number[] = [];
    let requesting = true;
    const traffic = Array.from({ length: 4 }, async () => {
      while (requesting) statuses.push((await bob.client.get('/api/user').catch(() => ({ status: 0 }))).status);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const tree = descendants(going.child.pid!);
    const signalled = performance.now();
    const exited = going.stop();
    // While it stops: an offer to bob, and a new player the admins hear of.
    const offer = await alice.client.post('/api/trades', { fromUserId: alice.id, toUserId: bob.id, offerPogId: alice.pogId, requestPogId: bob.pogId }, { origin: nginx.url });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const newcomer = await new ApiClient(nginx.url).register(uniqueName('late'));

    expect(await exited).toBe(0);
    expect((performance.now() - signalled) / 1000).toBeLessThan(10);
    await waitFor(() => tree.every((pid) => !running(pid)), 5_000, 'the stopped gateway and anything it started to be gone');

    // Every page is back by itself, on the other gateway, with what it missed.
    await waitFor(() => bob.live.payloads('trade:created').some((trade) => (trade as { id: number }).id === offer.body.id), 10_000, "the offer on bob's page");
    await waitFor(
      () => panel.payloads('moderation:user').some((event) => (event as { user: { id: number } }).user.id === newcomer.id),
      10_000,
      'the new player on the admin panel',
    );
    await waitFor(() => alice.live.connected, 10_000, "alice's page to be live again");
    for (const live of [alice.live, bob.live, panel]) {
      expect(live.disconnects).toEqual(['transport close']);
      expect(live.connections).toBe(2);
    }
    expect(await socketsOn(staying)).toBe(3);

    requesting = false;
    await Promise.all(traffic);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 120_000);

  it('still closes a banned player\'s socket for good: it does not reconnect', async () => {
    const carol = await player('carol', staying);
    await carol.live.connect();
    const admin = new ApiClient(staying.url);
    expect((await admin.post('/api/admin/auth', { password: ADMIN_PASSWORD })).status).toBe(200);
    const banned = await admin.put(`/api/admin/users/${carol.id}/moderate`, { isBanned: true, banReason: 'Testing bans' });
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    await waitFor(() => carol.live.disconnects.length > 0, 10_000, "carol's socket to be closed");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(carol.live.disconnects).toEqual(['io server disconnect']);
    expect(carol.live.connected).toBe(false);
    expect(carol.live.connections).toBe(1);
  }, 60_000);
});
