/** The battle writes of the product spec (calls): each answers with the battle as it now is. */
import { apiPaths, type CreateBattleRequest } from '@pog/common';
import { api } from '../../api/client';

export const sendChallenge = (request: CreateBattleRequest) => api(apiPaths.battles.create, { body: request });

export const acceptChallenge = (battleId: number, defenderPogId: number) => api(apiPaths.battles.accept, { params: { id: battleId }, body: { defenderPogId } });

export const declineChallenge = (battleId: number) => api(apiPaths.battles.decline, { params: { id: battleId } });

export const cancelChallenge = (battleId: number) => api(apiPaths.battles.cancel, { params: { id: battleId } });

/** Waits while the worker rolls; answers with the completed battle (rolls, rounds, revealed seed). */
export const completeBattle = (battleId: number) => api(apiPaths.battles.complete, { params: { id: battleId } });
