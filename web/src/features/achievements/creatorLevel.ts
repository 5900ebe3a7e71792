import { LIMITS } from '@pog/common';

/** Creator level progress (product spec: limits): creations divided by 20, in whole percent, capped at 100. */
export const creatorLevelPercent = (creations: number) => Math.min(100, Math.floor((creations / LIMITS.creatorLevelCreations) * 100));
