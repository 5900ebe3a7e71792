/** The route table as types: the entry of a method and path (what the web client calls with). */
import type { RoutePath } from './route';
import type { apiRoutes } from './routes';

type Table = typeof apiRoutes;
/** Every entry of the table. */
export type AnyRoute = { [D in keyof Table]: Table[D][keyof Table[D]] }[keyof Table];
/** The entry at this method and path. */
export type RouteAt<P extends RoutePath> = Extract<AnyRoute, { method: P['method']; path: P['path'] }>;
