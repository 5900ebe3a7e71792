/**
 * The bell's data lives in the query cache under the API path; live `notification` events are
 * written into that same cache, so the list and the unread count never disagree.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, type Notification, type NotificationList, type NotificationsRead } from '@pog/common';
import { routeKey } from '../../api/client';

export const NOTIFICATIONS_KEY = routeKey(apiPaths.notifications.list);

/** Adds a notification pushed over the socket (newest first); a repeat delivery changes nothing. */
export function withLiveNotification(list: NotificationList, notification: Notification): NotificationList {
  if (list.items.some((item) => item.id === notification.id)) return list;
  return {
    items: [notification, ...list.items],
    unreadCount: list.unreadCount + (notification.read ? 0 : 1),
  };
}

/**
 * Marks the given notifications (or all of them) read. The list holds only the newest ones, so the
 * count drops by those it marked (or to 0 for all), never to what the list alone shows.
 */
export function withRead(list: NotificationList, ids?: readonly number[]): NotificationList {
  const marks = (item: Notification) => !item.read && (!ids || ids.includes(item.id));
  const marked = list.items.filter(marks).length;
  const items = list.items.map((item) => (marks(item) ? { ...item, read: true } : item));
  return { items, unreadCount: ids ? Math.max(0, list.unreadCount - marked) : 0 };
}

/** `notifications:read` from any tab of the player: the marks, and the server's count after them. */
export function withReadEvent(list: NotificationList, event: NotificationsRead): NotificationList {
  return { ...withRead(list, event.ids ?? undefined), unreadCount: event.unreadCount };
}

export function applyLiveRead(queryClient: QueryClient, event: NotificationsRead): void {
  const current = queryClient.getQueryData(NOTIFICATIONS_KEY);
  if (current) queryClient.setQueryData(NOTIFICATIONS_KEY, withReadEvent(current, event));
}

export function addLiveNotification(queryClient: QueryClient, notification: Notification): void {
  const current = queryClient.getQueryData(NOTIFICATIONS_KEY);
  if (!current) {
    // Nothing loaded yet: the fetch that is (or will be) under way already includes it.
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    return;
  }
  queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, withLiveNotification(current, notification));
}
