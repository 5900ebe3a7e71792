/** Who is asking: resolved from the session cookie (what they may do: the domain's policies). */
import type { Context } from 'koa';
import { UnauthorizedError, type UserId } from '@pog/common';
import { asUserId } from '@pog/common/schemas/ids';
import type { tables } from '@pog/domain/db';
import type { AppContext } from '../context';

/** The session's user: the row read by the session's id, so its id is a UserId. */
type SessionUser = typeof tables.users.$inferSelect & { id: UserId };

export function sessionUserId(ctx: Context): UserId | undefined {
  const id = (ctx.session as { userId?: unknown } | null | undefined)?.userId;
  return typeof id === 'number' ? asUserId(id) : undefined;
}

/** The signed-in user, or 401. A banned user's sessions are gone, but a cached one is refused too. */
export async function requireUser(app: AppContext, ctx: Context): Promise<SessionUser> {
  return signedInUser(app, ctx);
}

/**
 * `requireUser` answered at once when the gateway keeps the user's row (most requests), without a
 * promise; a row to read gives a promise. A refusal throws either way.
 */
export function signedInUser(app: AppContext, ctx: Context): SessionUser | Promise<SessionUser> {
  const id = sessionUserId(ctx);
  if (id === undefined) throw new UnauthorizedError();
  const kept = app.users.kept(id);
  return kept ? admitted(ctx, kept.row) : app.users.get(id).then((row) => admitted(ctx, row));
}

function admitted(ctx: Context, user: tables.UserRow | undefined): SessionUser {
  if (!user || user.isBanned) {
    ctx.session = null;
    throw new UnauthorizedError();
  }
  return user as SessionUser;
}
