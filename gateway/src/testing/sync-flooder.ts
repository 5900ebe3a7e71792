/**
 * A player flooding a gateway with `sync`, as a process of its own (so that the flood has its own
 * processor, as an attacker's would, and the gateway's only its own share of the work):
 * `node --import tsx gateway/src/testing/sync-flooder.ts '<json FloodPlan>'`. Each socket sends
 * `perTick` syncs every 10 ms from position 0 of `stream` (the whole backlog each time) and comes
 * back `reconnectMs` after it is closed or refused. Prints a FloodResult as JSON when done.
 * `floodFrom` (below) runs it from a test or a benchmark.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

export interface FloodPlan {
  url: string;
  cookie: string;
  stream: string;
  sockets: number;
  perTick: number;
  reconnectMs: number;
  durationMs: number;
}

export interface FloodResult {
  sent: number;
  connections: number;
  refusals: number;
  refusedConnections: number;
}

function flood(plan: FloodPlan): Promise<FloodResult> {
  const result: FloodResult = { sent: 0, connections: 0, refusals: 0, refusedConnections: 0 };
  let stopped = false;
  const sockets = Array.from({ length: plan.sockets }, () => {
    const socket = io(plan.url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: plan.cookie },
      auth: { positions: { [plan.stream]: 0 } },
    });
    const again = () => {
      if (!stopped) setTimeout(() => !stopped && socket.connect(), plan.reconnectMs);
    };
    socket.on('connect', () => (result.connections += 1));
    socket.on('disconnect', again);
    socket.on('connect_error', () => {
      result.refusedConnections += 1;
      again();
    });
    socket.on('socket:refused', () => (result.refusals += 1));
    return socket;
  });
  const timer = setInterval(() => {
    for (const socket of sockets) {
      for (let n = 0; n < plan.perTick && socket.connected; n++) {
        socket.emit('sync', { [plan.stream]: 0 });
        result.sent += 1;
      }
    }
  }, 10);
  return new Promise((resolve) =>
    setTimeout(() => {
      stopped = true;
      clearInterval(timer);
      for (const socket of sockets) socket.close();
      resolve(result);
    }, plan.durationMs),
  );
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningFlood {
  /** Resolves once the flood has begun (the process has started and opened its sockets). */
  started: Promise<void>;
  /** What it did, once it has ended. */
  done: Promise<FloodResult>;
}

/** Runs a flood in a process of its own. */
export function floodFrom(plan: FloodPlan): RunningFlood {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(plan)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let begun: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (begun = resolve));
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
    if (output.includes('\n')) begun();
  });
  const done = new Promise<FloodResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      begun();
      if (code === 0) resolve(JSON.parse(output.slice(output.indexOf('\n') + 1)) as FloodResult);
      else reject(new Error(`the flooder exited with ${code}: ${output}`));
    });
  });
  return { started, done };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const running = flood(JSON.parse(process.argv[2]!) as FloodPlan);
  process.stdout.write('flooding\n');
  process.stdout.write(JSON.stringify(await running));
}
