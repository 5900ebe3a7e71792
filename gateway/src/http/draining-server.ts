/**
 * The gateway's HTTP server, and how it stops without dropping a request. Stopping closes the
 * listening socket at once (new connections go to another gateway), but keeps the open keep-alive
 * connections for a short grace: a proxy may already have sent a request on one, and closing it
 * under that request would reset it. During the drain every response says `Connection: close`, so
 * each connection closes cleanly after its answer; those still idle after the grace are closed, and
 * whatever is still running after the deadline is cut.
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';

export interface DrainOptions {
  /** How long idle keep-alive connections stay open once the drain starts. */
  idleGraceMs: number;
  /** When connections still open are cut, counted from the start of the drain. */
  deadlineMs: number;
}

export interface DrainingServer {
  server: Server;
  /** Stops listening, then closes connections as their requests finish; resolves when none is left. */
  drain(options: DrainOptions): Promise<void>;
}

/** How often connections that became idle during the drain are closed. */
const IDLE_SWEEP_MS = 100;

export function createDrainingServer(handler: (req: IncomingMessage, res: ServerResponse) => void, options: ServerOptions = {}): DrainingServer {
  let draining = false;
  const answering = new Set<ServerResponse>();
  // Upgraded connections (WebSockets) are no longer the HTTP server's to close: cut at the deadline.
  const upgraded = new Set<Duplex>();
  const server = createServer(options, (req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    else {
      answering.add(res);
      res.once('close', () => answering.delete(res));
    }
    handler(req, res);
  });
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });

  async function drain({ idleGraceMs, deadlineMs }: DrainOptions): Promise<void> {
    draining = true;
    // net.Server's close, not http.Server's: the latter also closes idle keep-alive connections at
    // once, resetting a request that is already on its way on one of them.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    const cut = setTimeout(() => {
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
    }, deadlineMs);
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      server.closeIdleConnections();
      // A response already under way when the drain began may keep its connection alive: closed
      // as soon as it is idle.
      sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    }, idleGraceMs);
    try {
      await closed;
    } finally {
      clearTimeout(cut);
      clearTimeout(grace);
      clearInterval(sweep);
    }
  }

  return { server, drain };
}
