/** The battle writes of the product spec (calls): each answers with the battle as it now is. */
import { apiPaths, type BattleId, type CreateBattleRequest, type PogId } from '@pog/common';
import { api } from '../../api/client';

export const sendChallenge = (request: CreateBattleRequest) => api(apiPaths.battles.create, { body: request });

/** With the defender's own seed for the rolls (none for a battle from before players gave seeds). */
export const acceptChallenge = (battleId: BattleId, defenderPogId: PogId, defenderSeed?: string) =>
  api(apiPaths.battles.accept, { params: { id: battleId }, body: defenderSeed === undefined ? { defenderPogId } : { defenderPogId, defenderSeed } });

export const declineChallenge = (battleId: BattleId) => api(apiPaths.battles.decline, { params: { id: battleId } });

export const cancelChallenge = (battleId: BattleId) => api(apiPaths.battles.cancel, { params: { id: battleId } });

/** Waits while the worker rolls; answers with the completed battle (rolls, rounds, revealed seed). */
export const completeBattle = (battleId: BattleId) => api(apiPaths.battles.complete, { params: { id: battleId } });
