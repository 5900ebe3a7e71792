import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asBattleId, asUserId, type Battle, type Pog } from '@pog/common';
import { userPogsKey } from '../pogs/keys';
import { makePog } from '../pogs/testPog';
import { applyBattleUpdate, knownCompleted, withClosedBattle, withOpenBattle } from './cache';
import { battleHistoryKey, battleKey, pendingBattlesKey } from './keys';
import { makeBattle, makeCompletedBattle } from './testBattle';

describe('withOpenBattle', () => {
  it('adds a new challenge newest first, refreshes a known one, and drops a finished one', () => {
    const old = makeBattle({ id: 1, createdAt: '2024-05-01T10:00:00.000Z' });
    const fresh = makeBattle({ id: 2, createdAt: '2024-05-01T11:00:00.000Z' });
    expect(withOpenBattle([old], fresh).map((b) => b.id)).toEqual([2, 1]);
    expect(withOpenBattle([fresh, old], { ...old, status: 'accepted' }).find((b) => b.id === 1)?.status).toBe('accepted');
    expect(withOpenBattle([fresh, old], { ...old, status: 'declined' }).map((b) => b.id)).toEqual([2]);
  });
});

describe('withClosedBattle', () => {
  it('puts a battle that just finished first, once, and never an open one', () => {
    const earlier = makeBattle({ id: 1, status: 'cancelled' });
    const done = makeCompletedBattle({ id: 2 });
    expect(withClosedBattle([earlier], done).map((b) => b.id)).toEqual([2, 1]);
    expect(withClosedBattle([done, earlier], done)).toHaveLength(2);
    expect(withClosedBattle([earlier], makeBattle({ id: 3 }))).toEqual([earlier]);
  });
});

describe('applyBattleUpdate', () => {
  it('moves a completed battle from the open list to the history and gives the prize POG to the winner', () => {
    const client = new QueryClient();
    const accepted = makeBattle({ status: 'accepted', defenderPogId: 2 });
    const tide = makePog({ id: 2, userId: 8, username: 'bob', name: 'Tide' });
    client.setQueryData(pendingBattlesKey(asUserId(8)), [accepted]);
    client.setQueryData(battleHistoryKey(asUserId(8)), []);
    client.setQueryData(userPogsKey(asUserId(7)), [accepted.challengerPog]);
    client.setQueryData(userPogsKey(asUserId(8)), [tide]);

    const completed = makeCompletedBattle();
    expect(knownCompleted(client, completed, asUserId(8))).toBe(false);
    applyBattleUpdate(client, completed, asUserId(8));

    expect(client.getQueryData<Battle[]>(pendingBattlesKey(asUserId(8)))).toEqual([]);
    expect(client.getQueryData<Battle[]>(battleHistoryKey(asUserId(8)))?.map((b) => b.id)).toEqual([1]);
    expect(client.getQueryData<Battle>(battleKey(asBattleId(1)))?.status).toBe('completed');
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(7)))?.map((p) => p.name).sort()).toEqual(['Ember', 'Tide']);
    expect(client.getQueryData<Pog[]>(userPogsKey(asUserId(8)))).toEqual([]);
    expect(knownCompleted(client, completed, asUserId(8))).toBe(true);
  });

  it('ignores a battle the viewer is not in, and leaves lists that were never loaded alone', () => {
    const client = new QueryClient();
    applyBattleUpdate(client, makeBattle(), asUserId(9));
    expect(client.getQueryData(battleKey(asBattleId(1)))).toBeUndefined();
    applyBattleUpdate(client, makeBattle(), asUserId(8));
    expect(client.getQueryData(pendingBattlesKey(asUserId(8)))).toBeUndefined();
    expect(client.getQueryData<Battle>(battleKey(asBattleId(1)))?.status).toBe('pending');
  });
});
