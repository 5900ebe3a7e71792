import Router from '@koa/router';
import type { AppContext } from '../context';

/**
 * /livez: the process runs and serves HTTP (never looks at dependencies, so an orchestrator does
 * not restart healthy processes during a database or Redis blip). /readyz: it can serve requests
 * now (503 names what is down). /healthz is the older combined report, kept for existing checks.
 */
export function healthRoutes(app: AppContext): Router {
  const router = new Router();
  router.get('/livez', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const { down } = await app.health();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = down.length === 0 ? 200 : 503;
    ctx.body = down.length === 0 ? { status: 'ready' } : { status: 'unavailable', down };
  });
  router.get('/healthz', async (ctx) => {
    const report = await app.health();
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report;
  });
  return router;
}
