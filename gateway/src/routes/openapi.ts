/** GET /api/openapi.json: the API as an OpenAPI 3.1 document, generated from the route table. */
import Router from '@koa/router';
import { docsApi, openApiDocument } from '@pog/common';
import { handle } from '../http/route';

export function openApiRoutes(): Router {
  const router = new Router({ prefix: '/api' });
  let document: ReturnType<typeof openApiDocument> | undefined;
  handle(router, docsApi.openapi, () => (document ??= openApiDocument()));
  return router;
}
