import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type AdminUser, asUserId, type Pog } from '@pog/common';
import { makePog } from '../pogs/testPog';
import { applyAdminUser, applyLiveModerationEvent, applyLiveUserEvent, applyModerationEvent, forgetAdminData } from './cache';
import { adminStatusKey, adminUsersKey, allPogsKey, flaggedKey, isAdminDataKey } from './keys';
import { listItems, listTotal, type PagedList } from './paged';

/** A list as the cache holds it: one page of `items`, `total` matches in all, more after it when `more`. */
function cached<T extends { id: number }>(items: T[], total = items.length, more = false): PagedList<T> {
  return { pages: [{ items, total, nextCursor: more ? String(items.at(-1)?.id ?? 0) : null }], pageParams: [null] };
}

const read = <T,>(client: QueryClient, key: readonly unknown[]) => client.getQueryData<PagedList<T>>(key);
const ids = (client: QueryClient, key: readonly unknown[]) => listItems(read<Pog>(client, key)).map((pog) => pog.id);
const totalOf = (client: QueryClient, key: readonly unknown[]) => listTotal(read(client, key));

const bob: AdminUser = { id: asUserId(3), username: 'bob', role: 'user', isBanned: false, banReason: null, lastModeratedAt: null };

describe('the admin caches', () => {
  it('moves a live event into the flagged lists and every matching All POGs search, with the counts', () => {
    const client = new QueryClient();
    client.setQueryData(flaggedKey(''), cached([makePog({ id: 2, isFlagged: true })], 261, true));
    client.setQueryData(flaggedKey('sunset'), cached<Pog>([]));
    client.setQueryData(allPogsKey(''), cached([makePog({ id: 5, name: 'Sh1t happens' }), makePog({ id: 2 })], 500, true));
    client.setQueryData(allPogsKey('sh1t'), cached([makePog({ id: 5, name: 'Sh1t happens' })]));
    client.setQueryData(allPogsKey('sunset'), cached<Pog>([]));

    const flagged = makePog({ id: 5, name: 'Sh1t happens', isFlagged: true });
    applyLiveModerationEvent(client, { action: 'flagged', pog: flagged });
    expect(ids(client, flaggedKey(''))).toEqual([5, 2]);
    expect(totalOf(client, flaggedKey(''))).toBe(262);
    expect(ids(client, flaggedKey('sunset'))).toEqual([]);
    // Flagging does not add a POG to All POGs: it was there, and is shown flagged now.
    expect(ids(client, allPogsKey(''))).toEqual([5, 2]);
    expect(listItems(read<Pog>(client, allPogsKey('')))[0]?.isFlagged).toBe(true);
    expect(totalOf(client, allPogsKey(''))).toBe(500);
    expect(totalOf(client, allPogsKey('sh1t'))).toBe(1);

    applyLiveModerationEvent(client, { action: 'rejected', pog: { ...flagged, moderationStatus: 'rejected' } });
    expect(ids(client, flaggedKey(''))).toEqual([2]);
    expect(totalOf(client, flaggedKey(''))).toBe(261);

    applyLiveModerationEvent(client, { action: 'created', pog: makePog({ id: 9, name: 'Sh1t again' }) });
    expect(ids(client, allPogsKey(''))).toEqual([9, 5, 2]);
    expect(totalOf(client, allPogsKey(''))).toBe(501);
    expect(ids(client, allPogsKey('sh1t'))).toEqual([9, 5]);
    expect(totalOf(client, allPogsKey('sh1t'))).toBe(2);
    expect(ids(client, allPogsKey('sunset'))).toEqual([]);
    expect(totalOf(client, allPogsKey('sunset'))).toBe(0);
  });

  it("counts a bulk action once, whether its POGs arrive as the acting admin's result, as live events, or both", () => {
    const client = new QueryClient();
    const queue = [7, 6, 5, 4].map((id) => makePog({ id, isFlagged: true }));
    client.setQueryData(flaggedKey(''), cached(queue, 4));
    client.setQueryData(allPogsKey(''), cached(queue, 10, true));
    const decided = [7, 5, 4].map((id) => makePog({ id, isApproved: true, moderationStatus: 'approved' }));
    // The acting admin's answer, then the same decisions over the socket (the outbox delivers each one).
    for (const pog of decided) applyModerationEvent(client, { action: 'approved', pog });
    for (const pog of decided) applyLiveModerationEvent(client, { action: 'approved', pog });
    expect(ids(client, flaggedKey(''))).toEqual([6]);
    expect(totalOf(client, flaggedKey(''))).toBe(1);
    expect(ids(client, allPogsKey(''))).toEqual([7, 6, 5, 4]);
    expect(totalOf(client, allPogsKey(''))).toBe(10);
    // A bulk delete after it: each POG leaves All POGs once, however often its event comes.
    const deleteAll = () => decided.forEach((pog) => applyLiveModerationEvent(client, { action: 'deleted', pog }));
    deleteAll();
    deleteAll();
    expect(ids(client, allPogsKey(''))).toEqual([6]);
    expect(totalOf(client, allPogsKey(''))).toBe(7);
  });

  it('fetches a list again when an event about a POG older than its loaded pages may change its count', async () => {
    const client = new QueryClient();
    const fetchFlagged = vi.fn(async () => ({ items: [makePog({ id: 2, isFlagged: true })], total: 260, nextCursor: '2' }));
    await client.prefetchInfiniteQuery({ queryKey: flaggedKey(''), queryFn: fetchFlagged, initialPageParam: null });
    client.setQueryData(allPogsKey(''), cached([makePog({ id: 2 })], 500, true));
    expect(fetchFlagged).toHaveBeenCalledTimes(1);
    applyLiveModerationEvent(client, { action: 'approved', pog: makePog({ id: 1, isApproved: true, moderationStatus: 'approved' }) });
    expect(client.getQueryState(flaggedKey(''))?.isInvalidated).toBe(true);
    // All POGs held the old POG already, unloaded: its count stands.
    expect(client.getQueryState(allPogsKey(''))?.isInvalidated).toBe(false);
    expect(totalOf(client, allPogsKey(''))).toBe(500);
  });

  it('keeps the queue ordered by reports right: a new count fetches it again, the newest-first queue updates in place', async () => {
    const client = new QueryClient();
    const reported = makePog({ id: 4, isFlagged: true, reportCount: 1 });
    const fetchRanked = vi.fn(async () => ({ items: [makePog({ id: 2, isFlagged: true, reportCount: 3 }), reported], total: 2, nextCursor: null }));
    await client.prefetchInfiniteQuery({ queryKey: flaggedKey('', 'reports'), queryFn: fetchRanked, initialPageParam: null });
    client.setQueryData(flaggedKey(''), cached([reported, makePog({ id: 2, isFlagged: true, reportCount: 3 })]));

    // A renaming leaves its place: written in where it is.
    applyLiveModerationEvent(client, { action: 'reported', pog: { ...reported, name: 'Renamed' } });
    expect(client.getQueryState(flaggedKey('', 'reports'))?.isInvalidated).toBe(false);
    expect(listItems(read<Pog>(client, flaggedKey('', 'reports'))).map((pog) => pog.name)).toEqual(['Blue', 'Renamed']);

    // Another report moves it up: the ranked queue is fetched again; the newest-first one shows the new count.
    applyLiveModerationEvent(client, { action: 'reported', pog: { ...reported, reportCount: 4 } });
    expect(client.getQueryState(flaggedKey('', 'reports'))?.isInvalidated).toBe(true);
    expect(listItems(read<Pog>(client, flaggedKey(''))).map((pog) => pog.reportCount)).toEqual([4, 3]);
  });

  it('ignores a payload that is not a queue event', () => {
    const client = new QueryClient();
    client.setQueryData(flaggedKey(''), cached<Pog>([]));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    applyLiveModerationEvent(client, { action: 'banned', pog: makePog() });
    applyLiveModerationEvent(client, { action: 'flagged', pog: { id: 1 } });
    expect(ids(client, flaggedKey(''))).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it("follows another admin's ban live, and ignores a malformed one", () => {
    const client = new QueryClient();
    const eve: AdminUser = { ...bob, id: asUserId(4), username: 'eve' };
    client.setQueryData(adminUsersKey(''), cached([eve]));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    applyLiveUserEvent(client, { action: 'banned', user: { id: 4, username: 'eve' } });
    expect(listItems(read<AdminUser>(client, adminUsersKey('')))).toEqual([eve]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    const banned = { ...eve, isBanned: true, banReason: 'spam', lastModeratedAt: '2024-01-01T00:00:00.000Z' };
    applyLiveUserEvent(client, { action: 'banned', user: banned });
    expect(listItems(read<AdminUser>(client, adminUsersKey('')))).toEqual([banned]);
    expect(totalOf(client, adminUsersKey(''))).toBe(1);
  });

  it('writes a moderated player into the Users table', () => {
    const client = new QueryClient();
    client.setQueryData(adminUsersKey(''), cached([bob]));
    applyAdminUser(client, { ...bob, isBanned: true, banReason: 'spam', lastModeratedAt: '2024-01-01T00:00:00.000Z' });
    expect(listItems(read<AdminUser>(client, adminUsersKey('')))[0]).toMatchObject({ isBanned: true, banReason: 'spam' });
  });

  it('adds a new sign-up to the top of the Users table live, once, and counts it in the searches it matches', () => {
    const client = new QueryClient();
    client.setQueryData(adminUsersKey(''), cached([bob], 302, true));
    client.setQueryData(adminUsersKey('new'), cached<AdminUser>([]));
    client.setQueryData(adminUsersKey('bob'), cached([bob]));
    const newcomer: AdminUser = { ...bob, id: asUserId(9), username: 'newcomer' };
    applyLiveUserEvent(client, { action: 'registered', user: newcomer });
    applyLiveUserEvent(client, { action: 'registered', user: newcomer });
    expect(listItems(read<AdminUser>(client, adminUsersKey(''))).map((u) => u.username)).toEqual(['newcomer', 'bob']);
    expect(totalOf(client, adminUsersKey(''))).toBe(303);
    expect(totalOf(client, adminUsersKey('new'))).toBe(1);
    expect(totalOf(client, adminUsersKey('bob'))).toBe(1);
  });

  it('forgets the panel data at logout but not the session status', () => {
    const client = new QueryClient();
    client.setQueryData(flaggedKey(''), cached<Pog>([]));
    client.setQueryData(adminStatusKey, { authenticated: true });
    forgetAdminData(client);
    expect(client.getQueryData(flaggedKey(''))).toBeUndefined();
    expect(client.getQueryData(adminStatusKey)).toEqual({ authenticated: true });
    expect(isAdminDataKey(['/api/admin/users'])).toBe(true);
    expect(isAdminDataKey(['/api/administrators'])).toBe(false);
  });
});
