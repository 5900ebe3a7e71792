/** `battle:created` and `battle:updated` from the socket: the Battle Arena updates at once for both players. */
import type { QueryClient } from '@tanstack/react-query';
import { BATTLE_STATUSES, type Battle } from '@pog/common';
import { reportError } from '../errors/showError';
import { applyBattleUpdate, knownCompleted } from './cache';
import { announceCompletion } from './reveal';

/** The socket contract types the payload; this guards against a server that says otherwise. */
export function looksLikeBattle(payload: unknown): payload is Battle {
  if (typeof payload !== 'object' || payload === null) return false;
  const battle = payload as Partial<Battle>;
  return (
    typeof battle.id === 'number' &&
    typeof battle.challengerId === 'number' &&
    typeof battle.defenderId === 'number' &&
    typeof battle.createdAt === 'string' &&
    typeof battle.challenger?.username === 'string' &&
    typeof battle.defender?.username === 'string' &&
    (BATTLE_STATUSES as readonly unknown[]).includes(battle.status)
  );
}

export function applyLiveBattle(queryClient: QueryClient, payload: unknown, viewerId: number): void {
  if (!looksLikeBattle(payload)) {
    reportError(new Error('Malformed battle event'), 'battle event payload');
    return;
  }
  const newlyCompleted = payload.status === 'completed' && !knownCompleted(queryClient, payload, viewerId);
  applyBattleUpdate(queryClient, payload, viewerId);
  if (newlyCompleted) announceCompletion(payload);
}
