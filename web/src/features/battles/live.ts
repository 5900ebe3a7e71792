/** `battle:created` and `battle:updated` from the socket: the Battle Arena updates at once for both players. */
import type { QueryClient } from '@tanstack/react-query';
import { battleSchema, type UserId } from '@pog/common';
import { reportError } from '../errors/showError';
import { applyBattleUpdate, knownCompleted } from './cache';
import { announceCompletion } from './reveal';

/** The payload is parsed with the contract's schema, the one the HTTP answers are checked against. */
export function applyLiveBattle(queryClient: QueryClient, payload: unknown, viewerId: UserId): void {
  const parsed = battleSchema.safeParse(payload);
  if (!parsed.success) {
    reportError(new Error('Malformed battle event'), 'battle event payload');
    return;
  }
  const battle = parsed.data;
  const newlyCompleted = battle.status === 'completed' && !knownCompleted(queryClient, battle, viewerId);
  applyBattleUpdate(queryClient, battle, viewerId);
  if (newlyCompleted) announceCompletion(battle);
}
