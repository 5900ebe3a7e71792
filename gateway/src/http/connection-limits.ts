/**
 * How many connections (HTTP and live ones alike) the server holds at once, so that no client can
 * take them all. Every open connection costs the process a file descriptor until it closes, and a
 * client that opens thousands and sends nothing (or upgrades each to a spectator's socket) would
 * otherwise leave none for anybody else, nor for the process's own database files and uploads.
 *
 * - One client address (an IPv6 client's /64) holds at most `perAddress` connections; one more is
 *   closed as it arrives.
 *   Behind a trusted proxy every connection comes from the proxy, so the proxy limits per client
 *   (infra/nginx.conf) and this limit is not applied.
 * - The whole server holds at most the process's open-files limit less a reserve (Node's
 *   `maxConnections`), so the process keeps descriptors for its own files whatever arrives.
 *
 * Counting open sockets is a few lines on the server's `connection` event; the rate limiters we use
 * count events in a window, not what is open now.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { clientNetwork } from './client-network';

/** Descriptors kept for the process's own files (database, uploads, logs) and outgoing connections. */
const RESERVED_DESCRIPTORS = 512;

export interface ConnectionLimitStats {
  /** Connections closed on arrival because their address held its most already. */
  refused: number;
}

/** The soft limit on open files of this process (Linux), or undefined where it cannot be read. */
export function openFilesLimit(limits = () => readFileSync('/proc/self/limits', 'utf8')): number | undefined {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(limits())?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

export function limitConnections(server: Server, options: { perAddress: number | undefined; openFiles?: number | undefined }): ConnectionLimitStats {
  const stats: ConnectionLimitStats = { refused: 0 };
  const openFiles = options.openFiles ?? openFilesLimit();
  if (openFiles !== undefined) server.maxConnections = Math.max(64, openFiles - RESERVED_DESCRIPTORS);
  const { perAddress } = options;
  if (perAddress === undefined) return stats;

  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = clientNetwork(socket.remoteAddress ?? 'unknown');
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      stats.refused += 1;
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return stats;
}
