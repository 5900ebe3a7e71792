/**
 * The names of the event streams and of a player's Socket.IO room. Kept apart from the events'
 * schemas (events.ts), so the web app can open its live connection without loading zod.
 */
export const userStream = (userId: number) => `user:${userId}` as const;
export const ADMINS_STREAM = 'admins';

/** The Socket.IO room of a player's sockets, for the one live-only event (`chat:delta`). */
export const userRoom = (userId: number) => `user:${userId}` as const;

/**
 * The Socket.IO room of a battle's spectators (signed in or not): its live-only `battle:watched`
 * snapshots and `battle:watchers` counts.
 */
export const battleRoom = (battleId: number) => `battle:${battleId}` as const;
