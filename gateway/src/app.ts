/** The Koa application: middleware order matters and is the whole story of a request. */
import type Router from '@koa/router';
import Koa from 'koa';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH, NotFoundError } from '@pog/common';
import { sessionMiddleware } from './auth/session-cookie';
import type { AppContext } from './context';
import { compressJson } from './http/compress-json';
import { SigningKeys } from './http/signing-keys';
import { errorHandler } from './http/error-handler';
import { trustProxyHops } from './http/forwarded';
import { jsonBody } from './http/json-body';
import { methodNotAllowedAsJson } from './http/method-not-allowed';
import { requestContext } from './observability/request-context';
import { sameOriginGuard } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { pogPage } from './http/pog-page';
import { webApp } from './http/static-files';
import { adminGate } from './admin/admin-gate';
import { achievementRoutes } from './routes/achievements';
import { adminRoutes } from './routes/admin';
import { adminAuthRoutes } from './routes/admin-auth';
import { authRoutes } from './routes/auth';
import { battleRoutes } from './routes/battles';
import { chatRoutes } from './routes/chat';
import { healthRoutes } from './routes/health';
import { notificationRoutes } from './routes/notifications';
import { openApiRoutes } from './routes/openapi';
import { pogRoutes } from './routes/pogs';
import { reportRoutes } from './routes/reports';
import { leaderboardRoutes } from './routes/leaderboard';
import { arenaRoutes } from './routes/arena';
import { tradeRoutes } from './routes/trades';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { wishlistRoutes } from './routes/wishlists';
import { uploadedFiles } from './http/uploaded-files';

export function createKoaApp(app: AppContext): Koa {
  const koa = new Koa();
  // Keygrip's signatures, compared without its per-check random bytes (http/signing-keys.ts).
  koa.keys = new SigningKeys(app.config.sessionKeys);
  trustProxyHops(koa, app.config.proxyHops);
  koa.silent = true; // errors are logged once, by the error handler

  // First: the security headers and the request id, access line and request metrics see every answer, errors included.
  koa.use(securityHeaders());
  koa.use(requestContext({ log: app.log, metrics: app.metrics.http }));
  koa.use(errorHandler(app.log));
  koa.use(methodNotAllowedAsJson());
  // Inside the error handler: a failed compression is an error answer like any other.
  koa.use(compressJson());
  mount(koa, healthRoutes(app));
  koa.use(sameOriginGuard({ allowed: app.config.publicOrigins }));
  // Before the session: a refused body costs no session lookup.
  koa.use(jsonBody({ maxBytes: MAX_JSON_BYTES, maxDepth: MAX_JSON_DEPTH }));
  koa.use(sessionMiddleware(koa, app.sessions));
  // The admin area has its own session (cookie `pf.admin`); the gate answers 401 without one.
  koa.use(adminGate(app));
  for (const router of apiRouters(app)) mount(koa, router);

  koa.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw new NotFoundError(`No API endpoint at ${ctx.method} ${ctx.path}`);
    await next();
  });
  koa.use(uploadedFiles(app.config.uploadDir));
  koa.use(pogPage(app));
  koa.use(webApp(app.config.webDist));
  return koa;
}

/** The routers of /api in the order they are mounted (the admin area's first); each implements entries of the route table. */
export function apiRouters(app: AppContext): Router[] {
  return [
    ...[adminAuthRoutes(app), adminRoutes(app), reportRoutes(app)],
    ...[authRoutes(app), notificationRoutes(app), pogRoutes(app), userRoutes(app), uploadRoutes(app), tradeRoutes(app), wishlistRoutes(app), battleRoutes(app)],
    ...[leaderboardRoutes(app), arenaRoutes(app), achievementRoutes(app), chatRoutes(app), openApiRoutes()],
  ];
}

/**
 * The router's routes, then its answer to a method the path does not have (405, OPTIONS). A router
 * with a prefix is skipped, both parts, on a path outside it (matched as its routes are: ignoring
 * case): none of its routes could match there, and the method answer is the same whichever router
 * gives it (each reads what every router matched, `ctx.matched`, and the routers without a prefix
 * always run). So an API call passes through the routers that may answer it, not all of them.
 */
export function mount(koa: Koa, router: Router): void {
  // As Koa's middleware: the router's own types ask for its context, which Koa's becomes once routed.
  const routes = router.routes() as unknown as Koa.Middleware;
  const allowedMethods = router.allowedMethods() as unknown as Koa.Middleware;
  const prefix = router.opts.prefix ?? '';
  // Only a plain prefix (no parameters or patterns) says for sure where its routes are.
  if (!/^(?:\/[\w-]+)+$/.test(prefix)) {
    koa.use(routes);
    koa.use(allowedMethods);
    return;
  }
  const under = new RegExp(`^${prefix}`, 'i');
  const mounted: Koa.Middleware = (ctx, next) => (under.test(ctx.path) ? routes(ctx, () => allowedMethods(ctx, next)) : next());
  // Names its router, as the router's own middleware does, for whoever lists the app's routes.
  koa.use(Object.assign(mounted, { router }));
}
