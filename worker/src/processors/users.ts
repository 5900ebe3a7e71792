/** Account jobs. */
import { BRAND } from '@pog/common';
import { inUnitOfWork } from '@pog/domain/outbox';
import { insertNotifications } from '@pog/domain/notifications';
import { purgeExpiredSessions } from '@pog/domain/users';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type Processor } from '@pog/domain/jobs';

export const WELCOME_TITLE = `Welcome to ${BRAND}`;
export const WELCOME_BODY = 'Design your first POG in the Creator Studio, then trade and battle with other players.';

/**
 * Stores the welcome notification and pushes it. Idempotent: the dedupe key makes a retry store
 * nothing new and push nothing twice.
 */
export function welcomeProcessor(deps: { db: Db; clock: Clock }): Processor<'user.welcome'> {
  return async ({ userId }) => {
    try {
      const notification = await inUnitOfWork(deps.db, deps.clock.now(), async (uow) => {
        const [stored] = await insertNotifications(uow.tx, [{ userId, kind: 'welcome', title: WELCOME_TITLE, body: WELCOME_BODY, link: '/create', dedupeKey: 'welcome' }]);
        if (stored) uow.toUser(userId, 'notification', stored);
        return stored;
      });
      return { notificationId: notification?.id ?? null };
    } catch (error) {
      // The account was deleted before the job ran: nothing to welcome, nothing to retry.
      if ((error as { code?: string }).code === '23503') return { notificationId: null };
      throw error;
    }
  };
}

/** How often expired sessions are deleted. */
export const SESSION_PURGE_MS = 60 * 60 * 1000;

/** Deletes expired sessions. Idempotent: a second run finds nothing left to delete. */
export function purgeSessionsProcessor(deps: { db: Db; clock: Clock }): Processor<'sessions.purge'> {
  return async () => purgeExpiredSessions(deps.db, deps.clock.now());
}
