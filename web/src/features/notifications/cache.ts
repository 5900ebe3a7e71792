/**
 * The bell's data lives in the query cache under the API path; live `notification` events are
 * written into that same cache, so the list and the unread count never disagree.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@pog/common';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

/** Adds a notification pushed over the socket (newest first); a repeat delivery changes nothing. */
export function withLiveNotification(list: NotificationList, notification: Notification): NotificationList {
  if (list.items.some((item) => item.id === notification.id)) return list;
  return {
    items: [notification, ...list.items],
    unreadCount: list.unreadCount + (notification.read ? 0 : 1),
  };
}

/** Marks the given notifications (or all of them) read. */
export function withRead(list: NotificationList, ids?: readonly number[]): NotificationList {
  const marks = (item: Notification) => !ids || ids.includes(item.id);
  const items = list.items.map((item) => (marks(item) && !item.read ? { ...item, read: true } : item));
  return { items, unreadCount: items.filter((item) => !item.read).length };
}

export function addLiveNotification(queryClient: QueryClient, notification: Notification): void {
  const current = queryClient.getQueryData<NotificationList>(NOTIFICATIONS_KEY);
  if (!current) {
    // Nothing loaded yet: the fetch that is (or will be) under way already includes it.
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    return;
  }
  queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, withLiveNotification(current, notification));
}
