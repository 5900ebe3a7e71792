/**
 * wrk (C; Debian: `apt-get install wrk`) as the load generator: far cheaper per request than a Node
 * client, so it is not what limits the server it measures. A plain GET of one URL, or requests taken
 * in turn from a list (wrk/requests.lua), so that 1,000 sessions or thousands of distinct trade
 * offers can be sent. Only this machine is ever loaded.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figures, Subject } from './rounds';
import { treeCpuMs, type ServerProcess } from './processes';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface RequestLine {
  method: string;
  path: string;
  cookie?: string;
  forwardedFor?: string;
  body?: unknown;
}

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`refusing to send load to ${host}: benchmarks only target this machine (127.0.0.0/8, ::1)`);
  }
}

/**
 * wrk with one thread and `connections` keep-alive connections: a GET of `url`, or `requests` in turn
 * against the server at `url`. Errors: socket errors, timeouts and answers other than 2xx/3xx.
 */
export async function runWrk(options: { url: string; connections: number; durationS: number; requests?: RequestLine[] }) {
  assertLoopback(options.url);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-wrk-'));
  try {
    const script = path.join(dir, 'script.lua');
    const parts = [...(options.requests ? ['wrk/requests.lua'] : []), 'wrk/report.lua'];
    writeFileSync(script, parts.map((part) => readFileSync(path.join(HERE, part), 'utf8')).join('\n'));
    const args = ['-t', '1', '-c', String(options.connections), '-d', `${options.durationS}s`, '--timeout', '10s', '-s', script, options.url];
    if (options.requests) {
      // One request a line, tab-separated as wrk/requests.lua reads them (no tab or newline inside a field).
      const lines = options.requests.map((l) => [l.method, l.path, l.cookie ?? '', l.forwardedFor ?? '', l.body === undefined ? '' : JSON.stringify(l.body)]);
      writeFileSync(path.join(dir, 'requests.tsv'), lines.map((fields) => `${fields.join('\t')}\n`).join(''));
      args.push('--', path.join(dir, 'requests.tsv'), new URL(options.url).origin);
    }
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(WRK, args, { maxBuffer: 1 << 20 }, (error, out, err) => (error ? reject(new Error(`wrk failed (${WRK}; Debian: apt-get install wrk): ${error.message}\n${err}`)) : resolve(out))),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
    const r = JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>;
    const ms = (us: number) => Math.round(us / 10) / 100;
    return {
      requests: r.requests!,
      rps: Math.round((r.requests! / r.duration_us!) * 1e6),
      errors: r.connect! + r.read! + r.write! + r.status! + r.timeout!,
      latencyMs: { p50: ms(r.p50!), p95: ms(r.p95!), p99: ms(r.p99!) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A subject's run: wrk's requests per second, p50 / p95 / p99, and errors when there were any. With
 * `serverPids`, also the CPU those servers' process trees spent per request (microseconds), a
 * figure that load from other work on the machine moves far less than the rate.
 */
export const wrkLoad = (url: string, connections: number, durationS: number, requests?: RequestLine[], serverPids?: readonly number[]) => async (): Promise<Figures> => {
  const cpuBefore = serverPids ? treeCpuMs(serverPids) : 0;
  const r = await runWrk({ url, connections, durationS, requests });
  const figures: Figures = { 'req/s': r.rps, 'p50 ms': r.latencyMs.p50, 'p95 ms': r.latencyMs.p95, 'p99 ms': r.latencyMs.p99 };
  if (serverPids && r.requests > 0) figures['CPU us/req'] = Math.round(((treeCpuMs(serverPids) - cpuBefore) * 1000) / r.requests);
  if (r.errors) figures.errors = r.errors;
  return figures;
};

/** The bare Koa hello-world (processes.ts startHello) loaded like the subject: what this machine serves at best. */
export const helloSubject = (hello: ServerProcess, connections: number, durationS: number): Subject => ({
  label: 'bare Koa hello (baseline)',
  run: wrkLoad(`${hello.url}/`, connections, durationS, undefined, [hello.child.pid!]),
});
