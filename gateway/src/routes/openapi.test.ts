/**
 * The route table is the contract: every /api route the gateway registers is an entry of the table
 * (and so of GET /api/openapi.json), and every operation of the document is a route that exists.
 */
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, openApiDocument, openApiPath, type RouteDef } from '@pog/common';
import { apiRouters } from '../app';
import type { AppContext } from '../context';
import { startTestApp, type TestApp } from '../testing/test-app';

/** What the routers register, as `METHOD /path/{param}` (koa-router adds HEAD to every GET). */
function registered(): string[] {
  // Only what the route factories touch while registering; no request is served.
  const app = { config: { uploadDir: '/nowhere' }, metrics: { registry: new Registry() }, rateLimits: { limiter: () => undefined } } as unknown as AppContext;
  return apiRouters(app)
    .flatMap((router) => router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${openApiPath(String(layer.path))}`)))
    .sort();
}

function documented(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the route table and the OpenAPI document', () => {
  it('lists exactly the routes the gateway registers', () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(routes).size).toBe(routes.length);
    expect(documented(openApiDocument())).toEqual(routes);
  });

  it('names each operation once and documents its parameters and answers', () => {
    const table = Object.values(apiRoutes).flatMap((domain) => Object.values(domain as Record<string, RouteDef>));
    expect(new Set(table.map((r) => `${r.method} ${r.path}`)).size).toBe(table.length);
    const document = openApiDocument();
    const get = document.paths['/api/pogs/{id}']!.get as { parameters: { name: string; in: string }[]; responses: Record<string, { content?: unknown }> };
    expect(get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(get.responses['200']!.content).toBeDefined();
    const remove = document.paths['/api/pogs/{id}']!.delete as { responses: Record<string, { content?: unknown }> };
    expect(Object.keys(remove.responses)).toEqual(['204', 'default']);
  });
});

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the OpenAPI 3.1 document of every registered route', async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(documented(document)).toEqual(registered());
  });
});
