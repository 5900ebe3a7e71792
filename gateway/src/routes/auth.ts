/** Accounts and sessions: register, login, logout, current user (product spec: validation, calls and errors). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { authApi, ConflictError, ForbiddenError, UnauthorizedError, userStream, type User } from '@pog/common';
import { findUserByUsername, registerPlayer, toUser, USERNAME_TAKEN } from '@pog/domain/users';
import { recordJob } from '@pog/domain/outbox';
import { type Db, type tables } from '@pog/domain/db';
import type { AppContext } from '../context';
import { signedInUser } from '../auth/current-user';
import { countRegistration, spendLoginAttempt } from '../auth/login-limits';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { keepIfWrong } from '../auth/rate-limit';
import { handle } from '../http/route';
import { SerializedJson } from '../http/serialized-json';
import type { UserId } from '@pog/common/schemas/ids';

const BAD_CREDENTIALS = 'Invalid username or password';

/**
 * The player as the app shows them, with where their event stream stands: as far as this gateway
 * has delivered (never past the database's head, so a client resuming from it misses nothing).
 */
async function signedIn(app: AppContext, row: tables.UserRow): Promise<User> {
  return { ...toUser(row), streamPosition: await app.streamHeads.get(userStream(row.id)) };
}

/** The answer last made for a user row, and the stream position it says. */
interface KeptAnswer {
  streamPosition: number;
  answer: SerializedJson<User>;
}

/**
 * `GET /api/user` answers, serialised once per user row and stream position. The user cache gives
 * the same row object until the user changes (a ban, a role, a new name: the changed row is read
 * anew, a new object), so an answer kept with its row is never one about an older version of the
 * player; a row that is gone takes its answer with it. With the row and the stream's head kept in
 * memory (the usual case), the answer is given at once, without a promise.
 */
function currentUserAnswers(app: AppContext): (row: tables.UserRow) => SerializedJson<User> | Promise<SerializedJson<User>> {
  const kept = new WeakMap<tables.UserRow, KeptAnswer>();
  const answer = (row: tables.UserRow, streamPosition: number): SerializedJson<User> => {
    const known = kept.get(row);
    if (known && known.streamPosition === streamPosition) return known.answer;
    const made = new SerializedJson<User>({ ...toUser(row), streamPosition });
    kept.set(row, { streamPosition, answer: made });
    return made;
  };
  return (row) => {
    const stream = userStream(row.id);
    const head = app.streamHeads.known(stream);
    return head === undefined ? app.streamHeads.get(stream).then((position) => answer(row, position)) : answer(row, head);
  };
}

/** A fresh session id on every sign-in, so a planted cookie cannot ride along. */
async function startSession(ctx: Context, userId: UserId): Promise<void> {
  await ctx.session!.regenerate();
  ctx.session!.userId = userId;
}

/** The player whose password this is, if it is; an unknown name still costs one verification. */
async function checkCredentials(db: Db, username: string, password: string): Promise<tables.UserRow | undefined> {
  const user = await findUserByUsername(db, username);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  return ok ? user : undefined;
}

export function authRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api' });

  handle(router, authApi.register, async ({ ctx, body }) => {
    const input = body();
    await countRegistration(app.rateLimits, ctx.ip);
    if (await findUserByUsername(app.db, input.username)) throw new ConflictError(USERNAME_TAKEN);
    const passwordHash = await hashPassword(input.password);
    const row = await registerPlayer(app.db, { username: input.username, passwordHash }, app.clock.now());
    await startSession(ctx, row.id);
    return await signedIn(app, row);
  });

  handle(router, authApi.login, async ({ ctx, body }) => {
    const input = body();
    const attempt = await spendLoginAttempt(app.rateLimits, input.username, ctx.ip);
    const user = await keepIfWrong(attempt, () => checkCredentials(app.db, input.username, input.password));
    if (!user) throw new UnauthorizedError(BAD_CREDENTIALS);
    if (user.isBanned) {
      throw new ForbiddenError(`Your account has been banned${user.banReason ? `: ${user.banReason}` : '.'}`);
    }
    await startSession(ctx, user.id);
    // Catches up achievements reached before they were recorded (e.g. stats from before an update).
    await recordJob(app.db, app.clock.now(), 'achievements.check', { userIds: [user.id] });
    return await signedIn(app, user);
  });

  handle(router, authApi.logout, ({ ctx }) => {
    ctx.session = null;
  });

  const currentUser = currentUserAnswers(app);
  handle(router, authApi.currentUser, ({ ctx }) => {
    const user = signedInUser(app, ctx);
    return user instanceof Promise ? user.then(currentUser) : currentUser(user);
  });

  return router;
}
