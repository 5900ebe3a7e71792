/**
 * The answers of the paths monitors ask on every process's port: /livez, /readyz, /healthz and
 * /metrics. Framework-free, so that the gateway's Koa app and a worker's small probe server give the
 * same answers.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';
import type { RelayStatus } from '../outbox/relay';

export interface HealthReport {
  status: 'ok' | 'degraded';
  /** What is down, by name ('database', 'redis', 'worker'), empty when all is well. */
  down: string[];
  /**
   * What is down that this process cannot do its work without (a subset of `down`): it is ready
   * while this is empty. A gateway serves with its database alone; Redis down only degrades it.
   * Not part of the /healthz body.
   */
  unready: string[];
  database: boolean;
  queue: boolean;
  relay: RelayStatus;
}

/** A health report from what is down and what this process needs. */
export function healthReport(down: string[], needs: readonly string[], parts: Pick<HealthReport, 'database' | 'queue' | 'relay'>): HealthReport {
  return { status: down.length === 0 ? 'ok' : 'degraded', down, unready: down.filter((part) => needs.includes(part)), ...parts };
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Ids made by proxies and clients (UUIDs, nginx's $request_id) pass; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdFrom(header: string | undefined): string {
  return header && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

export interface ProbeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ProbeDeps {
  health(): Promise<HealthReport>;
  metrics: Registry;
  /** When set, /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

export const PROBE_PATHS = ['/livez', '/readyz', '/healthz', '/metrics'] as const;

export function isProbePath(path: string): boolean {
  return (PROBE_PATHS as readonly string[]).includes(path);
}

const json = (status: number, body: unknown): ProbeAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  body: JSON.stringify(body),
});

/**
 * /livez: the process runs and serves HTTP (never looks at dependencies, so an orchestrator does
 * not restart healthy processes during a database or Redis blip). /readyz: it can do its work now
 * (503 names what is down; 200 names what is down without stopping it, as `degraded`). /healthz is
 * the older combined report, kept for existing checks: 503 only when the process is not ready.
 * Undefined for any other path.
 */
export async function answerProbe(path: string, authorization: string | undefined, deps: ProbeDeps): Promise<ProbeAnswer | undefined> {
  switch (path) {
    case '/livez':
      return json(200, { status: 'ok' });
    case '/readyz': {
      const { down, unready } = await deps.health();
      if (unready.length > 0) return json(503, { status: 'unavailable', down });
      return json(200, down.length === 0 ? { status: 'ready' } : { status: 'ready', degraded: down });
    }
    case '/healthz': {
      const { unready, ...report } = await deps.health();
      return json(unready.length === 0 ? 200 : 503, report);
    }
    case '/metrics': {
      if (deps.metricsToken !== undefined && !bearerMatches(authorization, deps.metricsToken)) {
        const refused = json(401, { message: 'The metrics need a bearer token.', code: 'UNAUTHORIZED' });
        refused.headers['WWW-Authenticate'] = 'Bearer';
        return refused;
      }
      return { status: 200, headers: { 'Content-Type': deps.metrics.contentType, 'Cache-Control': 'no-store' }, body: await deps.metrics.metrics() };
    }
    default:
      return undefined;
  }
}

/**
 * Compares in constant time: both sides are hashed first, so neither the token's content nor its
 * length shows in how long a wrong guess takes.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}
