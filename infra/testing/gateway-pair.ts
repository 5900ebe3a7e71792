/**
 * Two gateways and a worker behind the real infra/nginx.conf, for a rolling stop. nginx knows both
 * gateways' ports from the start, but the second starts only when a test asks: every connection
 * made before that is on the first, the one the test stops.
 */
import { freePort, spawnService, startService, type ServiceProcess, type SpawnedService } from '../../gateway/src/testing/processes';
import { waitFor } from '../../gateway/src/testing/wait';
import { startNginx, type RunningNginx } from './nginx';

export interface GatewayPair {
  nginx: RunningNginx;
  /** The gateway every connection is on until `startSecond`. */
  first: ServiceProcess;
  /** Starts the second gateway and resolves once nginx sends it requests. */
  startSecond(): Promise<SpawnedService>;
  /** Stops nginx and every process still running. */
  stop(): Promise<void>;
}

export async function startGatewayPair(env: Record<string, string>, webRoot: string): Promise<GatewayPair> {
  const secondPort = await freePort();
  const processes: ServiceProcess[] = [];
  const [first, worker] = await Promise.all([startService({ ...env, SERVICES: 'gateway' }), startService({ ...env, SERVICES: 'worker' })]);
  processes.push(first!, worker!);
  const nginx = await startNginx({ gatewayPorts: [Number(new URL(first!.url).port), secondPort], webRoot });
  return {
    nginx,
    first: first!,
    async startSecond() {
      const second = await spawnService({ ...env, SERVICES: 'gateway', PORT: String(secondPort) });
      processes.push(second);
      await second.ready();
      // nginx tried it while it was down and waits out that failure before trying it again.
      await waitFor(
        async () => {
          await fetch(`${nginx.url}/api/pogs`);
          return nginx.requestLog().some((line) => line.path === '/api/pogs' && line.upstream === `127.0.0.1:${secondPort}`);
        },
        30_000,
        'nginx to send requests to the second gateway',
      );
      return second;
    },
    async stop() {
      await nginx.stop();
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}
