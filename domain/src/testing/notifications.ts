import { asNotificationId, asUserId } from '@pog/common/schemas/ids';
import type { Notification } from '@pog/common/schemas/notifications';

/**
 * A notification that satisfies its schema, numbered by `id`: for tests that record durable events
 * straight through a unit of work (which checks every payload against its contract under test).
 */
export function testNotification(userId: number, id: number): Notification {
  return { id: asNotificationId(id), userId: asUserId(userId), kind: 'welcome', title: `Test ${id}`, body: 'A test notification.', link: null, read: false, createdAt: new Date(0).toISOString() };
}
