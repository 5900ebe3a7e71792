/**
 * Query keys of the trade screens. As everywhere in the app, the first element is the URL the
 * default query function GETs.
 */
export const TRADES_PATH = '/api/trades';

export const pendingTradesKey = (userId: number) => [`${TRADES_PATH}/pending/${userId}`] as const;
export const tradeHistoryKey = (userId: number) => [`${TRADES_PATH}/history/${userId}`] as const;
