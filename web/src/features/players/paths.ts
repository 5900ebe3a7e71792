import { asUserId, type UserId } from '@pog/common';
/** Where a player's public page lives: /explore-user?id={userId} (product spec: screens route table). */
export const PLAYER_PAGE_PATH = '/explore-user';

export const playerPath = (userId: UserId) => `${PLAYER_PAGE_PATH}?id=${userId}`;

/**
 * The player id named by the page's `?id=`, or null when it is missing or not a positive whole
 * number (the page then shows the player picker instead of asking the API for nonsense).
 */
export function playerIdFromParam(param: string | null): UserId | null {
  if (param === null || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? asUserId(id) : null;
}
