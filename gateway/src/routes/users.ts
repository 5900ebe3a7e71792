/** Players: the list (trade partners, creator filter), a profile, and a player's POGs. */
import Router from '@koa/router';
import { NotFoundError, usersApi } from '@pog/common';
import { findPublicUser, findUserById } from '@pog/domain/users';
import { listOwnedPogs, toPogFor } from '@pog/domain/pogs';
import { sessionUserId } from '../auth/current-user';
import type { AppContext } from '../context';
import { handle } from '../http/route';
import { PlayerListAnswers } from './player-list-answers';
import { searchClient } from './search-limits';

export function userRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/users' });
  /** The lists' pages, answered again while no change falls on them (player-list-answers.ts). */
  const listAnswers = new PlayerListAnswers(app.db);

  /**
   * A page of players (`limit`, `cursor` from the previous page's X-Next-Cursor), `search`able by
   * name; `canBeChallenged=1` keeps those holding a POG they could risk (the challenge form's
   * opponents), `holding=1` those holding any POG (trade partners, creators). A search counts
   * against the same limits as Explore's (search-limits.ts).
   */
  handle(router, usersApi.list, async ({ ctx, query: parseQuery }) => {
    const { canBeChallenged, holding, ...query } = parseQuery();
    const filter = { ...query, holding: Boolean(holding) };
    const answer = () => (canBeChallenged ? listAnswers.answerUnkept({ ...filter, challengeableAt: app.clock.now() }) : listAnswers.answer(filter));
    const { body, nextCursor } = filter.search ? await app.searches.run(searchClient(sessionUserId(ctx), ctx.ip), answer) : await answer();
    if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
    ctx.set('Access-Control-Expose-Headers', 'X-Next-Cursor');
    return body;
  });

  handle(router, usersApi.get, async ({ params }) => {
    const { id } = params();
    const user = await findPublicUser(app.db, id);
    if (!user) throw new NotFoundError('That player does not exist.');
    return user;
  });

  handle(router, usersApi.pogs, async ({ ctx, params }) => {
    const { id } = params();
    if (!(await findUserById(app.db, id))) throw new NotFoundError('That player does not exist.');
    const viewerId = sessionUserId(ctx);
    const rows = await listOwnedPogs(app.db, id, viewerId === id);
    const now = app.clock.now();
    return rows.map((row) => toPogFor(viewerId, row, now));
  });

  return router;
}
