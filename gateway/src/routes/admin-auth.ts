/** Entering and leaving the admin area with the shared admin password (product spec: calls). */
import Router from '@koa/router';
import { adminAuthApi, UnauthorizedError } from '@pog/common';
import { clearAdminCookie, readAdminCookie, writeAdminCookie } from '../admin/admin-cookie';
import { adminTokenOf } from '../admin/admin-gate';
import { spendAdminGuess } from '../admin/login-limit';
import { verifyPassword } from '../auth/passwords';
import { keepIfWrong } from '../auth/rate-limit';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export const WRONG_ADMIN_PASSWORD = 'Invalid admin password';

export function adminAuthRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/admin/auth' });

  handle(router, adminAuthApi.login, async ({ ctx, body }) => {
    const { password } = body();
    const guess = await spendAdminGuess(app.rateLimits, ctx.ip);
    // argon2 verification compares in constant time; the stored value is only ever a hash.
    if (!(await keepIfWrong(guess, () => verifyPassword(app.adminPasswordHash, password)))) {
      throw new UnauthorizedError(WRONG_ADMIN_PASSWORD);
    }
    // A fresh session on every sign-in, so a planted cookie cannot ride along.
    const previous = readAdminCookie(ctx);
    if (previous) await app.adminSessions.destroy(previous);
    const { token } = await app.adminSessions.create();
    writeAdminCookie(ctx, token);
    return { authenticated: true };
  });

  handle(router, adminAuthApi.status, ({ ctx }) => ({ authenticated: adminTokenOf(ctx) !== undefined }));

  handle(router, adminAuthApi.logout, async ({ ctx }) => {
    const token = adminTokenOf(ctx) ?? readAdminCookie(ctx);
    if (token) await app.adminSessions.destroy(token);
    clearAdminCookie(ctx);
  });

  return router;
}
