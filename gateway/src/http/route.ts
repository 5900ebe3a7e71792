/**
 * Registers a handler for an entry of the route table (common/src/api/routes.ts): the entry gives
 * the method and path, its schemas parse params, query and body (http/validate.ts, so a bad value is
 * the same 400 as anywhere), and the handler's result must be the entry's response type. Parsing is
 * on demand (`req.params()`...), so a handler keeps its order of checks (who is asking first, then
 * what they sent). Under NODE_ENV=test every answer is also checked against the response schema, so
 * a server that drifts from the contract fails the tests.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '@pog/common';
import { SerializedJson } from './serialized-json';
import { parseBody, parseParams, parseQuery } from './validate';

export interface RouteRequest<D extends RouteDef> {
  ctx: Context;
  params(): RouteParams<D>;
  query(): RouteQuery<D>;
  body(): RouteBody<D>;
}

/** What a handler answers: the value, or the value already serialised (http/serialized-json.ts). */
type Answer<D extends RouteDef> = RouteResult<D> | SerializedJson<RouteResult<D>>;

export type RouteHandler<D extends RouteDef> = (req: RouteRequest<D>) => Promise<Answer<D>> | Answer<D>;

const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

/** The parser of one part, run once however often the handler asks. */
function once<T>(read: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = read();
      done = true;
    }
    return value;
  };
}

function checkAnswer(route: RouteDef, body: unknown): void {
  const result = (route.response as z.ZodType).safeParse(body);
  if (!result.success) {
    const where = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`);
    throw new Error(`${route.method} ${route.path} answered outside its contract: ${where.join('; ')}`);
  }
}

/** The path of `route` inside `router` (whose prefix the route's full path starts with). */
function localPath(router: Router, route: RouteDef): string {
  const prefix = router.opts.prefix ?? '';
  if (!route.path.startsWith(prefix)) throw new Error(`${route.path} is not under the router's prefix ${prefix}`);
  return route.path.slice(prefix.length) || '/';
}

/** Sets the handler's answer as the response (204 for a route that answers nothing). */
function respond(ctx: Context, route: RouteDef, result: unknown): void {
  if (route.response === null) {
    ctx.status = 204;
    return;
  }
  if (CHECK_ANSWERS) checkAnswer(route, result instanceof SerializedJson ? result.toJSON() : result);
  ctx.status = route.status ?? 200;
  ctx.body = result;
}

export function handle<D extends RouteDef>(router: Router, route: D, handler: RouteHandler<D>): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  // Not async: a handler that answers at once (a kept answer) costs no promise here (koa-compose
  // turns a throw into a rejection).
  router[method](localPath(router, route), (ctx) => {
    const req: RouteRequest<D> = {
      ctx,
      params: once(() => (route.params ? parseParams(ctx, route.params) : undefined) as RouteParams<D>),
      query: once(() => (route.query ? parseQuery(ctx, route.query) : undefined) as RouteQuery<D>),
      body: once(() => (route.body ? parseBody(ctx, route.body) : undefined) as RouteBody<D>),
    };
    const result = handler(req);
    if (result instanceof Promise) return result.then((answer) => respond(ctx, route, answer));
    respond(ctx, route, result);
    return undefined;
  });
}
