import { describe, expect, it } from 'vitest';
import { createMetricsRegistry } from '../metrics/registry';
import { answerProbe, bearerMatches, healthReport, type HealthReport } from './probes';

const TOKEN = 'metrics-token-0123456789';
const report = (down: string[], needs = down): HealthReport => healthReport(down, needs, { database: !down.includes('database'), queue: true, relay: { sequencer: true, listening: true } });

describe('probe answers', () => {
  it('compares bearer tokens exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const wrong of [undefined, '', TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, 'Bearer ']) expect(bearerMatches(wrong, TOKEN)).toBe(false);
  });

  it('requires the token for /metrics only when one is set', async () => {
    const metrics = createMetricsRegistry();
    const health = async () => report([]);
    const open = await answerProbe('/metrics', undefined, { health, metrics, metricsToken: undefined });
    expect(open!.status).toBe(200);
    expect(open!.headers['Content-Type']).toContain('text/plain');
    const refused = await answerProbe('/metrics', 'Bearer wrong-token-0123456789', { health, metrics, metricsToken: TOKEN });
    expect(refused).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    expect(refused!.body).not.toContain('process_cpu');
    const allowed = await answerProbe('/metrics', `Bearer ${TOKEN}`, { health, metrics, metricsToken: TOKEN });
    expect(allowed!.status).toBe(200);
    expect(allowed!.body).toContain('process_cpu_seconds_total');
  });

  it('answers readiness from the health report, liveness without it, and nothing else', async () => {
    const deps = { health: async () => report(['redis', 'worker']), metrics: createMetricsRegistry(), metricsToken: undefined };
    expect(await answerProbe('/readyz', undefined, deps)).toMatchObject({ status: 503, body: JSON.stringify({ status: 'unavailable', down: ['redis', 'worker'] }) });
    expect(await answerProbe('/livez', undefined, deps)).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    expect(await answerProbe('/api/pogs', undefined, deps)).toBeUndefined();
  });

  it('calls a process with a part down that it can work without ready but degraded, in /readyz and /healthz', async () => {
    // A gateway with Redis away: it serves with its database alone.
    const deps = { health: async () => report(['redis'], ['database', 'queue']), metrics: createMetricsRegistry(), metricsToken: undefined };
    expect(await answerProbe('/readyz', undefined, deps)).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ready', degraded: ['redis'] }) });
    const healthz = await answerProbe('/healthz', undefined, deps);
    expect(healthz!.status).toBe(200);
    expect(JSON.parse(healthz!.body)).toEqual({ status: 'degraded', down: ['redis'], database: true, queue: true, relay: { sequencer: true, listening: true } });
  });
});
