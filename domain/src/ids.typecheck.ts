/**
 * Compile-time checks of the id types where the server passes them (tsc runs this file; nothing to
 * execute): repositories, row locks, job payloads, events and the database columns take typed ids,
 * so swapped or mistaken arguments do not compile. Every `@ts-expect-error` below fails the
 * typecheck if the brands are removed, because the line then compiles.
 */
import { asBattleId, asNotificationId, asPogId, asTradeId, asUserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from './db/client';
import type { TradeRow } from './db/schema';
import type { JobPayload } from './jobs/definitions';
import { findBattleRow, lockBattleRow, openBattlesOf } from './battles/repository';
import { lockActor, lockPlayers } from './moderation/player-locks';
import { markNotificationsRead } from './notifications/repository';
import type { UnitOfWork } from './outbox/unit-of-work';
import { lockPogs } from './pogs/locks';
import { findPog, findPogs } from './pogs/repository';
import { historyOf } from './provenance/history';
import { pendingTradesOf } from './trades/repository';
import { assertUnderDailyLimit, lockTrade } from './trades/rules';
import { findUserById } from './users/repository';

declare const db: Db;
declare const tx: Tx;
declare const uow: UnitOfWork;

const user = asUserId(1);
const pog = asPogId(2);
const trade = asTradeId(3);
const battle = asBattleId(4);
const now = new Date();

export async function repositoriesTakeTheirOwnIds(): Promise<void> {
  await findUserById(db, user);
  await findPog(db, pog);
  await findPogs(db, [pog]);
  await pendingTradesOf(db, user);
  await openBattlesOf(db, user);
  await findBattleRow(db, battle);
  await historyOf(db, pog);
  // @ts-expect-error a POG id is not a user id
  await findUserById(db, pog);
  // @ts-expect-error a user id is not a POG id
  await findPog(db, user);
  // @ts-expect-error a trade id is not a battle id
  await findBattleRow(db, trade);
  // @ts-expect-error a battle id is not a POG id
  await historyOf(db, battle);
  // @ts-expect-error a plain number is not an id until named one
  await pendingTradesOf(db, 1);
  // @ts-expect-error notification ids are their own kind
  await markNotificationsRead(db, user, [pog], now);
  await markNotificationsRead(db, user, [asNotificationId(5)], now);
}

export async function locksTakeTheirOwnIds(): Promise<void> {
  await lockTrade(tx, trade);
  await lockBattleRow(tx, battle);
  await lockPogs(tx, [pog, null]);
  await lockActor(tx, user, 'share', [asUserId(6)]);
  await lockPlayers(tx, [{ id: user, mode: 'limits' }]);
  await assertUnderDailyLimit(tx, user, now);
  // @ts-expect-error lockTrade(tx, battleId): a battle id where the trade id goes
  await lockTrade(tx, battle);
  // @ts-expect-error lockBattleRow(tx, tradeId)
  await lockBattleRow(tx, trade);
  // @ts-expect-error POGs are locked by POG id, not by their owner's
  await lockPogs(tx, [user]);
  // @ts-expect-error the acting player is a user id, not a POG id
  await lockActor(tx, pog);
  // @ts-expect-error the other players are user ids too
  await lockActor(tx, user, 'share', [pog]);
  // @ts-expect-error a player's row is locked by user id
  await lockPlayers(tx, [{ id: 7, mode: 'share' }]);
  const locked = await lockPogs(tx, [pog]);
  // @ts-expect-error the map the lock answers is keyed by POG id
  locked.get(user);
}

export function jobPayloadsTakeTheirOwnIds(): void {
  const resolve: JobPayload<'battle.resolve'> = { battleId: battle, actorId: user };
  const score: JobPayload<'pog.score'> = { pogId: pog, version: 1 };
  const welcome: JobPayload<'user.welcome'> = { userId: user };
  const check: JobPayload<'achievements.check'> = { userIds: [user] };
  // @ts-expect-error battleId and actorId swapped
  const swapped: JobPayload<'battle.resolve'> = { battleId: user, actorId: battle };
  // @ts-expect-error a trade id where the POG id goes
  const wrongPog: JobPayload<'pog.score'> = { pogId: trade, version: 1 };
  // @ts-expect-error a plain number is not a user id
  const plain: JobPayload<'user.welcome'> = { userId: 8 };
  // @ts-expect-error the players to check are user ids
  const pogsAsPlayers: JobPayload<'achievements.check'> = { userIds: [pog] };
  uow.enqueue('battle.resolve', { battleId: battle, actorId: null });
  // @ts-expect-error a POG id where the battle id goes
  uow.enqueue('battle.resolve', { battleId: pog, actorId: null });
  void [resolve, score, welcome, check, swapped, wrongPog, plain, pogsAsPlayers];
}

export function eventsAndColumnsTakeTheirOwnIds(row: TradeRow): void {
  uow.toUser(row.fromUserId, 'session:revoked', { reason: 'test' });
  uow.revokeUser(user, 'test');
  // @ts-expect-error a trade's id is not a user to send an event to
  uow.toUser(row.id, 'session:revoked', { reason: 'test' });
  // @ts-expect-error nor is a POG id
  uow.revokeUser(pog, 'test');
  const tradeId: typeof trade = row.id;
  // @ts-expect-error the offered POG's column is a POG id, not a user id
  const owner: typeof user = row.offerPogId!;
  void [tradeId, owner];
}
