/** POGs: create, edit, delete, read and browse (product spec: screens, entities and calls). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { NotFoundError, pogsApi, RateLimitedError } from '@pog/common';
import type { PogId } from '@pog/common/schemas/ids';
import { createPog, deleteOwnPog, findPog, holdsHiddenPogs, MISSING_POG, ownHiddenPogs, pogPolicy, scorePreview, toPogFor, toPogWithNotes, updatePogDesign, type PogWithNames } from '@pog/domain/pogs';
import { pogProvenance } from '@pog/domain/provenance';
import { requireUser, sessionUserId } from '../auth/current-user';
import { retryAfterSeconds, spend } from '../auth/rate-limit';
import type { AppContext } from '../context';
import { handle } from '../http/route';
import { registerPogListMetrics } from '../observability/gateway-metrics';
import { PogListAnswers } from './pog-list-answers';
import { searchClient } from './search-limits';

const RECENT_COUNT = 20;

/**
 * Score previews a player may ask for a minute. The Creator Studio asks once the design has rested
 * for a moment, so a player designing asks a few times a minute; a script asking in a loop is held
 * to this (each preview is a handful of counting queries).
 */
export const SCORE_PREVIEWS_PER_MINUTE = 60;
const PREVIEW_LIMIT = { name: 'pog-preview:user', points: SCORE_PREVIEWS_PER_MINUTE, durationSeconds: 60 };

export function pogRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/pogs' });
  /** What the owner and the admins see: with the moderator's notes. */
  const privateDto = (found: PogWithNames) => toPogWithNotes(found, app.clock.now());
  /** Explore's pages, answered again while the database has not changed (pog-list-answers.ts). */
  const listAnswers = new PogListAnswers(app.db);
  registerPogListMetrics(app.metrics.registry, listAnswers.counts);

  /** The POG, if this visitor may see it (404 otherwise: pogs/policy.ts). */
  async function visiblePog(ctx: Context, id: PogId): Promise<PogWithNames> {
    const found = await findPog(app.db, id);
    if (!found) throw new NotFoundError(MISSING_POG);
    const viewerId = sessionUserId(ctx);
    pogPolicy.authorize('view', viewerId === undefined ? undefined : { id: viewerId }, found.pog);
    return found;
  }

  handle(router, pogsApi.create, async ({ ctx, body }) => {
    const user = await requireUser(app, ctx);
    return privateDto(await createPog(app.db, user.id, body(), app.clock.now()));
  });

  handle(router, pogsApi.scorePreview, async ({ ctx, body }) => {
    const user = await requireUser(app, ctx);
    const request = body();
    await spend([[app.rateLimits.limiter(PREVIEW_LIMIT), String(user.id)]], (refusal) => {
      const seconds = retryAfterSeconds(refusal);
      return new RateLimitedError(seconds, `Too many score previews. The preview comes back in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    });
    return await scorePreview(app.db, user.id, request);
  });

  handle(router, pogsApi.list, async ({ ctx, query }) => {
    const page = query();
    const viewerId = sessionUserId(ctx);
    const answer = async () => {
      if (viewerId === undefined) return listAnswers.answer(page, app.clock.now());
      // The viewer's own POGs hidden by reports still show to them; usually they hold none, and the
      // shared page, asked for meanwhile rather than after, is theirs.
      const [holds, shared] = await Promise.all([holdsHiddenPogs(app.db, viewerId), listAnswers.answer(page, app.clock.now())]);
      const own = holds ? await ownHiddenPogs(app.db, viewerId, page) : [];
      return own.length ? listAnswers.answerWithOwn(page, own, app.clock.now()) : shared;
    };
    const { body, nextCursor } = page.search ? await app.searches.run(searchClient(viewerId, ctx.ip), answer) : await answer();
    if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
    ctx.set('Access-Control-Expose-Headers', 'X-Next-Cursor');
    return body;
  });

  handle(router, pogsApi.recent, async () => (await listAnswers.answer({ sort: 'recent', limit: RECENT_COUNT }, app.clock.now())).body);

  handle(router, pogsApi.get, async ({ ctx, params }) => {
    const { id } = params();
    return toPogFor(sessionUserId(ctx), await visiblePog(ctx, id), app.clock.now());
  });

  /** The POG's page: public like Explore (a visitor sees it too), its history oldest first. */
  handle(router, pogsApi.provenance, async ({ ctx, params }) => {
    const { id } = params();
    const viewerId = sessionUserId(ctx);
    return await pogProvenance(app.db, await visiblePog(ctx, id), viewerId, app.clock.now());
  });

  handle(router, pogsApi.update, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const changes = body();
    return privateDto(await updatePogDesign(app.db, id, user.id, changes, app.clock.now()));
  });

  handle(router, pogsApi.delete, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    await deleteOwnPog(app.db, id, user.id, app.clock.now());
  });

  return router;
}
