/** Stored notifications: written in the caller's unit of work, pushed by the relay after it commits. */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Notification, NotificationKind, NotificationList } from '@pog/common/schemas/notifications';
import type { Db, Tx } from '../db/client';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { notifications, type NotificationRow } from '../db/schema';
import { asNotificationId, type NotificationId, type UserId } from '@pog/common/schemas/ids';

export interface NewNotification {
  userId: UserId;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
  /** With a key, storing the same notification twice stores it once (retried jobs). */
  dedupeKey?: string;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Returns the stored notification, or null when one with the same dedupe key already exists. */
export async function insertNotification(db: Db | Tx, input: NewNotification): Promise<Notification | null> {
  return (await insertNotifications(db, [input]))[0] ?? null;
}

/**
 * Stores notifications, hand-written (db/raw-query.ts: every trade and battle command writes some):
 * one row per element of the arrays, in their order; those whose dedupe key was already used are skipped.
 */
const INSERT_NOTIFICATIONS: RawStatement = {
  name: 'notifications_insert',
  text: `INSERT INTO notifications AS n (user_id, kind, title, body, link, dedupe_key)
    SELECT v.user_id, v.kind, v.title, v.body, v.link, v.dedupe_key
    FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS v(user_id, kind, title, body, link, dedupe_key, n)
    ORDER BY v.n
    ON CONFLICT DO NOTHING RETURNING ${selectColumns(notifications, 'n')}`,
};

/** Stores several notifications in one statement; those whose dedupe key was already used are skipped. */
export async function insertNotifications(db: Db | Tx, inputs: NewNotification[]): Promise<Notification[]> {
  if (inputs.length === 0) return [];
  const rows = await rawQuery<NotificationRow>(db, INSERT_NOTIFICATIONS, [
    inputs.map((input) => input.userId),
    inputs.map((input) => input.kind),
    inputs.map((input) => input.title),
    inputs.map((input) => input.body),
    inputs.map((input) => input.link ?? null),
    inputs.map((input) => input.dedupeKey ?? null),
  ]);
  return rows.map(toNotification);
}

export async function listNotifications(db: Db, userId: UserId, limit = 50): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { items: rows.map(toNotification), unreadCount: Number(unread[0]?.n ?? 0) };
}

/**
 * Marks the given notifications (or all) of this user read; others' ids are ignored. One unit of
 * work: when anything changed, every tab of the player hears it (`notifications:read`, with the
 * unread count after it), so each bell's count follows at once. Returns that count.
 */
export async function markNotificationsRead(db: Db, userId: UserId, ids: NotificationId[] | undefined, at: Date): Promise<number> {
  return inUnitOfWork(db, at, async (uow) => {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const marked = await uow.tx
      .update(notifications)
      .set({ readAt: at })
      .where(ids ? and(mine, inArray(notifications.id, ids.length ? ids : [asNotificationId(-1)])) : mine)
      .returning({ id: notifications.id });
    const [unread] = await uow.tx.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    const unreadCount = Number(unread?.n ?? 0);
    if (marked.length > 0) uow.toUser(userId, 'notifications:read', { ids: ids ? marked.map((row) => row.id) : null, unreadCount });
    return unreadCount;
  });
}

/** Stores a notification in the unit of work, which pushes it once committed. */
export async function notify(uow: UnitOfWork, input: NewNotification): Promise<void> {
  await notifyAll(uow, [input]);
}

/**
 * Pushes, once committed, a notification the caller stored itself (in the statement that made what
 * it tells of), as `notify` pushes the ones it stores: `stored` is what the database gave the row.
 */
export function notifyStored(uow: UnitOfWork, input: NewNotification, stored: { id: NotificationId; createdAt: Date }): void {
  const { userId, kind, title, body } = input;
  uow.toUser(userId, 'notification', toNotification({ ...stored, userId, kind, title, body, link: input.link ?? null, dedupeKey: input.dedupeKey ?? null, readAt: null }));
}

/** `notify` for several at once: one statement. Those a dedupe key already stored are not pushed again. */
export async function notifyAll(uow: UnitOfWork, inputs: NewNotification[]): Promise<void> {
  for (const stored of await insertNotifications(uow.tx, inputs)) uow.toUser(stored.userId, 'notification', stored);
}
