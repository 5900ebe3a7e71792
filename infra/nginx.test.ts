/**
 * The project's real infra/nginx.conf, run in Debian's nginx in front of two real gateway processes
 * on PostgreSQL and Redis: what the compose stack's single entry point must do, checked from the
 * outside as a browser or an attacker would meet it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_LARGE_FILE_MESSAGE } from '@pog/common';
import { ApiClient } from '../gateway/src/testing/api-client';
import { OVERSIZED_UPLOADS, sendOversized } from '../gateway/src/testing/oversized-uploads';
import { pogDesign } from '../gateway/src/testing/players';
import { uniqueName } from '../gateway/src/testing/databases';
import { REPO_ROOT, startService, type ServiceProcess } from '../gateway/src/testing/processes';
import { connectSocket, recordEvents, type TestSocket } from '../gateway/src/testing/sockets';
import { waitFor } from '../gateway/src/testing/wait';
import { parsePrometheusText } from '../gateway/src/testing/prometheus-text';
import { SECURITY_HEADERS } from '../gateway/src/http/security-headers';
import { NGINX_BINARY, startNginx, type RunningNginx } from './testing/nginx';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL', !NGINX_BINARY && 'nginx (apt-get install nginx)'].filter(Boolean).join(' and ');
const ADMIN_PASSWORD = 'nginx-test-admin-password';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose bytes are not decoded (fetch would unzip them), optionally from a chosen loopback address. */
function rawGet(url: string, headers: Record<string, string> = {}, localAddress?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A small built web app: index.html and a hashed script, precompressed by the web image's own step (gzip only). */
function webRoot(): { dir: string; script: string; scriptPath: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pog-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = Array.from({ length: 400 }, (_, i) => `export const pog${i} = { id: ${i}, name: "POG number ${i}", rarity: "common" };`).join('\n');
  writeFileSync(path.join(dir, 'assets', 'index-Dx9kq2.js'), script);
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/index-Dx9kq2.js"></script></head><body><div id="root"></div></body></html>\n`);
  // The page the build makes for /explore: index.html with that screen's code preloaded too.
  writeFileSync(path.join(dir, 'explore.html'), `<!doctype html><html><head><script type="module" src="/assets/index-Dx9kq2.js"></script><link rel="modulepreload" href="/assets/explore-Ab3cD4.js"></head><body><div id="root"></div></body></html>\n`);
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'infra/docker/precompress.mjs'), dir, 'gz']);
  return { dir, script, scriptPath: '/assets/index-Dx9kq2.js' };
}

describe.skipIf(Boolean(missing))(`infra/nginx.conf in Debian's nginx before two gateways${missing ? ` [needs ${missing}]` : ''}`, () => {
  const gateways: ServiceProcess[] = [];
  let nginx: RunningNginx;
  let web: ReturnType<typeof webRoot>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const env = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'test'}-nginx-${process.pid}-${Date.now()}`,
      SESSION_SECRET: 'shared-secret-for-the-nginx-test',
      ADMIN_PASSWORD,
      SERVICES: 'gateway',
      // As in docker-compose.yml: nginx is the one trusted proxy hop.
      TRUST_PROXY: '1',
    };
    // The gateways read the same built index.html, as the app image carries it (a POG's page).
    web = webRoot();
    gateways.push(...(await Promise.all([startService({ ...env, WEB_DIST: web.dir }), startService({ ...env, WEB_DIST: web.dir })])));
    nginx = await startNginx({ gatewayPorts: gateways.map((g) => Number(new URL(g.url).port)), webRoot: web.dir });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    // Only what this file started, each by its own child handle (pid).
    await nginx?.stop();
    await Promise.all(gateways.map((g) => g.stop()));
    if (web) rmSync(web.dir, { recursive: true, force: true });
  });

  const gatewayAddresses = () => gateways.map((g) => new URL(g.url).host);

  it.each([
    ['/livez', { status: 'ok' }],
    ['/readyz', { status: 'ready' }],
    ['/healthz', { status: 'ok', down: [], database: true, queue: true, relay: expect.objectContaining({ listening: true }) }],
  ])('passes %s to a gateway, uncached', async (uri, body) => {
    const response = await fetch(nginx.url + uri);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(body);
  });

  it.each(['/metrics', '/metrics/', '/metrics/gateway'])('answers %s with 404 and passes nothing on', async (uri) => {
    const before = nginx.accessLog().length;
    const response = await fetch(nginx.url + uri, { headers: { authorization: 'Bearer guess' } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('process_cpu');
    await waitFor(() => nginx.accessLog().length > before, 5_000, 'the access log line');
    expect(nginx.accessLog().at(-1)).toMatchObject({ status: 404, upstream: '-' });
  });

  it('upgrades a signed-in socket to WebSocket, and events reach it through nginx', async () => {
    const player = new ApiClient(nginx.url);
    await player.register(uniqueName('ws'));
    const socket = await connectSocket(nginx.url, player, { origin: nginx.url });
    sockets.push(socket);
    expect(socket.io.engine.transport.name).toBe('websocket');
    const revoked = recordEvents(socket, 'session:revoked');
    // Logging out (through nginx, to either gateway) reaches the socket wherever it is connected.
    expect((await player.post('/api/logout', undefined, { origin: nginx.url })).status).toBe(204);
    await waitFor(() => revoked.length > 0, 10_000, 'session:revoked over the WebSocket');
    // nginx logs a tunnelled connection when it ends: 101, the protocol switch, passed on.
    socket.close();
    await waitFor(
      () => nginx.accessLog().some((l) => l.request.includes('/socket.io/') && l.request.includes('transport=websocket') && l.status === 101),
      10_000,
      'the WebSocket in the access log',
    );
  }, 60_000);

  it('spreads WebSocket clients from one address over both gateways (no NAT pinned to one)', async () => {
    const counts = async () =>
      Promise.all(gateways.map(async (g) => parsePrometheusText(await (await fetch(`${g.url}/metrics`)).text()).get('pog_sockets_connected')!.samples[0]!.value));
    const before = await counts();
    const player = new ApiClient(nginx.url);
    await player.register(uniqueName('nat'));
    // Every socket comes from 127.0.0.1, as clients behind one NAT or one front load balancer would.
    const opened: TestSocket[] = [];
    for (let i = 0; i < 6; i++) opened.push(await connectSocket(nginx.url, player, { origin: nginx.url }));
    sockets.push(...opened);
    const after = await counts();
    for (const [i, count] of after.entries()) expect(count - before[i]!, `sockets on gateway ${i}`).toBeGreaterThan(0);
    for (const socket of opened) socket.close();
  });

  it('gives each request an id that joins nginx\'s access line, the gateway\'s lines and the answer', async () => {
    const gatewayLines = () =>
      gateways.flatMap((g) =>
        g
          .stdout()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
    const sent = async (headers: Record<string, string>) => {
      const response = await rawGet(`${nginx.url}/api/pogs`, headers, '127.0.0.3');
      expect(response.status).toBe(200);
      return String(response.headers['x-request-id']);
    };
    // None sent: nginx makes one ($request_id: 32 hex digits).
    const made = await sent({});
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    // A sane one is kept; one the gateways would refuse is replaced by nginx's own, so both sides agree.
    expect(await sent({ 'x-request-id': 'front-lb.7f3a:1' })).toBe('front-lb.7f3a:1');
    const replaced = await sent({ 'x-request-id': 'not sane, has spaces' });
    expect(replaced).toMatch(/^[0-9a-f]{32}$/);
    for (const id of [made, 'front-lb.7f3a:1', replaced]) {
      await waitFor(() => nginx.requestLog().some((l) => l.requestId === id), 5_000, `nginx's line of ${id}`);
      expect(nginx.requestLog().find((l) => l.requestId === id)).toMatchObject({ clientAddress: '127.0.0.3', method: 'GET', path: '/api/pogs', status: 200 });
      await waitFor(() => gatewayLines().some((l) => l.requestId === id), 5_000, `the gateway's line of ${id}`);
      // The gateway's access line names the client nginx saw, not nginx.
      expect(gatewayLines().find((l) => l.requestId === id)).toMatchObject({ route: '/api/pogs', status: 200, clientAddress: '127.0.0.3' });
    }
  });

  it('keeps each long-polling client on one gateway, and spreads clients over both', async () => {
    const direct = gateways[0]!.url;
    const upstreamsByClient = new Map<string, Set<string>>();
    // Clients from different loopback addresses, until both gateways hold some (bounded).
    for (let host = 2; host <= 40; host++) {
      const address = `127.0.0.${host}`;
      const player = new ApiClient(direct); // signed up directly: the session is shared by every gateway
      await player.register(uniqueName('poll'));
      const socket = io(nginx.url, {
        path: '/socket.io',
        transports: ['polling'],
        reconnection: false,
        forceNew: true,
        agent: new Agent({ localAddress: address }) as never,
        extraHeaders: { cookie: player.cookieHeader, origin: nginx.url },
      }) as TestSocket;
      sockets.push(socket);
      // Connecting over polling is three requests (open, connect, its answer) on one session id:
      // one that reached the other gateway would fail with "Session ID unknown".
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const revoked = recordEvents(socket, 'session:revoked');
      expect((await player.post('/api/logout')).status).toBe(204);
      await waitFor(() => revoked.length > 0, 10_000, `session:revoked over polling from ${address}`);
      socket.close();

      const lines = nginx.accessLog().filter((l) => l.remoteAddr === address && l.request.includes('/socket.io/'));
      // (The client's last POST, its goodbye after the server already closed the session, may be a 400.)
      expect(lines.length).toBeGreaterThanOrEqual(3);
      upstreamsByClient.set(address, new Set(lines.map((l) => l.upstream)));
      const used = new Set([...upstreamsByClient.values()].flatMap((s) => [...s]));
      if (used.size === gateways.length && upstreamsByClient.size >= 3) break;
    }
    for (const [address, upstreams] of upstreamsByClient) expect([...upstreams], address).toHaveLength(1);
    const used = new Set([...upstreamsByClient.values()].flatMap((s) => [...s]));
    expect([...used].sort()).toEqual(gatewayAddresses().sort());
  }, 120_000);

  it("holds at most 256 live sockets of one address, answering more with the app's 429, while other addresses are served", async () => {
    const flooder = '127.0.0.3';
    const spectators = Array.from({ length: 260 }, () =>
      io(nginx.url, { transports: ['websocket'], auth: { watchOnly: true }, reconnection: false, forceNew: true, localAddress: flooder, extraHeaders: { origin: nginx.url } } as never),
    );
    try {
      const outcomes = await Promise.all(spectators.map((socket) => new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      })));
      expect(outcomes.filter((o) => o === 'connected')).toHaveLength(256);
      // Its next request is refused as the gateways refuse, in JSON; another address is served.
      const refused = await rawGet(`${nginx.url}/api/pogs`, {}, flooder);
      expect([refused.status, JSON.parse(refused.body.toString())]).toEqual([429, { code: 'RATE_LIMITED', message: "You've made too many requests. Please try again later." }]);
      expect((await rawGet(`${nginx.url}/api/pogs`, {}, '127.0.0.4')).status).toBe(200);
    } finally {
      for (const socket of spectators) socket.close();
    }
    // Once its sockets are closed, the address is served again.
    await waitFor(async () => (await rawGet(`${nginx.url}/api/pogs`, {}, flooder)).status === 200, 10_000, 'the address to be served again');
  }, 60_000);

  it("counts an IPv6 client's whole /64 as one address, behind a front proxy it trusts (docs/operations.md)", async () => {
    // The realip lines the operator's guide gives, trusting this machine as the front proxy.
    const behindFront = await startNginx({
      gatewayPorts: gateways.map((g) => Number(new URL(g.url).port)),
      webRoot: web.dir,
      edit: (site) => site.replace(/^(\s*)limit_conn per_address/m, '$1set_real_ip_from 127.0.0.1;\n$1real_ip_header X-Forwarded-For;\n$1real_ip_recursive on;\n$&'),
    });
    const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:9`;
    const socketFrom = (address: string) =>
      io(behindFront.url, { transports: ['websocket'], auth: { watchOnly: true }, reconnection: false, forceNew: true, extraHeaders: { origin: behindFront.url, 'x-forwarded-for': address } } as never);
    const spectators = Array.from({ length: 260 }, (_, i) => socketFrom(`${block}:${(i + 1).toString(16)}::1`));
    const neighbour = socketFrom(`${block.replace(/:9$/, ':a')}::1`);
    const outcome = (socket: ReturnType<typeof socketFrom>) =>
      new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
    const [outcomes, neighbourOutcome] = [Promise.all(spectators.map(outcome)), outcome(neighbour)];
    try {
      expect((await outcomes).filter((o) => o === 'connected')).toHaveLength(256);
      expect(await neighbourOutcome).toBe('connected');
    } finally {
      for (const socket of [...spectators, neighbour]) socket.close();
      await behindFront.stop();
    }
  }, 60_000);

  it("holds 600 live sockets at once, more than the base image's 1,024 connections allow (each is two)", async () => {
    // From three addresses, each within its 256.
    const spectators = Array.from({ length: 600 }, (_, i) =>
      io(nginx.url, { transports: ['websocket'], auth: { watchOnly: true }, reconnection: false, forceNew: true, localAddress: `127.0.0.${5 + (i % 3)}`, extraHeaders: { origin: nginx.url } } as never),
    );
    try {
      const outcomes = await Promise.all(spectators.map((socket) => new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error: Error) => resolve(`refused: ${error.message}`));
      })));
      expect(outcomes.filter((o) => o !== 'connected')).toEqual([]);
      expect((await rawGet(`${nginx.url}/api/pogs`, {}, '127.0.0.8')).status).toBe(200);
    } finally {
      for (const socket of spectators) socket.close();
    }
  }, 60_000);

  it('counts limits against the connecting address, whatever X-Forwarded-For the client sends', async () => {
    // Every attempt claims another address; the gateway must still see one client (this one).
    const attempt = () => new ApiClient(nginx.url).post('/api/admin/auth', { password: 'wrong guess' }, { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}, 198.51.100.7` });
    const first = [];
    for (let i = 0; i < 5; i++) first.push((await attempt()).status);
    expect(first).toEqual([401, 401, 401, 401, 401]);
    const sixth = await attempt();
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: expect.any(String), message: expect.stringContaining('Too many wrong admin passwords') });
  }, 60_000);

  it('sends the precompressed gzip file for hashed assets, cached for a year', async () => {
    const gz = await rawGet(nginx.url + web.scriptPath, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    // The file on disk as it is (nginx compressing on the fly would send no length).
    expect(Number(gz.headers['content-length'])).toBe(statSync(path.join(web.dir, `${web.scriptPath}.gz`)).size);
    expect(gunzipSync(gz.body).toString()).toBe(web.script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers.vary).toContain('Accept-Encoding');

    const plain = await rawGet(nginx.url + web.scriptPath);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(web.script);
  });

  it('sends the gzip file to a browser that prefers brotli: the image makes no .br, its nginx has no module to send one', async () => {
    expect(existsSync(path.join(web.dir, `${web.scriptPath}.br`))).toBe(false);
    const response = await rawGet(nginx.url + web.scriptPath, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(statSync(path.join(web.dir, `${web.scriptPath}.gz`)).size);
    expect(gunzipSync(response.body).toString()).toBe(web.script);
  });

  it('answers the app and its client-side routes with index.html, never cached without asking', async () => {
    const index = readFileSync(path.join(web.dir, 'index.html'), 'utf8');
    for (const uri of ['/', '/collection', '/admin/queue']) {
      const response = await rawGet(nginx.url + uri);
      expect(response.status, uri).toBe(200);
      expect(response.body.toString(), uri).toBe(index);
      expect(response.headers['cache-control'], uri).toBe('no-cache');
    }
  });

  it('answers a route the build made a page for with that page, its headers as on every route', async () => {
    const explore = readFileSync(path.join(web.dir, 'explore.html'), 'utf8');
    for (const uri of ['/explore', '/explore?tab=recent']) {
      const response = await rawGet(nginx.url + uri);
      expect(response.status, uri).toBe(200);
      expect(response.body.toString(), uri).toBe(explore);
      expect(response.headers['cache-control'], uri).toBe('no-cache');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers[name.toLowerCase()], `${name} on ${uri}`).toBe(value);
    }
  });

  it('sends the security headers once on the app, its assets and proxied answers', async () => {
    for (const uri of ['/', '/collection', web.scriptPath, '/api/user', '/livez']) {
      const response = await rawGet(nginx.url + uri);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        // A header sent twice would arrive joined ("a, b"): equality means once.
        expect(response.headers[name.toLowerCase()], `${name} on ${uri}`).toBe(value);
      }
    }
  });

  it.each(OVERSIZED_UPLOADS)('answers $name with the 413 an ordinary client reads, and the gateways stay up', async (upload) => {
    const player = new ApiClient(nginx.url);
    await player.register(uniqueName('big'));
    const answer = await sendOversized(player, upload, { origin: nginx.url });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_FILE_MESSAGE });
    expect(answer.headers.get('content-type')).toContain('application/json');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name), name).toBe(value);
    for (const gateway of gateways) expect(gateway.child.exitCode, gateway.output()).toBeNull();
    expect((await player.get('/api/user')).status).toBe(200);
  }, 60_000);

  it('passes /pog/:id to a gateway, which names the POG in the title and Open Graph tags', async () => {
    const player = new ApiClient(nginx.url);
    const { id } = await player.register(uniqueName('og'));
    const created = await player.post('/api/pogs', pogDesign(id, { name: 'Shared <Disc> & "Friends"' }), { origin: nginx.url });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const before = nginx.accessLog().length;
    const response = await rawGet(`${nginx.url}/pog/${created.body.id}`);
    expect(response.status).toBe(200);
    const html = response.body.toString();
    expect(html).toContain('<title>Shared &lt;Disc&gt; &amp; &quot;Friends&quot; · Pog Federation</title>');
    expect(html).toContain('<meta property="og:title" content="Shared &lt;Disc&gt; &amp; &quot;Friends&quot; · Pog Federation" />');
    // The link a crawler sees is the address it asked nginx for.
    expect(html).toContain(`<meta property="og:url" content="${nginx.url}/pog/${created.body.id}" />`);
    expect(html).toContain('<script type="module" src="/assets/index-Dx9kq2.js"></script>');
    expect(response.headers['cache-control']).toBe('no-cache');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers[name.toLowerCase()], name).toBe(value);
    await waitFor(() => nginx.accessLog().length > before, 5_000, 'the access log line');
    expect(gatewayAddresses()).toContain(nginx.accessLog().at(-1)!.upstream);

    const missing = await rawGet(`${nginx.url}/pog/2147483647`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe(readFileSync(path.join(web.dir, 'index.html'), 'utf8'));
  });
});
