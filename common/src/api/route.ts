/**
 * The shape of one HTTP route of the contract: what the gateway implements (gateway/src/http/route.ts)
 * and what the web client calls (web/src/api/client.ts), both typed from the same zod schemas, and
 * what the OpenAPI document (./openapi.ts) is generated from.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route is: what a client needs at run time (./paths.ts). */
export interface RoutePath {
  method: HttpMethod;
  /** The full path in koa-router syntax, e.g. `/api/pogs/:id`. */
  path: string;
}

export interface RouteDef extends RoutePath {
  /** One line for the OpenAPI document. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body with this one file field instead of JSON. */
  file?: string;
  /** The JSON answer; null for an empty 204. */
  response: z.ZodType | null;
  /** The success status when it is not 200 (201 created, 204 no content). */
  status?: 201 | 204;
  /** Lists answer a page at a time; the next page's cursor is in this response header. */
  nextCursorHeader?: true;
  /** Lists that say how many rows match in all (the filter applied, every page): in X-Total-Count. */
  totalCountHeader?: true;
}

/** A route of the table: its place (from ./paths.ts) and its schemas, literal types kept. */
export const defineRoute = <const P extends RoutePath, const S extends Omit<RouteDef, keyof RoutePath>>(at: P, schemas: S): P & S => ({ ...at, ...schemas });

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives once parsed. */
export type RouteParams<D extends RouteDef> = Output<D['params']>;
export type RouteQuery<D extends RouteDef> = Output<D['query']>;
export type RouteBody<D extends RouteDef> = Output<D['body']>;
/** What a handler must return (before the schema's own transforms, if any). */
export type RouteResult<D extends RouteDef> = D['response'] extends z.ZodType ? z.input<D['response']> : void;
/** What a client receives. */
export type RouteResponse<D extends RouteDef> = D['response'] extends z.ZodType ? z.output<D['response']> : undefined;

/** A value written in a URL: path parameters and query strings carry text. */
export type UrlValue = string | number | boolean;

/**
 * What a client sends: path parameters and query as text-able values (named as the schema reads them,
 * whatever it makes of them), the body before parsing.
 */
export type RouteCall<D extends RouteDef> = (D['params'] extends z.ZodType ? { params: { [K in keyof z.input<D['params']>]: UrlValue } } : { params?: undefined }) &
  (D['query'] extends z.ZodType ? { query?: { [K in keyof z.input<D['query']>]?: UrlValue | undefined } } : { query?: undefined }) &
  (D['body'] extends z.ZodType ? { body: Input<D['body']> } : D['file'] extends string ? { body: FormData } : { body?: undefined });

/** `/api/pogs/:id` with `{id: 7}` is `/api/pogs/7`; a missing parameter is a programming error. */
export function routeUrl(path: string, params: Record<string, UrlValue> | undefined, query?: Record<string, UrlValue | undefined>): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
