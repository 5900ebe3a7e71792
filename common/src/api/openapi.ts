/** The OpenAPI 3.1 document of the route table (served at GET /api/openapi.json). */
import { z } from 'zod';
import type { RouteDef } from './route';
import { apiRoutes } from './routes';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

/** What a client sends is the schema's input; what it receives is the output. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** `/api/pogs/:id` is `/api/pogs/{id}` in OpenAPI. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.includes(name), schema: property }));
}

const ERROR = {
  description: 'An error: `message` for a person, `code` from the error catalogue',
  content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' } }, required: ['message', 'code'] } } },
};

function operation(name: string, route: RouteDef) {
  const status = String(route.status ?? 200);
  const success: Record<string, unknown> = { description: route.response ? 'OK' : 'No content' };
  if (route.response) success.content = { 'application/json': { schema: jsonSchema(route.response, 'output') } };
  const headers: Record<string, unknown> = {};
  if (route.nextCursorHeader) headers['X-Next-Cursor'] = { description: 'The cursor of the next page, when there is one', schema: { type: 'string' } };
  if (route.totalCountHeader) headers['X-Total-Count'] = { description: 'How many rows match in all, on every page', schema: { type: 'integer' } };
  if (Object.keys(headers).length > 0) success.headers = headers;
  const body = route.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } }
    : route.file
      ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { [route.file]: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [route.file] } } } }
      : undefined;
  return {
    operationId: name,
    summary: route.summary,
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(body ? { requestBody: body } : {}),
    responses: { [status]: success, default: ERROR },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [domain, routes] of Object.entries(apiRoutes)) {
    for (const [name, route] of Object.entries(routes as Record<string, RouteDef>)) {
      const item = (paths[openApiPath(route.path)] ??= {});
      item[route.method.toLowerCase()] = operation(`${domain}.${name}`, route);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Pog Federation API', version: '1.0.0', description: 'Generated from the route table in common/src/api/routes.ts.' },
    paths,
  };
}
