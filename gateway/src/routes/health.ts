import Router from '@koa/router';
import { answerProbe, PROBE_PATHS } from '@pog/domain/observability';
import type { AppContext } from '../context';

/**
 * /livez, /readyz, /healthz and /metrics on the gateway's port (observability/probes.ts says what
 * each answers; a worker-only process serves the same from its probe server).
 */
export function healthRoutes(app: AppContext): Router {
  const router = new Router();
  const deps = { health: () => app.health(), metrics: app.metrics.registry, metricsToken: app.config.metricsToken };
  for (const path of PROBE_PATHS) {
    router.get(path, async (ctx) => {
      const answer = (await answerProbe(path, ctx.get('Authorization') || undefined, deps))!;
      ctx.status = answer.status;
      ctx.set(answer.headers);
      ctx.body = answer.body;
    });
  }
  return router;
}
