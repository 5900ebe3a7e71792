/** Accounts and sessions: register, login, logout, current user (spec sections 5, 7, 8). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { avatarColorFor, ConflictError, ForbiddenError, loginRequestSchema, registerRequestSchema, UnauthorizedError } from '@pog/common';
import { findUserByUsername, tables, toUser } from '@pog/common/server';
import type { AppContext } from '../context';
import { requireUser } from '../auth/current-user';
import { assertLoginAllowed, countRegistration, recordLoginFailure } from '../auth/login-limits';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { parseBody } from '../http/validate';
import { checkAchievementsLater } from './achievements';

const BAD_CREDENTIALS = 'Invalid username or password';
const TAKEN = 'That username is already taken. Please choose another.';

/** A fresh session id on every sign-in, so a planted cookie cannot ride along. */
async function startSession(ctx: Context, userId: number): Promise<void> {
  await ctx.session!.regenerate();
  ctx.session!.userId = userId;
}

export function authRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/register', async (ctx) => {
    const input = parseBody(ctx, registerRequestSchema);
    await countRegistration(app.rateLimiter, ctx.ip);
    if (await findUserByUsername(app.db, input.username)) throw new ConflictError(TAKEN);
    const passwordHash = await hashPassword(input.password);
    let row;
    try {
      [row] = await app.db
        .insert(tables.users)
        .values({ username: input.username, displayName: input.username, passwordHash, avatarColor: avatarColorFor(input.username) })
        .returning();
    } catch (error) {
      // Two registrations of one name at once: the unique index decides.
      if ((error as { code?: string }).code === '23505' || String((error as Error).message).includes('users_username_lower_key')) {
        throw new ConflictError(TAKEN);
      }
      throw error;
    }
    await startSession(ctx, row!.id);
    await app.queue.enqueue('user.welcome', { userId: row!.id }, { jobId: `welcome:${row!.id}` });
    ctx.status = 201;
    ctx.body = toUser(row!);
  });

  router.post('/login', async (ctx) => {
    const input = parseBody(ctx, loginRequestSchema);
    await assertLoginAllowed(app.rateLimiter, input.username, ctx.ip);
    const user = await findUserByUsername(app.db, input.username);
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
    if (!user || !ok) {
      await recordLoginFailure(app.rateLimiter, input.username, ctx.ip);
      throw new UnauthorizedError(BAD_CREDENTIALS);
    }
    if (user.isBanned) {
      throw new ForbiddenError(`Your account has been banned${user.banReason ? `: ${user.banReason}` : '.'}`);
    }
    await startSession(ctx, user.id);
    // Catches up achievements reached before they were recorded (e.g. stats from before an update).
    await checkAchievementsLater(app, [user.id]);
    ctx.body = toUser(user);
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.status = 204;
  });

  router.get('/user', async (ctx) => {
    ctx.body = toUser(await requireUser(app, ctx));
  });

  return router;
}
