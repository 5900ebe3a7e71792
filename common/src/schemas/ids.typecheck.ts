/**
 * Compile-time checks of the id types (tsc runs this file; nothing to execute): ids of different
 * kinds do not mix, and a plain number is not an id until named one.
 */
import { asBattleId, asPogId, asUserId, type BattleId, type PogId, type UserId } from './ids';

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
