/** Stored notifications: written in the caller's unit of work, pushed by the relay after it commits. */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Notification, NotificationKind, NotificationList } from '../../schemas/notifications';
import type { Db, Tx } from '../db/client';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { notifications, type NotificationRow } from '../db/schema';

export interface NewNotification {
  userId: number;
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

/** Stores several notifications in one statement; those whose dedupe key was already used are skipped. */
export async function insertNotifications(db: Db | Tx, inputs: NewNotification[]): Promise<Notification[]> {
  if (inputs.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      inputs.map((input) => ({
        userId: input.userId,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        dedupeKey: input.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning();
  return rows.map(toNotification);
}

export async function listNotifications(db: Db, userId: number, limit = 50): Promise<NotificationList> {
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
export async function markNotificationsRead(db: Db, userId: number, ids: number[] | undefined, at: Date): Promise<number> {
  return inUnitOfWork(db, at, async (uow) => {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const marked = await uow.tx
      .update(notifications)
      .set({ readAt: at })
      .where(ids ? and(mine, inArray(notifications.id, ids.length ? ids : [-1])) : mine)
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

/** `notify` for several at once: one statement. Those a dedupe key already stored are not pushed again. */
export async function notifyAll(uow: UnitOfWork, inputs: NewNotification[]): Promise<void> {
  for (const stored of await insertNotifications(uow.tx, inputs)) uow.toUser(stored.userId, 'notification', stored);
}
