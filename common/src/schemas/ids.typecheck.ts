/**
 * Compile-time checks of the id types (tsc runs this file; nothing to execute): ids of different
 * kinds do not mix, a plain number is not an id until named one, and what the schemas parse (events,
 * route params, request bodies) comes out typed. The server's repositories, locks and job payloads
 * are checked the same way in domain/src/ids.typecheck.ts.
 */
import type { z } from 'zod';
import { durableEventSchemas } from '../events';
import { acceptBattleRequestSchema } from '../battles/api';
import { createTradeRequestSchema } from '../trades/api';
import { asBattleId, asPogId, asUserId, battleIdParamSchema, tradeIdParamSchema, type BattleId, type PogId, type TradeId, type UserId } from './ids';

declare function accept(battleId: BattleId, userId: UserId, defenderPogId: PogId): void;

export function idTypesDoNotMix(): void {
  const battle = asBattleId(1);
  const user = asUserId(2);
  const pog = asPogId(3);
  accept(battle, user, pog);
  // @ts-expect-error a user id where the battle id goes: swapped arguments do not compile
  accept(user, battle, pog);
  // @ts-expect-error a POG id is not a user id
  accept(battle, pog, pog);
  // @ts-expect-error a plain number is not an id until named one
  accept(1, user, pog);
  // An id is still a number wherever a number goes.
  const sum: number = battle + user;
  void sum;
}

declare function answerTrade(tradeId: TradeId, actorId: UserId): void;

export function parsedIdsAreTyped(raw: unknown): void {
  const trade = durableEventSchemas['trade:updated'].parse(raw);
  const battle = durableEventSchemas['battle:updated'].parse(raw);
  answerTrade(trade.id, trade.toUserId);
  // @ts-expect-error an event's trade id and user id swapped
  answerTrade(trade.toUserId, trade.id);
  // @ts-expect-error a battle's id is not a trade's
  answerTrade(battle.id, trade.toUserId);
  accept(battle.id, battle.defenderId, battle.challengerPogId!);
  // @ts-expect-error the POG and the player swapped
  accept(battle.id, battle.challengerPogId!, battle.defenderId);
  const params: z.infer<typeof tradeIdParamSchema> = tradeIdParamSchema.parse(raw);
  answerTrade(params.id, trade.fromUserId);
  // @ts-expect-error a battle route's :id is a battle id
  answerTrade(battleIdParamSchema.parse(raw).id, trade.fromUserId);
  const offer = createTradeRequestSchema.parse(raw);
  // @ts-expect-error a request's POG id is not its sender
  answerTrade(trade.id, offer.offerPogId);
  accept(battle.id, offer.fromUserId, acceptBattleRequestSchema.parse(raw).defenderPogId);
}
