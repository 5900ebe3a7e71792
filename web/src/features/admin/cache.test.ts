import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type AdminUser, asUserId, type Pog } from '@pog/common';
import { makePog } from '../pogs/testPog';
import { applyAdminUser, applyLiveModerationEvent, applyLiveUserEvent, forgetAdminData } from './cache';
import { adminStatusKey, adminUsersKey, allPogsKey, flaggedKey, isAdminDataKey } from './keys';

const ids = (client: QueryClient, key: readonly unknown[]) => client.getQueryData<Pog[]>(key)?.map((pog) => pog.id);

describe('the admin caches', () => {
  it('moves a live event into the flagged list and every matching All POGs search', () => {
    const client = new QueryClient();
    client.setQueryData(flaggedKey, [makePog({ id: 2, isFlagged: true })]);
    client.setQueryData(allPogsKey(''), [makePog({ id: 2 })]);
    client.setQueryData(allPogsKey('sh1t'), []);
    client.setQueryData(allPogsKey('sunset'), []);

    const flagged = makePog({ id: 5, name: 'Sh1t happens', isFlagged: true });
    applyLiveModerationEvent(client, { action: 'flagged', pog: flagged });
    expect(ids(client, flaggedKey)).toEqual([5, 2]);
    expect(ids(client, allPogsKey(''))).toEqual([5, 2]);
    expect(ids(client, allPogsKey('sh1t'))).toEqual([5]);
    expect(ids(client, allPogsKey('sunset'))).toEqual([]);

    applyLiveModerationEvent(client, { action: 'rejected', pog: { ...flagged, moderationStatus: 'rejected' } });
    expect(ids(client, flaggedKey)).toEqual([2]);
    expect(ids(client, allPogsKey(''))).toEqual([5, 2]);
  });

  it('ignores a payload that is not a queue event', () => {
    const client = new QueryClient();
    client.setQueryData(flaggedKey, []);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    applyLiveModerationEvent(client, { action: 'banned', pog: makePog() });
    applyLiveModerationEvent(client, { action: 'flagged', pog: { id: 1 } });
    expect(ids(client, flaggedKey)).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it("follows another admin's ban live, and ignores a malformed one", () => {
    const client = new QueryClient();
    const eve: AdminUser = { id: asUserId(4), username: 'eve', role: 'user', isBanned: false, banReason: null, lastModeratedAt: null };
    client.setQueryData(adminUsersKey, [eve]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    applyLiveUserEvent(client, { action: 'banned', user: { id: 4, username: 'eve' } });
    expect(client.getQueryData<AdminUser[]>(adminUsersKey)).toEqual([eve]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    const banned = { ...eve, isBanned: true, banReason: 'spam', lastModeratedAt: '2024-01-01T00:00:00.000Z' };
    applyLiveUserEvent(client, { action: 'banned', user: banned });
    expect(client.getQueryData<AdminUser[]>(adminUsersKey)).toEqual([banned]);
  });

  it('writes a moderated player into the Users table', () => {
    const client = new QueryClient();
    const bob: AdminUser = { id: asUserId(3), username: 'bob', role: 'user', isBanned: false, banReason: null, lastModeratedAt: null };
    client.setQueryData(adminUsersKey, [bob]);
    applyAdminUser(client, { ...bob, isBanned: true, banReason: 'spam', lastModeratedAt: '2024-01-01T00:00:00.000Z' });
    expect(client.getQueryData<AdminUser[]>(adminUsersKey)?.[0]).toMatchObject({ isBanned: true, banReason: 'spam' });
  });

  it('adds a new sign-up to the end of the Users table live, once', () => {
    const client = new QueryClient();
    const bob: AdminUser = { id: asUserId(3), username: 'bob', role: 'user', isBanned: false, banReason: null, lastModeratedAt: null };
    client.setQueryData(adminUsersKey, [bob]);
    const newcomer: AdminUser = { ...bob, id: asUserId(9), username: 'newcomer' };
    applyLiveUserEvent(client, { action: 'registered', user: newcomer });
    applyLiveUserEvent(client, { action: 'registered', user: newcomer });
    expect(client.getQueryData<AdminUser[]>(adminUsersKey)?.map((u) => u.username)).toEqual(['bob', 'newcomer']);
  });

  it('forgets the panel data at logout but not the session status', () => {
    const client = new QueryClient();
    client.setQueryData(flaggedKey, []);
    client.setQueryData(adminStatusKey, { authenticated: true });
    forgetAdminData(client);
    expect(client.getQueryData(flaggedKey)).toBeUndefined();
    expect(client.getQueryData(adminStatusKey)).toEqual({ authenticated: true });
    expect(isAdminDataKey(['/api/admin/users'])).toBe(true);
    expect(isAdminDataKey(['/api/administrators'])).toBe(false);
  });
});
