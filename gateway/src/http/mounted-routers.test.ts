/**
 * Routers mounted by the app (app.ts `mount`) skip paths outside their prefix: every request must
 * be answered exactly as when each router's routes and method answer run for every path.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { mount } from '../app';

function routers(): Router[] {
  const admin = new Router({ prefix: '/api/admin' });
  admin.get('/users', (ctx) => void (ctx.body = 'admin users'));
  admin.post('/users/:id/ban', (ctx) => void (ctx.body = `ban ${ctx.params.id}`));
  const auth = new Router({ prefix: '/api' });
  auth.get('/user', (ctx) => void (ctx.body = 'me'));
  auth.post('/login', (ctx) => void (ctx.body = 'in'));
  const users = new Router({ prefix: '/api/users' });
  users.get('/', (ctx) => void (ctx.body = 'list'));
  users.get('/:id', (ctx) => void (ctx.body = `user ${ctx.params.id}`));
  users.delete('/:id', (ctx) => void (ctx.body = 'gone'));
  const plain = new Router();
  plain.get('/api/users/:id/wishlist', (ctx) => void (ctx.body = 'wishes'));
  plain.put('/healthz', (ctx) => void (ctx.body = 'put'));
  return [admin, auth, users, plain];
}

async function answers(app: Koa, requests: Array<[string, string]>): Promise<string[]> {
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const out: string[] = [];
    for (const [method, path] of requests) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      out.push(`${method} ${path} -> ${res.status} allow=${res.headers.get('allow')} ${await res.text()}`);
    }
    return out;
  } finally {
    server.close();
  }
}

describe('mount', () => {
  it('answers every method and path as the routers all run in turn would', async () => {
    const paths = ['/api/user', '/API/USER', '/api/user/', '/api/users', '/api/users/', '/Api/Users/7', '/api/users/7/wishlist', '/api/admin/users', '/API/ADMIN/USERS/3/BAN', '/api/adminx', '/api/login', '/api', '/healthz', '/elsewhere'];
    const requests = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND'].flatMap((method) => paths.map((path): [string, string] => [method, path]));
    const everyRouter = new Koa();
    for (const router of routers()) everyRouter.use(router.routes()).use(router.allowedMethods());
    const mounted = new Koa();
    for (const router of routers()) mount(mounted, router);
    const expected = await answers(everyRouter, requests);
    expect(await answers(mounted, requests)).toEqual(expected);
    // The cases that matter are there: a prefix's routes by another case, a 405 and an OPTIONS answer.
    expect(expected).toContain('GET /API/USER -> 200 allow=null me');
    expect(expected).toContain('PUT /API/ADMIN/USERS/3/BAN -> 405 allow=POST Method Not Allowed');
    expect(expected.some((line) => line.startsWith('PUT /api/users/ -> 405 allow=HEAD, GET'))).toBe(true);
    expect(expected.some((line) => line.startsWith('OPTIONS /api/admin/users -> 200 allow=HEAD, GET'))).toBe(true);
  });
});
