import { describe, expect, it } from 'vitest';
import { asNotificationId, asUserId, type Notification, type NotificationList } from '@pog/common';
import { withLiveNotification, withRead, withReadEvent } from './cache';

const note = (id: number, read = false): Notification => ({
  id: asNotificationId(id),
  userId: asUserId(1),
  kind: 'welcome',
  title: `Note ${id}`,
  body: 'Body',
  link: null,
  read,
  createdAt: '2024-01-01T00:00:00.000Z',
});

describe('notification cache updates', () => {
  const list: NotificationList = { items: [note(2), note(1, true)], unreadCount: 1 };

  it('puts a live notification first and counts it unread', () => {
    const next = withLiveNotification(list, note(3));
    expect(next.items.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(next.unreadCount).toBe(2);
  });

  it('ignores a notification delivered twice', () => {
    expect(withLiveNotification(list, note(2))).toBe(list);
  });

  it('marks everything, or only the given ids, read', () => {
    expect(withRead(list).unreadCount).toBe(0);
    const two = withRead({ items: [note(5), note(4)], unreadCount: 2 }, [4]);
    expect(two.items.map((item) => item.read)).toEqual([false, true]);
    expect(two.unreadCount).toBe(1);
  });

  it('keeps counting unread notifications beyond the ones the list holds', () => {
    // 7 unread on the server, 2 of them in the list.
    const partial: NotificationList = { items: [note(9), note(8), note(1, true)], unreadCount: 7 };
    expect(withRead(partial, [9, 8]).unreadCount).toBe(5);
    expect(withRead(partial, [9, 1]).unreadCount).toBe(6);
    expect(withRead(partial).unreadCount).toBe(0);
  });

  it('takes the count another tab\'s marking left, marking what it names', () => {
    const partial: NotificationList = { items: [note(9), note(8)], unreadCount: 7 };
    const one = withReadEvent(partial, { ids: [asNotificationId(9)], unreadCount: 6 });
    expect(one.items.map((item) => item.read)).toEqual([true, false]);
    expect(one.unreadCount).toBe(6);
    const all = withReadEvent(partial, { ids: null, unreadCount: 0 });
    expect(all.items.every((item) => item.read)).toBe(true);
    expect(all.unreadCount).toBe(0);
  });
});
