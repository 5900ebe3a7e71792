/** A handler registered from a route-table entry: its parts parsed by the entry's schemas, its answer checked by the response schema. */
import Koa from 'koa';
import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, ValidationError } from '@pog/common';
import { handle } from './route';
import { SerializedJson } from './serialized-json';

const entry = defineRoute(
  { method: 'POST', path: '/api/things/:id' },
  { summary: 'test', params: z.object({ id: z.string().regex(/^\d+$/, 'id must be digits').transform(Number) }), body: z.object({ name: z.string() }), response: z.object({ id: z.number(), name: z.string() }), status: 201 },
);

async function call(handler: Parameters<typeof handle<typeof entry>>[2], path: string, body: unknown) {
  const router = new Router({ prefix: '/api/things' });
  handle(router, entry, handler);
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      (ctx.request as { body?: unknown }).body = body;
      await next();
    } catch (error) {
      ctx.status = error instanceof ValidationError ? 400 : 500;
      ctx.body = { message: (error as Error).message };
    }
  });
  app.use(router.routes());
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
    return { status: response.status, body: (await response.json()) as { message: string } };
  } finally {
    server.close();
  }
}

describe('handle', () => {
  it('parses params and body with the entry schemas and answers with its status', async () => {
    const answer = await call(({ params, body }) => ({ id: params().id, name: body().name }), '/api/things/12', { name: 'disc' });
    expect(answer).toEqual({ status: 201, body: { id: 12, name: 'disc' } });
  });

  it('refuses what the schemas refuse, as a validation error', async () => {
    expect(await call(({ params, body }) => ({ id: params().id, name: body().name }), '/api/things/x', { name: 'disc' })).toEqual({ status: 400, body: { message: 'id must be digits' } });
  });

  it('fails an answer outside the response schema under test', async () => {
    // @ts-expect-error the compiler refuses this answer too: name must be a string
    const answer = await call(({ params }) => ({ id: params().id, name: 5 }), '/api/things/3', {});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toContain('answered outside its contract: name:');
  });

  it('sends an answer already serialised as its JSON, and fails one outside the response schema under test', async () => {
    expect(await call(({ params }) => new SerializedJson({ id: params().id, name: 'kept' }), '/api/things/4', {})).toEqual({ status: 201, body: { id: 4, name: 'kept' } });
    // @ts-expect-error the compiler refuses this answer too: its value's name must be a string
    const answer = await call(({ params }) => new SerializedJson({ id: params().id, name: 5 }), '/api/things/5', {});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toContain('answered outside its contract: name:');
  });
});
