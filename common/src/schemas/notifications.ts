import { z } from 'zod';
import { idSchema, notificationIdField, userIdField } from './ids';

export const NOTIFICATION_KINDS = [
  'welcome',
  'trade.offered',
  'trade.accepted',
  'trade.rejected',
  'trade.cancelled',
  'trade.expired',
  'trade.countered',
  'battle.challenged',
  'battle.accepted',
  'battle.declined',
  'battle.cancelled',
  'battle.completed',
  'battle.expired',
  'achievement.completed',
  'pog.scored',
  'pog.flagged',
  'pog.approved',
  'pog.rejected',
  'pog.deleted',
  'report.resolved',
  'user.banned',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: notificationIdField(),
  userId: userIdField(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the web app the notification points to, e.g. "/trade". */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The `notifications:read` event: which were marked read (null: all of them) and the unread count after it. */
export const notificationsReadSchema = z.object({ ids: z.array(notificationIdField()).nullable(), unreadCount: z.number().int() });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/** POST /api/notifications/read: no ids marks everything read. */
export const markReadRequestSchema = z.object({
  ids: z.array(idSchema('Each notification id').brand<'NotificationId'>()).max(500, 'At most 500 notifications at a time').optional(),
});
