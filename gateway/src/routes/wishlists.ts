/**
 * Have and Want: a player's marks on POGs and the players they match with (always the signed-in
 * player's own). Changing marks counts against MARK_LIMITS.changesPerMinute before anything is read.
 */
import Router from '@koa/router';
import { MARK_LIMITS, RateLimitedError, wishlistsApi } from '@pog/common';
import { markPog, readMarks, readMatches } from '@pog/domain/wishlists';
import { requireUser } from '../auth/current-user';
import { retryAfterSeconds, spend, type LimitRule } from '../auth/rate-limit';
import type { AppContext } from '../context';
import { handle } from '../http/route';

const MARK_CHANGES: LimitRule = { name: 'marks:user', points: MARK_LIMITS.changesPerMinute, durationSeconds: 60 };
const TOO_MANY_CHANGES = `You have changed your marks ${MARK_LIMITS.changesPerMinute} times in the last minute. Please wait a moment and try again.`;

export function wishlistRoutes(app: AppContext): Router {
  const router = new Router();
  handle(router, wishlistsApi.marks, async ({ ctx }) => readMarks(app.db, (await requireUser(app, ctx)).id));
  handle(router, wishlistsApi.mark, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    await spend([[app.rateLimits.limiter(MARK_CHANGES), String(user.id)]], (refusal) => new RateLimitedError(retryAfterSeconds(refusal), TOO_MANY_CHANGES));
    return markPog(app.db, user.id, params().id, body(), app.clock.now());
  });
  handle(router, wishlistsApi.matches, async ({ ctx }) => readMatches(app.db, (await requireUser(app, ctx)).id, app.clock.now()));
  return router;
}
