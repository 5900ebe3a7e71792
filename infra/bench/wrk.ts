/**
 * wrk (a C load generator, so the generator is never the bottleneck) against one server, cycling
 * through a list of paths, with p50/p95/p99 taken from wrk's own latency histogram.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { assertLoopback } from './load';

const run = promisify(execFile);
export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface WrkResult {
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface WrkOptions {
  /** The server, e.g. http://127.0.0.1:3000 */
  base: string;
  /** Paths sent in turn by each connection. */
  paths: string[];
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}

const luaString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function script(paths: string[], headers: Record<string, string>): string {
  return `
local paths = { ${paths.map(luaString).join(', ')} }
local headers = { ${Object.entries(headers)
    .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
    .join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"errors":%d,"durationUs":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f}\\n',
    summary.requests, e.connect + e.read + e.write + e.status + e.timeout, summary.duration,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`;
}

export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  assertLoopback(options.base);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-wrk-'));
  try {
    const file = path.join(dir, 'paths.lua');
    writeFileSync(file, script(options.paths, options.headers ?? {}));
    const { stdout } = await run(WRK, ['-t1', `-c${options.connections}`, `-d${options.durationSeconds}s`, '--timeout', '10s', '-s', file, options.base], {
      timeout: (options.durationSeconds + 30) * 1000,
    });
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const raw = JSON.parse(line.slice('WRK_RESULT '.length)) as { requests: number; errors: number; durationUs: number; p50: number; p95: number; p99: number };
    return { requests: raw.requests, errors: raw.errors, rps: raw.requests / (raw.durationUs / 1e6), p50: raw.p50, p95: raw.p95, p99: raw.p99 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** min / median / max of one figure over rounds. */
export function spread(values: number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? NaN, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** "p95 12.3 / 14.1 / 20.0 ms" for rounds of results (min / median / max). */
export function describeRounds(results: WrkResult[]): string {
  const part = (label: string, pick: (r: WrkResult) => number, unit: string, format = ms) => {
    const s = spread(results.map(pick));
    return `${label} ${format(s.min)} / ${format(s.median)} / ${format(s.max)}${unit}`;
  };
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  return [part('p50', (r) => r.p50, ' ms'), part('p95', (r) => r.p95, ' ms'), part('p99', (r) => r.p99, ' ms'), part('req/s', (r) => r.rps, '', (v) => v.toFixed(0))].join('  ') + (errors ? `  ERRORS ${errors}` : '');
}
