/**
 * Query keys of the Battle Arena. As everywhere in the app, the first element is the URL the
 * default query function GETs.
 */
export const BATTLES_PATH = '/api/battles';

/** Your open battles: pending and accepted ("My Battles" / "Pending Battles"). */
export const pendingBattlesKey = (userId: number) => [`${BATTLES_PATH}/pending/${userId}`] as const;
/** Your finished battles: completed, declined, cancelled, expired. */
export const battleHistoryKey = (userId: number) => [`${BATTLES_PATH}/history/${userId}`] as const;
export const battleKey = (battleId: number) => [`${BATTLES_PATH}/${battleId}`] as const;
