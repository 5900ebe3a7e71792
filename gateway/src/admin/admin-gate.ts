/**
 * Resolves the admin session of every `/api/admin/*` request from the admin cookie, and refuses
 * (401) everything there except the login, logout and status calls when there is none. A player
 * session, even of a user whose role is admin, never opens the admin API.
 */
import type { Context, Middleware } from 'koa';
import { ADMIN_SESSION_REQUIRED, moderationPolicy } from '@pog/domain/moderation';
import type { AppContext } from '../context';
import { readAdminCookie } from './admin-cookie';
import type { AdminSession } from './admin-session-store';

const ADMIN_PREFIX = '/api/admin';
const OPEN_PATHS = new Set(['/api/admin/auth', '/api/admin/auth/status', '/api/admin/auth/logout']);
export { ADMIN_SESSION_REQUIRED };

interface AdminState {
  adminSession?: AdminSession;
  adminToken?: string;
}

export function adminGate(app: AppContext): Middleware {
  const gate: Middleware = async (ctx, next) => {
    const token = readAdminCookie(ctx);
    const session = token ? await app.adminSessions.get(token) : undefined;
    const state = ctx.state as AdminState;
    if (session && token) {
      state.adminSession = session;
      state.adminToken = token;
    }
    if (!OPEN_PATHS.has(ctx.path.replace(/\/+$/, ''))) moderationPolicy.authorize('moderate', { adminSessionId: session?.id }, null);
    return next();
  };
  // Every other path goes straight on, without a promise of the gate's own.
  return (ctx, next) => (ctx.path === ADMIN_PREFIX || ctx.path.startsWith(`${ADMIN_PREFIX}/`) ? gate(ctx, next) : next());
}

/** The admin session of a request past the gate (401 if absent, e.g. on the open paths). */
export function requireAdminSession(ctx: Context): AdminSession {
  const session = (ctx.state as AdminState).adminSession;
  moderationPolicy.authorize('moderate', { adminSessionId: session?.id }, null);
  return session!;
}

export function adminTokenOf(ctx: Context): string | undefined {
  return (ctx.state as AdminState).adminToken;
}
