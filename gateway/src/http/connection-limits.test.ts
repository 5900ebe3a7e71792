/**
 * The connection limits: one client address cannot hold more than its share of connections (a
 * flood of idle ones or of spectators' sockets), while other addresses are served; and the server
 * never holds more than the process's open files allow.
 */
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { io, Socket as ClientSocket } from 'socket.io-client';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import { limitConnections, openFilesLimit } from './connection-limits';

/** Another address of the loopback network, so that a test has two clients on one machine. */
const OTHER_ADDRESS = '127.0.0.2';

const opened: Array<Socket | ClientSocket> = [];
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const socket of opened.splice(0)) {
    if (socket instanceof ClientSocket) socket.close();
    else socket.destroy();
  }
  for (const close of closers.splice(0)) await close();
});

/** A raw connection from `localAddress` that sends nothing; resolves once open, or with 'closed' if the server closed it at once. */
function idleConnection(port: number, localAddress: string): Promise<Socket | 'closed'> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    opened.push(socket);
    socket.once('error', reject);
    // The server destroys a refused connection right after accepting it: give it a moment to.
    socket.once('connect', () => setTimeout(() => resolve(socket.destroyed || socket.readyState !== 'open' ? 'closed' : socket), 100));
    socket.once('close', () => resolve('closed'));
  });
}

async function plainServer(perAddress: number | undefined, openFiles?: number): Promise<{ server: Server; port: number; stats: { refused: number } }> {
  const server = createServer((_req, res) => res.end('ok'));
  const stats = limitConnections(server, { perAddress, openFiles });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { server, port: (server.address() as AddressInfo).port, stats };
}

/** A connection as the server's `connection` event hands it over, from `remoteAddress`. */
function arriving(server: EventEmitter, remoteAddress: string) {
  const socket = Object.assign(new EventEmitter(), {
    remoteAddress,
    destroyed: false,
    destroy() {
      socket.destroyed = true;
    },
  });
  server.emit('connection', socket);
  return socket;
}

describe('connection limits', () => {
  it("counts an IPv6 client's connections by its /64, whichever addresses of it they come from", () => {
    const server = new EventEmitter();
    limitConnections(server as Server, { perAddress: 2, openFiles: 10_000 });
    const held = ['2001:db8:7:1::1', '2001:db8:7:1:ffff::2'].map((address) => arriving(server, address));
    expect(arriving(server, '2001:db8:7:1::3').destroyed).toBe(true);
    expect(arriving(server, '2001:db8:7:2::1').destroyed).toBe(false);
    expect(held.map((socket) => socket.destroyed)).toEqual([false, false]);
    held[0]!.emit('close');
    expect(arriving(server, '2001:db8:7:1::4').destroyed).toBe(false);
  });

  it('closes a connection past an address’s limit as it arrives, serves other addresses, and takes the address again once it lets go', async () => {
    const { port, stats } = await plainServer(3);
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await idleConnection(port, OTHER_ADDRESS));
    expect(held.every((socket) => socket !== 'closed')).toBe(true);
    expect(await idleConnection(port, OTHER_ADDRESS)).toBe('closed');
    expect(stats.refused).toBe(1);

    // Another address is served meanwhile.
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');

    (held[0] as Socket).destroy();
    await waitFor(async () => (await idleConnection(port, OTHER_ADDRESS)) !== 'closed', 5_000, 'the address to be taken again');
  });

  it('holds at most the open-files limit less a reserve in all, and no per-address limit when asked for none', async () => {
    const { server, port, stats } = await plainServer(undefined, 10_000);
    expect(server.maxConnections).toBe(10_000 - 512);
    for (let i = 0; i < 5; i++) expect(await idleConnection(port, OTHER_ADDRESS)).not.toBe('closed');
    expect(stats.refused).toBe(0);
  });

  it("reads the process's open-files limit, or none where it cannot", () => {
    const limits = 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            20000                40000                files\n';
    expect(openFilesLimit(() => limits)).toBe(20_000);
    expect(
      openFilesLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});

describe('the app without a proxy in front', () => {
  let app: TestApp;

  it('refuses a visitor’s flood of spectator sockets past CONNECTIONS_PER_ADDRESS, and serves a player from elsewhere', async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'false', CONNECTIONS_PER_ADDRESS: '16' } });
    closers.push(() => app.close());
    const { port } = new URL(app.url);

    // A visitor opens spectators' sockets from one address until the app refuses them.
    const flood = Array.from({ length: 24 }, () => {
      const socket = io(app.url, { transports: ['websocket'], auth: { watchOnly: true }, reconnection: false, forceNew: true, localAddress: OTHER_ADDRESS } as never);
      opened.push(socket);
      return socket;
    });
    const outcomes = await Promise.all(flood.map((socket) => new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    })));
    expect(outcomes.filter((o) => o === 'connected')).toHaveLength(16);
    expect(await idleConnection(Number(port), OTHER_ADDRESS)).toBe('closed');

    // A player on another address signs up and reads their account meanwhile.
    const player = new ApiClient(app.url);
    await player.register(uniqueName('far'));
    expect((await player.get('/api/user')).status).toBe(200);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/^pog_connections_refused_total (9|[1-9]\d+)$/m);
  });
});
