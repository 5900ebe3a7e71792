/**
 * A small HTTP load generator: N concurrent keep-alive connections, each sending its next request as
 * soon as the previous answer has arrived, for a fixed time or a fixed number of requests (whichever
 * comes first). Reports requests per second and latency percentiles.
 *
 * Use `runLoadInChild` from benchmarks, so that the generator runs in its own process and does not
 * take event-loop time from a server in the same process. Only loopback targets are accepted.
 *
 *   npx tsx infra/bench/load.ts http://127.0.0.1:3000/healthz --connections 32 --duration 10
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine } from './machine';

/** Hard ceilings, whatever the caller asks: a benchmark always stops by itself. */
export const MAX_DURATION_MS = 120_000;
export const MAX_REQUESTS = 5_000_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Concurrent requests in flight, each on its own keep-alive socket. */
  connections: number;
  /** Stop sending after this long (the measured phase). */
  durationMs: number;
  /** ...or after this many requests. */
  maxRequests?: number;
  /** Unmeasured traffic first, so that JIT and caches are warm. */
  warmupMs?: number;
  /** Answers with another status count as errors. */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** The first few distinct error descriptions, to tell a refused run from a slow one. */
  errorSamples: string[];
  durationMs: number;
  rps: number;
  latencyMs: { mean: number; p50: number; p95: number; p99: number; max: number };
}

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`refusing to send load to ${host}: benchmarks only target this machine (127.0.0.0/8, ::1)`);
  }
}

/** The value below which `p` percent of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  assertLoopback(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  try {
    if (options.warmupMs) await phase(options, agent, Math.min(options.warmupMs, MAX_DURATION_MS), MAX_REQUESTS);
    return await phase(options, agent, Math.min(options.durationMs, MAX_DURATION_MS), Math.min(options.maxRequests ?? MAX_REQUESTS, MAX_REQUESTS));
  } finally {
    agent.destroy();
  }
}

async function phase(options: LoadOptions, agent: http.Agent, durationMs: number, maxRequests: number): Promise<LoadResult> {
  const expected = options.expectStatus ?? 200;
  const latencies: number[] = [];
  const errorSamples = new Set<string>();
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const connection = async () => {
    while (performance.now() < deadline && issued < maxRequests) {
      issued++;
      const sent = performance.now();
      try {
        const status = await send(options, agent);
        if (status !== expected) throw new Error(`status ${status}`);
        latencies.push(performance.now() - sent);
      } catch (error) {
        errors++;
        if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.connections) }, connection));

  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: latencies.length,
    errors,
    errorSamples: [...errorSamples],
    durationMs: Math.round(elapsed),
    rps: Math.round((latencies.length / elapsed) * 1000),
    latencyMs: {
      mean: round(latencies.reduce((sum, l) => sum + l, 0) / (latencies.length || 1)),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
  };
}

function send(options: LoadOptions, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(options.url, { method: options.method ?? 'GET', headers: options.headers, agent }, (response) => {
      response.resume(); // read and discard the body: the socket is reused only once it is drained
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(options.body);
  });
}

const THIS_FILE = fileURLToPath(import.meta.url);
const CHILD_FLAG = 'POG_LOAD_CHILD';

/** Runs `runLoad` in a forked Node process and returns its result. */
export function runLoadInChild(options: LoadOptions): Promise<LoadResult> {
  assertLoopback(options.url);
  return new Promise((resolve, reject) => {
    const child = fork(THIS_FILE, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, [CHILD_FLAG]: '1' }, stdio: 'inherit' });
    let result: LoadResult | undefined;
    child.once('message', (message) => {
      result = message as LoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load generator exited with ${code} before reporting`))));
    child.send(options);
  });
}

export function formatResult(label: string, r: LoadResult): string {
  const l = r.latencyMs;
  const errors = r.errors ? `, ${r.errors} errors (${r.errorSamples.join('; ')})` : '';
  return `${label}: ${r.rps.toLocaleString('en')} req/s (${r.requests.toLocaleString('en')} requests in ${(r.durationMs / 1000).toFixed(1)} s${errors}); latency ms p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, max ${l.max}`;
}

async function cli(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      requests: { type: 'string' },
      method: { type: 'string', default: 'GET' },
      header: { type: 'string', multiple: true, default: [] },
      body: { type: 'string' },
    },
  });
  const url = positionals[0];
  if (!url) {
    console.error('usage: npx tsx infra/bench/load.ts <url> [--connections 32] [--duration 10] [--warmup 2] [--requests N] [--header "name: value"]');
    process.exit(2);
  }
  const headers = Object.fromEntries(values.header.map((h) => [h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim()]));
  console.log(describeMachine());
  const result = await runLoadInChild({
    url,
    method: values.method,
    headers,
    body: values.body,
    connections: Number(values.connections),
    durationMs: Number(values.duration) * 1000,
    warmupMs: Number(values.warmup) * 1000,
    maxRequests: values.requests ? Number(values.requests) : undefined,
  });
  console.log(formatResult(url, result));
}

if (process.env[CHILD_FLAG] === '1' && process.send) {
  process.once('message', (options) => {
    runLoad(options as LoadOptions).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  cli().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
