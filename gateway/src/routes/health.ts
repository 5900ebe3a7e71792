import Router from '@koa/router';
import type { AppContext } from '../context';

export function healthRoutes(app: AppContext): Router {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    const report = await app.health();
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report;
  });
  return router;
}
