/**
 * Delete spammer, behind the admin gate like the rest of /api/admin: the preview the confirmation
 * dialog shows, and the action (one unit of work in the domain).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { adminApi } from '@pog/common';
import { deleteSpammer, previewSpammerDeletion, type SpammerHunter } from '@pog/domain/moderation';
import type { AdminSessionId } from '@pog/common/schemas/ids';
import type { AppContext } from '../context';
import { handle } from '../http/route';

/** The admin session (401 without one) and the player signed in beside it. */
type ActorOf = (ctx: Context) => SpammerHunter & { adminSessionId: AdminSessionId };

export function spammerRoutes(app: AppContext, router: Router, actorOf: ActorOf): void {
  handle(router, adminApi.spammerPreview, async ({ ctx, params }) => {
    return await previewSpammerDeletion(app.db, actorOf(ctx), params().id);
  });

  handle(router, adminApi.deleteSpammer, async ({ ctx, params, body }) => {
    const admin = actorOf(ctx);
    const { id } = params();
    const { reason } = body();
    const result = await deleteSpammer(app.db, { userId: id, reason, ...admin }, app.clock.now());
    // The unit of work told every gateway durably; this says it at once too, as a ban does.
    await app.bus.announce({ type: 'user', userId: id });
    return result;
  });
}
