import type { Server } from 'node:http';

/** Starts an HTTP server on port and host; rejects if it cannot (the port is taken). */
export function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
