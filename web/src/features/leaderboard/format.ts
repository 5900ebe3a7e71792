/** How each board's figure reads (these screens are additions to the spec). */
import type { LeaderboardBoard, LeaderboardEntry } from '@pog/common';

export const BOARD_TEXT: Record<LeaderboardBoard, { tab: string; column: string; empty: string }> = {
  value: { tab: 'Collection value', column: 'Points held', empty: 'No one holds a scored POG yet.' },
  wins: { tab: 'Battle wins', column: 'Wins', empty: 'No battles won yet.' },
  winRate: { tab: 'Win rate', column: 'Win rate', empty: 'No one has fought enough battles yet.' },
  trades: { tab: 'Trades', column: 'Trades completed', empty: 'No trades completed yet.' },
  designers: { tab: 'Designers', column: 'Points designed', empty: 'No scored designs yet.' },
};

export function formatFigure(board: LeaderboardBoard, entry: Pick<LeaderboardEntry, 'value'>): string {
  if (board === 'winRate') return `${(entry.value * 100).toFixed(1)}%`;
  return entry.value.toLocaleString('en');
}

/** Wins and battles, for the battle boards. */
export const formatRecord = (entry: Pick<LeaderboardEntry, 'wins' | 'battles'>) => `${entry.wins} of ${entry.battles}`;
