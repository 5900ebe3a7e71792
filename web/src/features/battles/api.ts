/** The battle writes of spec section 7 (and issue 5): each answers with the battle as it now is. */
import type { Battle, CreateBattleRequest } from '@pog/common';
import { api } from '../../api/client';
import { BATTLES_PATH } from './keys';

export const sendChallenge = (request: CreateBattleRequest) => api.post<Battle>(BATTLES_PATH, request);

export const acceptChallenge = (battleId: number, defenderPogId: number) =>
  api.post<Battle>(`${BATTLES_PATH}/${battleId}/accept`, { defenderPogId });

export const declineChallenge = (battleId: number) => api.post<Battle>(`${BATTLES_PATH}/${battleId}/decline`);

export const cancelChallenge = (battleId: number) => api.post<Battle>(`${BATTLES_PATH}/${battleId}/cancel`);

/** Waits while the worker rolls; answers with the completed battle (rolls, rounds, revealed seed). */
export const completeBattle = (battleId: number) => api.post<Battle>(`${BATTLES_PATH}/${battleId}/complete`);
