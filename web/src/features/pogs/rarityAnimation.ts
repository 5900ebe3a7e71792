/**
 * The shimmer of a rare POG (product spec: limits): every N seconds by rarity, lasting 2 s. One CSS
 * animation does it: it runs for the whole period and only moves during its first 2 seconds.
 */
import { DISPLAY, type Rarity } from '@pog/common';

export interface RarityAnimation {
  periodSeconds: number;
  /** Where in the period (percent) the shimmer ends and the rest begins. */
  activeUntilPercent: number;
}

/** Null for common POGs, which do not shimmer. */
export function rarityAnimation(rarity: Rarity): RarityAnimation | null {
  const period = DISPLAY.rarityAnimationSeconds[rarity];
  if (!period) return null;
  const active = Math.min(period, DISPLAY.rarityAnimationDurationSeconds);
  return { periodSeconds: period, activeUntilPercent: Number(((active / period) * 100).toFixed(2)) };
}
