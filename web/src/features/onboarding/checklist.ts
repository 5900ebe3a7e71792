/**
 * A new player's first steps: design a POG, send a trade offer, fight a battle. Each is done once
 * the player's stats say so; the list can be dismissed for good (per player, in this browser).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UserId, UserStats } from '@pog/common';
import { prefetchUserStats } from '../achievements/queries';

export interface FirstStep {
  id: 'design' | 'offer' | 'battle';
  label: string;
  hint: string;
  to: string;
  action: string;
  done: boolean;
}

export function firstSteps(stats: UserStats): FirstStep[] {
  return [
    { id: 'design', label: 'Design a POG', hint: 'Pick colours, words and a picture in the Creator Studio.', to: '/create', action: 'Open the studio', done: stats.creationCount > 0 },
    { id: 'offer', label: 'Send a trade offer', hint: "Offer one of your POGs for another player's.", to: '/trade', action: 'Go to the Trade Center', done: stats.offersSent > 0 },
    { id: 'battle', label: 'Fight a battle', hint: 'Challenge a player and risk a POG on the roll.', to: '/battle', action: 'Go to the Battle Arena', done: stats.battlesFought > 0 },
  ];
}

const storageKey = (userId: UserId) => `pog:first-steps-dismissed:${userId}`;

export function isChecklistDismissed(userId: UserId): boolean {
  try {
    return window.localStorage.getItem(storageKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function dismissChecklist(userId: UserId): void {
  try {
    window.localStorage.setItem(storageKey(userId), '1');
  } catch {
    // Storage refused (private mode): the list is hidden for this visit only.
  }
}

/** Asks for the stats the list needs, unless the player dismissed it. */
export function prefetchFirstSteps(queryClient: QueryClient, userId: UserId): void {
  if (!isChecklistDismissed(userId)) prefetchUserStats(queryClient, userId);
}
