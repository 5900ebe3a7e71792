/**
 * wrk (C, /usr/bin/wrk) as the load generator: far cheaper per request than any Node client, so it
 * is not what limits a measured server. A plain GET of one URL, or requests taken in turn from a
 * file (`requestFile`: method, path, cookie, X-Forwarded-For and body per line; see
 * wrk/requests.lua), so that 1,000 sessions or 4,000 distinct trade offers can be sent.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertLoopback } from './load';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface WrkOptions {
  /** The server's base URL (with requestFile) or the full URL to GET. */
  url: string;
  connections: number;
  durationS: number;
  /** wrk threads (default 1: the generator shares the machine's 2 cores with the servers). */
  threads?: number;
  /** One request a line: METHOD \t PATH \t COOKIE \t X-FORWARDED-FOR \t BODY. */
  requestFile?: string;
  /** Sent as Origin on every request from the file (state-changing requests need it). */
  origin?: string;
  /** Extra request headers (plain GETs only, without requestFile), e.g. Accept-Encoding as a browser sends it. */
  headers?: Record<string, string>;
}

export interface WrkResult {
  requests: number;
  rps: number;
  /** Socket errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
  non2xx: number;
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number };
  bytes: number;
}

export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  assertLoopback(options.url);
  const threads = Math.max(1, Math.min(options.threads ?? 1, options.connections));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-wrk-'));
  try {
    const script = path.join(dir, 'script.lua');
    const report = readFileSync(path.join(HERE, 'wrk/report.lua'), 'utf8');
    const requests = options.requestFile ? readFileSync(path.join(HERE, 'wrk/requests.lua'), 'utf8') + '\n' : '';
    writeFileSync(script, requests + report);
    const args = ['-t', String(threads), '-c', String(options.connections), '-d', `${options.durationS}s`, '--timeout', '10s', '-s', script, options.url];
    if (options.requestFile && options.headers) throw new Error('runWrk: headers apply to plain GETs only');
    for (const [name, value] of Object.entries(options.headers ?? {})) args.splice(args.length - 1, 0, '-H', `${name}: ${value}`);
    if (options.requestFile) args.push('--', options.requestFile, String(threads), options.origin ?? '');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(WRK, args, { maxBuffer: 1 << 20 }, (error, out, err) => (error ? reject(new Error(`wrk failed: ${error.message}\n${err}`)) : resolve(out))),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
    const r = JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>;
    const ms = (us: number) => Math.round(us / 10) / 100;
    return {
      requests: r.requests!,
      rps: Math.round((r.requests! / r.duration_us!) * 1e6),
      errors: r.connect! + r.read! + r.write! + r.status! + r.timeout!,
      non2xx: r.status!,
      latencyMs: { p50: ms(r.p50!), p90: ms(r.p90!), p95: ms(r.p95!), p99: ms(r.p99!), max: ms(r.max!) },
      bytes: r.bytes!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a request file for `runWrk` (tabs and newlines are not allowed inside a field). */
export function writeRequestFile(file: string, lines: { method: string; path: string; cookie?: string; forwardedFor?: string; body?: unknown }[]): void {
  const text = lines
    .map((l) => [l.method, l.path, l.cookie ?? '', l.forwardedFor ?? '', l.body === undefined ? '' : JSON.stringify(l.body)].join('\t'))
    .join('\n');
  writeFileSync(file, text + '\n');
}

export function formatWrk(r: WrkResult): string {
  const errors = r.errors ? `, ${r.errors} errors (${r.non2xx} non-2xx)` : '';
  return `${r.rps.toLocaleString('en')} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms${errors}`;
}
